import type { AdminTeamResponse } from '../../../../shared/schemas/admin-team';
import { adminListOptions } from '../../admin-shared/api/admin-list-fetch';

// The admin team's queries, as factories (docs/decisions/067); `teamKey` is every page of the team list.

const TEAM = ['admin', 'team'] as const;

export const adminTeamQueries = {
  teamKey: TEAM,
  /** GET /api/admin/admins: the admin team, a page at a time (owners, and the single-password session). */
  team: () => adminListOptions<AdminTeamResponse>(TEAM, '/api/admin/admins', {}),
};
