import { useQuery } from '@tanstack/react-query';
import type { AdminMeResponse } from '../../../../shared/schemas/admin-team';
import { adminFetch, adminQueryDefaults } from '../../admin-shared/api/admin-fetch';
import { adminKeys } from '../../admin-shared/api/keys';

/** GET /api/admin/me: who is signed in and with which role (the single-password session is id 0, an owner). */
export const getAdminMe = (signal?: AbortSignal) => adminFetch<AdminMeResponse>('/api/admin/me', { signal });

export function useAdminMe() {
  return useQuery({ ...adminQueryDefaults, queryKey: adminKeys.me, queryFn: ({ signal }) => getAdminMe(signal), staleTime: 5 * 60_000 });
}
