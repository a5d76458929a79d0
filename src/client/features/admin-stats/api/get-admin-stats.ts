import { useQuery } from '@tanstack/react-query';
import type { AdminStats } from '../../../../shared/schemas/admin';
import { adminFetch, adminQueryDefaults } from '../../admin-shared/api/admin-fetch';
import { adminKeys } from '../../admin-shared/api/keys';

/** GET /api/admin/stats: the four cards and the system health. */
export const getAdminStats = () => adminFetch<AdminStats>('/api/admin/stats');

export function useAdminStats() {
  return useQuery({ ...adminQueryDefaults, queryKey: adminKeys.stats, queryFn: getAdminStats });
}
