import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { AvailableDoctorsResponse } from '../../../../shared/schemas/clinic';
import { doctorsKeys } from './keys';

/** GET /api/available-doctors/{clinicId}: doctors of other clinics in the same state, not linked here yet. */
export const getAvailableDoctors = (clinicId: number) => apiFetch<AvailableDoctorsResponse>(`/api/available-doctors/${clinicId}`).then((r) => r.doctors);

export function useAvailableDoctors(clinicId: number, enabled: boolean) {
  return useQuery({ queryKey: doctorsKeys.availableDoctors(clinicId), queryFn: () => getAvailableDoctors(clinicId), enabled });
}
