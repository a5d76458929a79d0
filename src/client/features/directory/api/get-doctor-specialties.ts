import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { withOfflineCache } from '../../../lib/offline-cache';
import { repQueryDefaults } from '../../../lib/rep-query-defaults';
import type { SpecialtiesResponse } from '../../../../shared/schemas/booking';

/** GET /api/doctors/specialties?state=&city=: specialties of bookable doctors in that city. */
export async function getDoctorSpecialties(state: string, city: string): Promise<string[]> {
  const res = await withOfflineCache(`rep:specialties:${state}:${city}`, () =>
    apiFetch<SpecialtiesResponse>(`/api/doctors/specialties?${new URLSearchParams({ state, city })}`),
  );
  return res.specialties;
}

export function useDoctorSpecialties(state: string, city: string) {
  return useQuery({
    ...repQueryDefaults,
    queryKey: ['rep', 'specialties', state, city],
    queryFn: () => getDoctorSpecialties(state, city),
    enabled: state !== '' && city !== '',
  });
}
