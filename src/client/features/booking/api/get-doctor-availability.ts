import { useQuery } from '@tanstack/react-query';
import type { DoctorAvailabilityResponse, DoctorAvailabilitySettings } from '../../../../shared/schemas/booking';
import { apiFetch } from '../../../lib/api';
import { withOfflineCache } from '../../../lib/offline-cache';
import { repQueryDefaults } from '../../../lib/rep-query-defaults';
import { doctorAvailabilityKey } from './keys';

/** GET /api/doctor-availability?clinicId=&doctorId=: the doctor's call settings at this clinic. */
export async function getDoctorAvailability(clinicId: number, doctorId: number): Promise<DoctorAvailabilitySettings> {
  const res = await withOfflineCache(`rep:availability:${clinicId}:${doctorId}`, () =>
    apiFetch<DoctorAvailabilityResponse>(`/api/doctor-availability?clinicId=${clinicId}&doctorId=${doctorId}`),
  );
  return res.settings;
}

export function useDoctorAvailability(clinicId: number, doctorId: number) {
  return useQuery({
    ...repQueryDefaults,
    queryKey: doctorAvailabilityKey(clinicId, doctorId),
    queryFn: () => getDoctorAvailability(clinicId, doctorId),
  });
}
