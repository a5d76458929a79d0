import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { ClinicPreferences } from '../../../../shared/schemas/clinic';
import { clinicKeys } from './clinic-query-keys';

/** GET /api/clinic/preferences: the e-mail and SMS notification choices stored on the server. */
export const getClinicPreferences = () => apiFetch<ClinicPreferences>('/api/clinic/preferences');

export function useClinicPreferences() {
  return useQuery({ queryKey: clinicKeys.preferences, queryFn: getClinicPreferences });
}
