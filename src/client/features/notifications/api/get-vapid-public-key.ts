import { apiFetch } from '../../../lib/api';

/** GET /api/push/vapid-public-key: the server's key a browser push subscription is made for. */
export async function getVapidPublicKey(): Promise<string> {
  return (await apiFetch<{ publicKey: string }>('/api/push/vapid-public-key')).publicKey;
}
