import { useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api';
import { parseDoctorSettings, type DoctorSettings, type DoctorSettingsResponse } from '../../../../shared/schemas/clinic';
import { callSettingsKeys } from './keys';
import { readCachedSettings, writeCachedSettings } from '../lib/settings-cache';

/** GET /api/clinic/settings/{clinicId}?doctorId=: null when none are saved (a 404 is not an error, spec part 1, 7). */
export async function getDoctorSettings(clinicId: number, doctorId: number): Promise<DoctorSettings | null> {
  try {
    const { settings } = await apiFetch<DoctorSettingsResponse>(`/api/clinic/settings/${clinicId}?doctorId=${doctorId}`);
    const parsed = parseDoctorSettings(settings);
    if (parsed) writeCachedSettings(parsed);
    return parsed;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** The doctor's settings; the device cache shows while the server answers. */
export function useDoctorSettings(clinicId: number, doctorId: number | undefined) {
  return useQuery({
    queryKey: callSettingsKeys.settings(clinicId, doctorId ?? 0),
    queryFn: () => getDoctorSettings(clinicId, doctorId!),
    enabled: doctorId !== undefined,
    placeholderData: () => (doctorId === undefined ? undefined : (readCachedSettings(clinicId, doctorId) ?? undefined)),
  });
}
