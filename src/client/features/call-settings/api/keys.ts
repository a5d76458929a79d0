import { queryOptions } from '@tanstack/react-query';
import { parseDoctorSettings, type DoctorSettingsResponse } from '../../../../shared/schemas/clinic';
import { ApiError, apiFetch } from '../../../lib/api';

// Query keys and queryOptions factories of a doctor's call settings at a clinic; a leaf any domain may import to read
// or invalidate them (docs/decisions/066, 067); the key value is unchanged. The device's copy (lib/settings-cache.ts)
// is no leaf, so useDoctorSettings reads and writes it around this query.
export const callSettingsKeys = {
  settings: (clinicId: number, doctorId: number) => ['clinic', clinicId, 'settings', doctorId] as const,
};

export const callSettingsQueries = {
  /**
   * GET /api/clinic/settings/{clinicId}?doctorId=: null when none are saved (a 404 is not an error, spec part 1, 7);
   * waits for a doctor.
   */
  settings: (clinicId: number, doctorId: number | undefined) =>
    queryOptions({
      queryKey: callSettingsKeys.settings(clinicId, doctorId ?? 0),
      queryFn: async () => {
        try {
          const { settings } = await apiFetch<DoctorSettingsResponse>(`/api/clinic/settings/${clinicId}?doctorId=${doctorId!}`);
          return parseDoctorSettings(settings);
        } catch (err) {
          if (err instanceof ApiError && err.status === 404) return null;
          throw err;
        }
      },
      enabled: doctorId !== undefined,
    }),
};
