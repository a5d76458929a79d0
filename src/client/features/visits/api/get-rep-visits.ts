import { useQuery } from '@tanstack/react-query';
import type { RepVisitsResponse } from '../../../../shared/schemas/visits';
import { apiFetch } from '../../../lib/api';
import { repVisitsKeyPrefix } from './keys';

export interface VisitRange {
  /** yyyy-mm-dd, inclusive */
  from: string;
  to: string;
}

const rangeQuery = ({ from, to }: VisitRange) => new URLSearchParams({ from, to }).toString();

/** GET /api/rep-visits?from=&to=: the rep's visits in the range with their outcome and check-in, newest first (docs/decisions/041). */
export async function getRepVisits(range: VisitRange): Promise<RepVisitsResponse> {
  return apiFetch<RepVisitsResponse>(`/api/rep-visits?${rangeQuery(range)}`);
}

/** GET /api/rep-visits.csv?from=&to=: the same visits as a CSV download (the session cookie goes with the link). */
export const repVisitsCsvUrl = (range: VisitRange) => `/api/rep-visits.csv?${rangeQuery(range)}`;

/** The Visit History of one range; `enabled` false while the chosen dates are not a valid range. */
export function useRepVisits(range: VisitRange, enabled = true) {
  return useQuery({
    queryKey: [...repVisitsKeyPrefix, range.from, range.to],
    queryFn: () => getRepVisits(range),
    enabled,
    retry: false,
    refetchOnWindowFocus: false,
    // Kept while another range loads, so the list does not blink empty between two choices.
    placeholderData: (previous) => previous,
  });
}
