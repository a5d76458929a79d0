import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { doctorsKeys } from './keys';
import { visitsKeys } from '../../visits/api/keys';
import { forgetCachedSettings } from '../../call-settings/lib/settings-cache';
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
      void qc.invalidateQueries({ queryKey: doctorsKeys.doctors(clinicId) });
      void qc.invalidateQueries({ queryKey: doctorsKeys.availableDoctors(clinicId) });
      void qc.invalidateQueries({ queryKey: visitsKeys.allAppointments(clinicId) });
    },
  });
}
