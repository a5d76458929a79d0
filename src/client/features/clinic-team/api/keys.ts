import { queryOptions } from '@tanstack/react-query';
import type { ClinicTeamResponse } from '../../../../shared/schemas/clinic-team';
import { apiFetch } from '../../../lib/api';

// The clinic team's queries, as factories (docs/decisions/067); a leaf any domain may import to read or invalidate them.

const TEAM = ['clinic', 'team'] as const;

export const clinicTeamQueries = {
  teamKey: TEAM,
  /** GET /api/clinic/team (owner, manager): the owner first, then the members (docs/decisions/072-clinic-team.md). */
  team: () => queryOptions({ queryKey: TEAM, queryFn: () => apiFetch<ClinicTeamResponse>('/api/clinic/team').then((r) => r.members) }),
};
