import { useQuery } from '@tanstack/react-query';
import type { ActiveNotificationResponse, AdminNotification } from '../../../../shared/schemas/admin';
import { adminFetch, adminQueryDefaults } from '../../admin-shared/api/admin-fetch';
import { adminKeys } from '../../admin-shared/api/keys';

/** GET /api/admin/notifications/active: the announcement the reps see now, or null. */
export const getActiveBroadcast = async (): Promise<AdminNotification | null> =>
  (await adminFetch<ActiveNotificationResponse>('/api/admin/notifications/active')).notification;

export function useActiveBroadcast() {
  return useQuery({ ...adminQueryDefaults, queryKey: adminKeys.activeBroadcast, queryFn: getActiveBroadcast });
}
