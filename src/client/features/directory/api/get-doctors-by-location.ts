import { useInfiniteQuery } from '@tanstack/react-query';
import type { DoctorOption, DoctorsResponse } from '../../../../shared/schemas/booking';
import { apiFetch } from '../../../lib/api';
import { withOfflineCache } from '../../../lib/offline-cache';
import { repQueryDefaults } from '../../../lib/rep-query-defaults';

/** Doctors asked for a page: past this many the list is long, and the picker offers a name search. */
export const DOCTOR_PAGE_SIZE = 50;

export interface DoctorsPage {
  doctors: DoctorOption[];
  nextCursor: string | null;
}

/** GET /api/doctors/locations?state=&city=&specialty=&q=&limit=&cursor=: a page of the bookable doctors, by name. */
export async function getDoctorsByLocation(o: { state: string; city: string; specialty: string; q: string; cursor?: string }): Promise<DoctorsPage> {
  const params = new URLSearchParams({ state: o.state, city: o.city, specialty: o.specialty, limit: String(DOCTOR_PAGE_SIZE) });
  if (o.q) params.set('q', o.q);
  if (o.cursor) params.set('cursor', o.cursor);
  const res = await withOfflineCache(`rep:doctors:${o.state}:${o.city}:${o.specialty}:${o.q}:${o.cursor ?? ''}`, () =>
    apiFetch<DoctorsResponse>(`/api/doctors/locations?${params}`),
  );
  // An answer kept offline by an older version has no cursor: it was the whole list.
  return { doctors: res.doctors, nextCursor: res.nextCursor ?? null };
}

/** The doctors of a specialty in a place whose name holds `q`, a page at a time (`fetchNextPage` for more). */
export function useDoctorsByLocation(state: string, city: string, specialty: string, q = '') {
  return useInfiniteQuery({
    ...repQueryDefaults,
    queryKey: ['rep', 'doctors', state, city, specialty, q],
    queryFn: ({ pageParam }) => getDoctorsByLocation({ state, city, specialty, q, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // While a new search loads, the previous matches stay on screen (same place and specialty only).
    placeholderData: (previous, query) =>
      query && query.queryKey.slice(0, 5).join('\u0001') === ['rep', 'doctors', state, city, specialty].join('\u0001') ? previous : undefined,
    enabled: state !== '' && city !== '' && specialty !== '',
  });
}
