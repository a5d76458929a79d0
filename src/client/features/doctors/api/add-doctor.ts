import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { DoctorAddedResponse } from '../../../../shared/schemas/clinic';
import { doctorsKeys } from './keys';

export interface AddDoctorInput {
  clinicId: number;
  name: string;
  specialty: string;
  state: string;
  city: string;
}

/** POST /api/clinic/doctors (the clinic's state and city are sent, spec part 1, 4). */
export const addDoctor = (input: AddDoctorInput) => apiFetch<DoctorAddedResponse>('/api/clinic/doctors', { method: 'POST', body: input }).then((r) => r.doctor);

export function useAddDoctor(clinicId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addDoctor,
    onSuccess: () => qc.invalidateQueries({ queryKey: doctorsKeys.doctors(clinicId) }),
  });
}
