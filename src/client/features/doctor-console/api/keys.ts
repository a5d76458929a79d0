import { queryOptions } from '@tanstack/react-query';
import type { DoctorSettingsResponse } from '../../../../shared/schemas/clinic';
import type { DoctorDayResponse } from '../../../../shared/schemas/doctor-console';
import { apiFetch } from '../../../lib/api';

// Query keys and queryOptions factories of the doctor console (docs/decisions/066, 067, 073): a leaf.
export const doctorConsoleKeys = {
  all: ['doctor-console'] as const,
  day: (date: string | null) => ['doctor-console', 'day', date] as const,
  settings: (clinicId: number) => ['doctor-console', 'settings', clinicId] as const,
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
  /** GET /api/doctor/settings/{clinicId}: the doctor's call settings there, where the clinic lets them manage them. */
  settings: (clinicId: number) =>
    queryOptions({
      queryKey: doctorConsoleKeys.settings(clinicId),
      queryFn: async () => (await apiFetch<DoctorSettingsResponse>(`/api/doctor/settings/${clinicId}`)).settings,
      retry: false,
    }),
};
