import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { ClinicPreferencesResponse } from '../../../../shared/schemas/clinic';
import { clinicPreferencesKey } from './keys';

/** GET /api/clinic/preferences: the e-mail and SMS notification choices and WhatsApp's state, stored on the server. */
export const getClinicPreferences = () => apiFetch<ClinicPreferencesResponse>('/api/clinic/preferences');

export function useClinicPreferences() {
  return useQuery({ queryKey: clinicPreferencesKey, queryFn: getClinicPreferences });
}
