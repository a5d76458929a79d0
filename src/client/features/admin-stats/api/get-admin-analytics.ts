import { useQuery } from '@tanstack/react-query';
import type { AdminAnalytics } from '../../../../shared/schemas/admin';
import { adminFetch, adminQueryDefaults } from '../../admin-shared/api/admin-fetch';
import { adminKeys } from '../../admin-shared/api/keys';

/** GET /api/admin/analytics: overview, subscription split and the chart series. */
export const getAdminAnalytics = () => adminFetch<AdminAnalytics>('/api/admin/analytics');

export function useAdminAnalytics() {
  return useQuery({ ...adminQueryDefaults, queryKey: adminKeys.analytics, queryFn: getAdminAnalytics });
}
