import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { clinicKeys } from './clinic-query-keys';
import { forgetCachedSettings } from '../lib/settings-cache';
import type { DoctorRemovedResponse } from '../../../../shared/schemas/clinic';

/** DELETE /api/clinic/doctors/{clinicId}/{doctorId}: unlinks the doctor and cancels their appointments here from today on. */
export const removeDoctor = ({ clinicId, doctorId }: { clinicId: number; doctorId: number }) =>
  apiFetch<DoctorRemovedResponse>(`/api/clinic/doctors/${clinicId}/${doctorId}`, { method: 'DELETE' });

export function useRemoveDoctor(clinicId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: removeDoctor,
    onSuccess: (_r, { doctorId }) => {
      forgetCachedSettings(clinicId, doctorId);
      void qc.invalidateQueries({ queryKey: clinicKeys.doctors(clinicId) });
      void qc.invalidateQueries({ queryKey: clinicKeys.availableDoctors(clinicId) });
      void qc.invalidateQueries({ queryKey: clinicKeys.allAppointments(clinicId) });
    },
  });
}
