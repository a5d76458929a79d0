import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { withOfflineCache } from '../../../lib/offline-cache';
import { repQueryDefaults } from '../../../lib/rep-query-defaults';
import type { CitiesResponse } from '../../../../shared/schemas/booking';

/** GET /api/cities-by-state?state=: cities of the state that have a bookable doctor. */
export async function getCitiesByState(state: string): Promise<string[]> {
  const res = await withOfflineCache(`rep:cities:${state}`, () => apiFetch<CitiesResponse>(`/api/cities-by-state?${new URLSearchParams({ state })}`));
  return res.cities;
}

export function useCitiesByState(state: string) {
  return useQuery({
    ...repQueryDefaults,
    queryKey: ['rep', 'cities', state],
    queryFn: () => getCitiesByState(state),
    enabled: state !== '',
  });
}
