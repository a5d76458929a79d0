import { apiFetch } from '../../../lib/api';
import type { VapidPublicKeyResponse } from '../../../../shared/schemas/notifications';

/** GET /api/push/vapid-public-key: the server's key a browser push subscription is made for. */
export async function getVapidPublicKey(): Promise<string> {
  return (await apiFetch<VapidPublicKeyResponse>('/api/push/vapid-public-key')).publicKey;
}
