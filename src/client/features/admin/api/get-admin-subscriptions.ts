import { useQuery } from '@tanstack/react-query';
import type { AdminSubscriptionsResponse } from '../../../../shared/schemas/admin';
import { adminFetch, adminQueryDefaults } from './admin-fetch';
import { adminKeys } from './admin-query-keys';

/** GET /api/admin/subscriptions */
export const getAdminSubscriptions = () => adminFetch<AdminSubscriptionsResponse>('/api/admin/subscriptions').then((r) => r.subscriptions);

export function useAdminSubscriptions() {
  return useQuery({ ...adminQueryDefaults, queryKey: adminKeys.subscriptions, queryFn: getAdminSubscriptions });
}
