import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminUsersFilter, AdminUsersResponse } from '../../../../shared/schemas/admin';
import { adminListOptions, listUrl } from '../../admin-shared/api/admin-list-fetch';
import { adminKeys } from '../../admin-shared/api/keys';

/** GET /api/admin/users?type&q, a page at a time; users.csv with the same filters is the export. */
export function useAdminUsers(filter: AdminUsersFilter) {
  return useInfiniteQuery(adminListOptions<AdminUsersResponse>(adminKeys.users, '/api/admin/users', filter));
}

export const adminUsersCsvUrl = (filter: AdminUsersFilter) => listUrl('/api/admin/users.csv', filter);
