import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { DoctorAddedResponse } from '../../../../shared/schemas/clinic';
import { doctorsKeys } from './keys';

/** POST /api/clinic/add-existing-doctor */
export const addExistingDoctor = (input: { clinicId: number; doctorId: number }) =>
  apiFetch<DoctorAddedResponse>('/api/clinic/add-existing-doctor', { method: 'POST', body: input }).then((r) => r.doctor);

export function useAddExistingDoctor(clinicId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addExistingDoctor,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: doctorsKeys.doctors(clinicId) });
      void qc.invalidateQueries({ queryKey: doctorsKeys.availableDoctors(clinicId) });
    },
  });
}
