import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminTeamResponse } from '../../../../shared/schemas/admin-team';
import { adminListOptions } from '../../admin-shared/api/admin-list-fetch';
import { adminKeys } from '../../admin-shared/api/keys';

/** GET /api/admin/admins: the admin team, a page at a time (owners, and the single-password session). */
export function useAdminTeam({ enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...adminListOptions<AdminTeamResponse>(adminKeys.team, '/api/admin/admins', {}), enabled });
}
