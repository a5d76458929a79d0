import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BroadcastResponse } from '../../../../shared/schemas/admin';
import { adminFetch } from '../../admin-shared/api/admin-fetch';
import { adminContentQueries } from './keys';

/** POST /api/admin/notifications {message}: becomes the one announcement the reps see. */
export const sendNotification = (message: string) => adminFetch<BroadcastResponse>('/api/admin/notifications', { method: 'POST', body: { message } });

export function useSendNotification() {
  const qc = useQueryClient();
  // The new message replaces the current one: the 'Current Announcement' card shows it.
  return useMutation({ mutationFn: sendNotification, onSuccess: () => qc.invalidateQueries({ queryKey: adminContentQueries.activeBroadcast().queryKey }) });
}
