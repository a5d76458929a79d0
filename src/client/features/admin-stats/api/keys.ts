import { queryOptions } from '@tanstack/react-query';
import type { AdminAnalytics, AdminStats } from '../../../../shared/schemas/admin';
import { adminFetch, adminQueryDefaults } from '../../admin-shared/api/admin-fetch';

// The counts' queries, as factories (docs/decisions/067).

export const adminStatsQueries = {
  /** GET /api/admin/stats: the four cards and the system health. */
  stats: () => queryOptions({ ...adminQueryDefaults, queryKey: ['admin', 'stats'] as const, queryFn: () => adminFetch<AdminStats>('/api/admin/stats') }),
  /** GET /api/admin/analytics: overview, subscription split and the chart series. */
  analytics: () =>
    queryOptions({ ...adminQueryDefaults, queryKey: ['admin', 'analytics'] as const, queryFn: () => adminFetch<AdminAnalytics>('/api/admin/analytics') }),
};
