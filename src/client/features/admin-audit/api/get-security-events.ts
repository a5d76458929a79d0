import { useInfiniteQuery } from '@tanstack/react-query';
import type { SecurityEventsResponse, ThreatLevel } from '../../../../shared/schemas/admin-team';
import { adminListOptions } from '../../admin-shared/api/admin-list-fetch';
import { adminKeys } from '../../admin-shared/api/keys';

export interface SecurityEventsFilter {
  type?: string;
  level?: ThreatLevel;
}

/** GET /api/admin/security-events?type&level: newest first, a page at a time; the first page brings the counts. */
export function useSecurityEvents(filter: SecurityEventsFilter) {
  return useInfiniteQuery(adminListOptions<SecurityEventsResponse>(adminKeys.securityEvents, '/api/admin/security-events', { ...filter }));
}
