import { queryOptions } from '@tanstack/react-query';
import type { DoctorDayResponse } from '../../../../shared/schemas/doctor-console';
import { apiFetch } from '../../../lib/api';

// Query keys and queryOptions factories of the doctor console (docs/decisions/066, 067, 073): a leaf.
export const doctorConsoleKeys = {
  all: ['doctor-console'] as const,
  day: (date: string | null) => ['doctor-console', 'day', date] as const,
};

export const doctorConsoleQueries = {
  /** GET /api/doctor/day: every linked clinic's day (today when `date` is null), kept fresh every 20 s on screen. */
  day: (date: string | null = null) =>
    queryOptions({
      queryKey: doctorConsoleKeys.day(date),
      queryFn: () => apiFetch<DoctorDayResponse>(`/api/doctor/day${date ? `?date=${date}` : ''}`),
      staleTime: 10_000,
      refetchInterval: 20_000,
    }),
};
