import { useQuery } from '@tanstack/react-query';
import type { AdminUsersResponse } from '../../../../shared/schemas/admin';
import { adminFetch, adminQueryDefaults } from './admin-fetch';
import { adminKeys } from './admin-query-keys';

/** GET /api/admin/users */
export const getAdminUsers = () => adminFetch<AdminUsersResponse>('/api/admin/users').then((r) => r.users);

export function useAdminUsers() {
  return useQuery({ ...adminQueryDefaults, queryKey: adminKeys.users, queryFn: getAdminUsers });
}
