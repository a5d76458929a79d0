import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { CHECK_IN_CODE } from '../../../../shared/booking/visit-status';
import type { ClinicAppointmentsResponse } from '../../../../shared/schemas/clinic';
import type { CheckInCodeResponse, ClinicVisitsResponse, RepVisitsResponse } from '../../../../shared/schemas/visits';
import { apiFetch } from '../../../lib/api';

// Query keys and queryOptions factories of visits: the rep's history, the clinic's day views, check-in codes and the
// Visit History. A leaf that any domain may import to read or invalidate them (docs/decisions/066, 067); key values
// unchanged.
export const repVisitsKeyPrefix = ['rep', 'visits'] as const;

export const visitsKeys = {
  appointments: (clinicId: number, doctorId: number, date: string) => ['clinic', clinicId, 'appointments', doctorId, date] as const,
  allAppointments: (clinicId: number) => ['clinic', clinicId, 'appointments'] as const,
  /** every day view of one doctor at the clinic */
  doctorAppointments: (clinicId: number, doctorId: number) => ['clinic', clinicId, 'appointments', doctorId] as const,
  /** the reception's check-in code (decision 041) */
  checkInCode: (clinicId: number) => ['clinic', clinicId, 'check-in-code'] as const,
  /** the Visit History: every range, and one range of one doctor (or all, 'all') */
  allVisits: (clinicId: number) => ['clinic', clinicId, 'visits'] as const,
  visits: (q: { clinicId: number; doctorId?: number; from: string; to: string }) =>
    ['clinic', q.clinicId, 'visits', q.doctorId ?? 'all', q.from, q.to] as const,
};

const STEP_MS = CHECK_IN_CODE.stepSeconds * 1000;
/** The least wait before asking again, so a device clock running ahead of the server's cannot ask every second. */
const MIN_REFETCH_MS = 5_000;

interface CheckInCode {
  code: string;
  /** When this device should show the next code (ms since epoch, this device's clock). */
  deadline: number;
}

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

export interface VisitRange {
  /** yyyy-mm-dd, inclusive */
  from: string;
  to: string;
}

const rangeQuery = ({ from, to }: VisitRange) => new URLSearchParams({ from, to }).toString();

/** GET /api/rep-visits.csv?from=&to=: the rep's visits of the range as a CSV download (the session cookie goes with the link). */
export const repVisitsCsvUrl = (range: VisitRange) => `/api/rep-visits.csv?${rangeQuery(range)}`;

export const visitsQueries = {
  /**
   * GET /api/clinic/check-in-code?clinicId=: the reception's code of now (decision 041: a new one every 2 minutes),
   * asked again as it expires (and when the tab comes back into view). The wait until `expiresAt` is measured on this
   * device and kept within one step, so a wrong device clock shows a countdown of at most 2 minutes (the previous code
   * is still accepted for one more step anyway).
   */
  checkInCode: (clinicId: number) =>
    queryOptions({
      queryKey: visitsKeys.checkInCode(clinicId),
      queryFn: async (): Promise<CheckInCode> => {
        const { code, expiresAt } = await apiFetch<CheckInCodeResponse>(`/api/clinic/check-in-code?clinicId=${clinicId}`);
        const now = Date.now();
        const left = Date.parse(expiresAt) - now;
        return { code, deadline: now + (Number.isFinite(left) ? Math.min(Math.max(left, 0), STEP_MS) : STEP_MS) };
      },
      refetchInterval: (query) => {
        const data = query.state.data;
        return data ? Math.max(data.deadline - Date.now() + 250, MIN_REFETCH_MS) : false;
      },
    }),
  /**
   * GET /api/clinic/visits?clinicId=&doctorId=&from=&to=: the visits of one date range, newest first (decision 041).
   * `query` null: the range is not valid yet, nothing is asked.
   */
  clinicVisits: (query: ClinicVisitsQuery | null) =>
    queryOptions({
      queryKey: query ? visitsKeys.visits(query) : ['clinic', 'visits', 'none'],
      queryFn: () => apiFetch<ClinicVisitsResponse>(`/api/clinic/visits?${clinicVisitsSearch(query!)}`),
      enabled: query !== null,
      placeholderData: keepPreviousData,
    }),
  /**
   * GET /api/doctor-appointments?doctorId=&date=&clinicId= (clinic view): the day's visits and how many reps wait for
   * it; waits for a doctor.
   */
  doctorAppointments: (clinicId: number, doctorId: number | undefined, date: string) =>
    queryOptions({
      queryKey: visitsKeys.appointments(clinicId, doctorId ?? 0, date),
      queryFn: () => apiFetch<ClinicAppointmentsResponse>(`/api/doctor-appointments?doctorId=${doctorId!}&date=${date}&clinicId=${clinicId}`),
      enabled: doctorId !== undefined,
      placeholderData: keepPreviousData,
    }),
  /** GET /api/rep-visits?from=&to=: the rep's visits in the range with their outcome and check-in, newest first (docs/decisions/041). */
  repVisits: (range: VisitRange) =>
    queryOptions({
      queryKey: [...repVisitsKeyPrefix, range.from, range.to],
      queryFn: () => apiFetch<RepVisitsResponse>(`/api/rep-visits?${rangeQuery(range)}`),
      retry: false,
      refetchOnWindowFocus: false,
      // Kept while another range loads, so the list does not blink empty between two choices.
      placeholderData: (previous) => previous,
    }),
};
