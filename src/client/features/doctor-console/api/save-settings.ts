import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DoctorSettings, DoctorSettingsSavedResponse } from '../../../../shared/schemas/clinic';
import { apiFetch } from '../../../lib/api';
import { doctorConsoleKeys } from './keys';

type Saved = Pick<DoctorSettings, 'clinicId' | 'doctorId' | 'maxSlots' | 'callFrequency' | 'availableDays'>;

/** PUT /api/doctor/settings/{clinicId}: the clinic's settings schema; the visiting hours stay as stored (absent). */
export const saveDoctorOwnSettings = (s: Saved) => apiFetch<DoctorSettingsSavedResponse>(`/api/doctor/settings/${s.clinicId}`, { method: 'PUT', body: s });

export function useSaveDoctorOwnSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveDoctorOwnSettings,
    onSuccess: ({ settings }) => qc.setQueryData(doctorConsoleKeys.settings(settings.clinicId), settings),
  });
}
