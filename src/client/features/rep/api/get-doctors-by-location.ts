import { useQuery } from '@tanstack/react-query';
import type { DoctorOption, DoctorsResponse } from '../../../../shared/schemas/booking';
import { apiFetch } from '../../../lib/api';
import { withOfflineCache } from '../../../lib/offline-cache';
import { repQueryDefaults } from '../../../lib/rep-query-defaults';

/** GET /api/doctors/locations?state=&city=&specialty=: bookable doctors for the selection. */
export async function getDoctorsByLocation(state: string, city: string, specialty: string): Promise<DoctorOption[]> {
  const res = await withOfflineCache(`rep:doctors:${state}:${city}:${specialty}`, () =>
    apiFetch<DoctorsResponse>(`/api/doctors/locations?${new URLSearchParams({ state, city, specialty })}`),
  );
  return res.doctors;
}

export function useDoctorsByLocation(state: string, city: string, specialty: string) {
  return useQuery({
    ...repQueryDefaults,
    queryKey: ['rep', 'doctors', state, city, specialty],
    queryFn: () => getDoctorsByLocation(state, city, specialty),
    enabled: state !== '' && city !== '' && specialty !== '',
  });
}
