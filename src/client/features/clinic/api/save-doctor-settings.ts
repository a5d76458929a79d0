import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { parseDoctorSettings, type AvailableDays, type DoctorSettings, type DoctorSettingsSavedResponse } from '../../../../shared/schemas/clinic';
import { clinicKeys } from './clinic-query-keys';
import { writeCachedSettings } from '../lib/settings-cache';

export interface SaveSettingsInput {
  clinicId: number;
  doctorId: number;
  doctorName: string;
  maxSlots: number;
  callFrequency: number;
  availableDays: AvailableDays;
}

/** POST /api/clinic/settings with availableDays as a JSON string, as the spec's screen sends it (part 1, 7). */
export async function saveDoctorSettings(input: SaveSettingsInput): Promise<DoctorSettings> {
  const { settings } = await apiFetch<DoctorSettingsSavedResponse>('/api/clinic/settings', {
    method: 'POST',
    body: { ...input, availableDays: JSON.stringify(input.availableDays) },
  });
  const parsed = parseDoctorSettings(settings);
  if (!parsed) throw new Error('Failed to save settings');
  return parsed;
}

/** On success the settings are cached for that clinic and doctor (spec part 1, 4). */
export function useSaveDoctorSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveDoctorSettings,
    onSuccess: (settings) => {
      writeCachedSettings(settings);
      qc.setQueryData(clinicKeys.settings(settings.clinicId, settings.doctorId), settings);
    },
  });
}
