import { useMutation } from '@tanstack/react-query';
import type { BroadcastResponse } from '../../../../shared/schemas/admin';
import { adminFetch } from './admin-fetch';

/** POST /api/admin/notifications {message}: becomes the one announcement the reps see. */
export const sendNotification = (message: string) => adminFetch<BroadcastResponse>('/api/admin/notifications', { method: 'POST', body: { message } });

export function useSendNotification() {
  return useMutation({ mutationFn: sendNotification });
}
