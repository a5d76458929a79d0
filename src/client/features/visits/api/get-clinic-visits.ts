import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { ClinicVisitsResponse } from '../../../../shared/schemas/visits';
import { visitsKeys } from './keys';

export interface ClinicVisitsQuery {
  clinicId: number;
  /** absent: every doctor of the clinic */
  doctorId?: number;
  from: string;
  to: string;
}

/** The query string of the history and of its CSV twin, so the download is exactly the list shown. */
export function clinicVisitsSearch(q: ClinicVisitsQuery): string {
  const params = new URLSearchParams({ clinicId: String(q.clinicId) });
  if (q.doctorId !== undefined) params.set('doctorId', String(q.doctorId));
  params.set('from', q.from);
  params.set('to', q.to);
  return params.toString();
}

/** GET /api/clinic/visits?clinicId=&doctorId=&from=&to=: the visits of one date range, newest first (decision 041). */
export const getClinicVisits = (q: ClinicVisitsQuery) => apiFetch<ClinicVisitsResponse>(`/api/clinic/visits?${clinicVisitsSearch(q)}`);

/** `query` null: the range is not valid yet, nothing is asked. */
export function useClinicVisits(query: ClinicVisitsQuery | null) {
  return useQuery({
    queryKey: query ? visitsKeys.visits(query) : ['clinic', 'visits', 'none'],
    queryFn: () => getClinicVisits(query!),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}
