import type { ClinicActivityResponse } from '../../../../shared/schemas/clinic-activity';
import { apiFetch } from '../../../lib/api';

// GET /api/clinic/activity?cursor=&limit=: one page of the signed-in clinic's Activity log (docs/decisions/075).

/** How many entries a page brings: a screenful on a phone, a few on a wide screen. */
export const ACTIVITY_PAGE_SIZE = 20;

export function fetchClinicActivity(o: { cursor?: string; signal?: AbortSignal }): Promise<ClinicActivityResponse> {
  const params = new URLSearchParams({ limit: String(ACTIVITY_PAGE_SIZE) });
  if (o.cursor) params.set('cursor', o.cursor);
  return apiFetch<ClinicActivityResponse>(`/api/clinic/activity?${params.toString()}`, { signal: o.signal });
}
