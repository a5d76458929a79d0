import { queryOptions } from '@tanstack/react-query';
import type { AvailableDoctorsResponse, ClinicDoctorsResponse } from '../../../../shared/schemas/clinic';
import { apiFetch } from '../../../lib/api';

// Query keys and queryOptions factories of the clinic's doctors. Key values unchanged from the clinic dashboard's
// former clinic-query-keys.ts, so cached data and invalidation keep working; a leaf any domain may import to read or
// invalidate them (docs/decisions/066, 067).
export const doctorsKeys = {
  doctors: (clinicId: number) => ['clinic', clinicId, 'doctors'] as const,
  availableDoctors: (clinicId: number) => ['clinic', clinicId, 'available-doctors'] as const,
};

export const doctorsQueries = {
  /** GET /api/clinic/doctors/{clinicId}: the clinic's doctors, the Primary one first; waits for the clinic's id. */
  doctors: (clinicId: number | undefined) =>
    queryOptions({
      queryKey: doctorsKeys.doctors(clinicId ?? 0),
      queryFn: () => apiFetch<ClinicDoctorsResponse>(`/api/clinic/doctors/${clinicId!}`).then((r) => r.doctors),
      enabled: clinicId !== undefined,
    }),
  /** GET /api/available-doctors/{clinicId}: doctors of other clinics in the same state, not linked here yet. */
  availableDoctors: (clinicId: number) =>
    queryOptions({
      queryKey: doctorsKeys.availableDoctors(clinicId),
      queryFn: () => apiFetch<AvailableDoctorsResponse>(`/api/available-doctors/${clinicId}`).then((r) => r.doctors),
    }),
};
