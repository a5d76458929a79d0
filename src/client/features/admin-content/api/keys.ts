import { queryOptions } from '@tanstack/react-query';
import type { ActiveNotificationResponse, AdminNotification } from '../../../../shared/schemas/admin';
import { adminFetch, adminQueryDefaults } from '../../admin-shared/api/admin-fetch';

// The broadcast's query, as a factory (docs/decisions/067).

export const adminContentQueries = {
  /** GET /api/admin/notifications/active: the announcement the reps see now, or null. */
  activeBroadcast: () =>
    queryOptions({
      ...adminQueryDefaults,
      queryKey: ['admin', 'active-broadcast'] as const,
      queryFn: async (): Promise<AdminNotification | null> => (await adminFetch<ActiveNotificationResponse>('/api/admin/notifications/active')).notification,
    }),
};
