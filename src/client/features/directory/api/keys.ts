import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { STATES_FALLBACK } from '../../../../shared/constants';
import type { CitiesResponse, ClinicsResponse, DoctorOption, DoctorsResponse, SpecialtiesResponse, StatesResponse } from '../../../../shared/schemas/booking';
import { PAGE_LIMIT_DEFAULT } from '../../../../shared/schemas/pagination';
import { apiFetch } from '../../../lib/api';
import { withOfflineCache } from '../../../lib/offline-cache';
import { repQueryDefaults } from '../../../lib/rep-query-defaults';

// Query keys and queryOptions factories of the directory (states, cities, specialties, doctors and their clinics): a
// leaf any domain may import to read them (docs/decisions/066, 067). Key values, and the device cache's keys, are
// those of before.

/** Doctors asked for a page: past this many the list is long, and the picker offers a name search. */
// The server writes this page once per place and specialty (directory.routes.ts): keep it the default.
export const DOCTOR_PAGE_SIZE = PAGE_LIMIT_DEFAULT;

interface DoctorsPage {
  doctors: DoctorOption[];
  nextCursor: string | null;
}

/** The state and city chosen above the clinic step; empty means not chosen. */
interface ClinicPlace {
  state: string;
  city: string;
}

export const directoryQueries = {
  /** GET /api/available-states: the registration's states; on failure the spec's fallback list (only J&K, part 1, 9). */
  registrationStates: () =>
    queryOptions({
      queryKey: ['available-states'],
      queryFn: async () => {
        try {
          const answer = await apiFetch<{ states: string[] }>('/api/available-states');
          return Array.isArray(answer.states) && answer.states.length > 0 ? answer.states : [...STATES_FALLBACK];
        } catch {
          return [...STATES_FALLBACK];
        }
      },
      staleTime: 5 * 60_000,
      retry: false,
    }),
  /** GET /api/available-states?bookable=true: states with a bookable doctor; on failure only J&K (spec part 2, 7). */
  bookableStates: () =>
    queryOptions({
      ...repQueryDefaults,
      queryKey: ['rep', 'states'],
      queryFn: async () => {
        try {
          const res = await withOfflineCache('rep:states', () => apiFetch<StatesResponse>('/api/available-states?bookable=true'));
          return res.states;
        } catch {
          return [...STATES_FALLBACK];
        }
      },
    }),
  /** GET /api/cities-by-state?state=: cities of the state that have a bookable doctor; waits for a state. */
  cities: (state: string) =>
    queryOptions({
      ...repQueryDefaults,
      queryKey: ['rep', 'cities', state],
      queryFn: async () => {
        const res = await withOfflineCache(`rep:cities:${state}`, () => apiFetch<CitiesResponse>(`/api/cities-by-state?${new URLSearchParams({ state })}`));
        return res.cities;
      },
      enabled: state !== '',
    }),
  /** GET /api/doctors/specialties?state=&city=: specialties of bookable doctors in that city; waits for both. */
  specialties: (state: string, city: string) =>
    queryOptions({
      ...repQueryDefaults,
      queryKey: ['rep', 'specialties', state, city],
      queryFn: async () => {
        const res = await withOfflineCache(`rep:specialties:${state}:${city}`, () =>
          apiFetch<SpecialtiesResponse>(`/api/doctors/specialties?${new URLSearchParams({ state, city })}`),
        );
        return res.specialties;
      },
      enabled: state !== '' && city !== '',
    }),
  /**
   * GET /api/clinics-by-doctor?doctorId=[&state=][&city=]: the clinics where the doctor can be booked, in the chosen
   * state and city (spec part 2, 2.1); waits for a doctor. The place is part of every cache key (the query's and the
   * offline copy's), so one city's answer is never shown for another.
   */
  clinics: (doctorId: number | null, place: ClinicPlace) =>
    queryOptions({
      ...repQueryDefaults,
      queryKey: ['rep', 'clinics', doctorId, place.state, place.city],
      queryFn: async () => {
        const query = new URLSearchParams({ doctorId: String(doctorId!) });
        if (place.state) query.set('state', place.state);
        if (place.city) query.set('city', place.city);
        const res = await withOfflineCache(`rep:clinics:${query.toString()}`, () => apiFetch<ClinicsResponse>(`/api/clinics-by-doctor?${query.toString()}`));
        return res.clinics;
      },
      enabled: doctorId !== null,
    }),
  /**
   * GET /api/doctors/locations?state=&city=&specialty=&q=&limit=&cursor=: the bookable doctors of a specialty in a place
   * whose name holds `q`, by name, a page at a time (`fetchNextPage` for more); waits for place and specialty.
   */
  doctors: (state: string, city: string, specialty: string, q = '') =>
    infiniteQueryOptions({
      ...repQueryDefaults,
      queryKey: ['rep', 'doctors', state, city, specialty, q],
      queryFn: async ({ pageParam }): Promise<DoctorsPage> => {
        const params = new URLSearchParams({ state, city, specialty, limit: String(DOCTOR_PAGE_SIZE) });
        if (q) params.set('q', q);
        if (pageParam) params.set('cursor', pageParam);
        const res = await withOfflineCache(`rep:doctors:${state}:${city}:${specialty}:${q}:${pageParam ?? ''}`, () =>
          apiFetch<DoctorsResponse>(`/api/doctors/locations?${params}`),
        );
        // An answer kept offline by an older version has no cursor: it was the whole list.
        return { doctors: res.doctors, nextCursor: res.nextCursor ?? null };
      },
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
      // While a new search loads, the previous matches stay on screen (same place and specialty only).
      placeholderData: (previous, query) =>
        query && query.queryKey.slice(0, 5).join('\u0001') === ['rep', 'doctors', state, city, specialty].join('\u0001') ? previous : undefined,
      enabled: state !== '' && city !== '' && specialty !== '',
    }),
};
