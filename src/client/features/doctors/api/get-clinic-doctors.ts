import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { ClinicDoctorsResponse } from '../../../../shared/schemas/clinic';
import { doctorsKeys } from './keys';

/** GET /api/clinic/doctors/{clinicId}: the clinic's doctors, the Primary one first. */
export const getClinicDoctors = (clinicId: number) => apiFetch<ClinicDoctorsResponse>(`/api/clinic/doctors/${clinicId}`).then((r) => r.doctors);

export function useClinicDoctors(clinicId: number | undefined) {
  return useQuery({
    queryKey: doctorsKeys.doctors(clinicId ?? 0),
    queryFn: () => getClinicDoctors(clinicId!),
    enabled: clinicId !== undefined,
  });
}
