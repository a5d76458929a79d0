import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '../../../../shared/schemas/common';
import { adminFetch } from '../../admin-shared/api/admin-fetch';
import { adminContentQueries } from './keys';

/** DELETE /api/admin/notifications/active: the reps' banner goes away (recorded as admin_broadcast_cleared). */
export const withdrawBroadcast = () => adminFetch<MessageResponse>('/api/admin/notifications/active', { method: 'DELETE' });

export function useWithdrawBroadcast() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: withdrawBroadcast, onSettled: () => qc.invalidateQueries({ queryKey: adminContentQueries.activeBroadcast().queryKey }) });
}
