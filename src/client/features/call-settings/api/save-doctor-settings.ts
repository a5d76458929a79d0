import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { sortWindows, type VisitWindow } from '../../../../shared/booking/visit-windows';
import {
  parseDoctorSettings,
  type AvailableDays,
  type ClinicAppointment,
  type DoctorSettings,
  type DoctorSettingsSavedResponse,
} from '../../../../shared/schemas/clinic';
import { callSettingsKeys } from './keys';
import { writeCachedSettings } from '../lib/settings-cache';

export interface SaveSettingsInput {
  clinicId: number;
  doctorId: number;
  doctorName: string;
  maxSlots: number;
  callFrequency: number;
  availableDays: AvailableDays;
  visitWindows: VisitWindow[];
  slotMinutes: number;
  /** New bookings wait for the clinic's confirmation (decision 041); absent: the stored choice stays. */
  requiresApproval?: boolean;
  /** The doctor's own login edits these settings (docs/decisions/073); absent: the stored choice stays. */
  doctorManagesSettings?: boolean;
}

/**
 * The request body: availableDays as a JSON string, as the spec's screen sends it (part 1, 7). The visiting hours
 * are always sent, [] included: the server keeps stored hours only when they are absent (decision 039), so
 * leaving out an empty list would never clear them.
 */
export function settingsRequestBody(input: SaveSettingsInput) {
  return { ...input, availableDays: JSON.stringify(input.availableDays), visitWindows: sortWindows(input.visitWindows) };
}

export interface SavedSettings {
  settings: DoctorSettings;
  /** Booked visits from today on whose time the new visiting hours no longer offer (decision 039). */
  outsideWindows: ClinicAppointment[];
}

/** POST /api/clinic/settings */
export async function saveDoctorSettings(input: SaveSettingsInput): Promise<SavedSettings> {
  const answer = await apiFetch<DoctorSettingsSavedResponse>('/api/clinic/settings', { method: 'POST', body: settingsRequestBody(input) });
  const settings = parseDoctorSettings(answer.settings);
  if (!settings) throw new Error('Failed to save settings');
  return { settings, outsideWindows: answer.outsideWindows ?? [] };
}

/** On success the settings are cached for that clinic and doctor (spec part 1, 4). */
export function useSaveDoctorSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveDoctorSettings,
    onSuccess: ({ settings }) => {
      writeCachedSettings(settings);
      qc.setQueryData(callSettingsKeys.settings(settings.clinicId, settings.doctorId), settings);
    },
  });
}
