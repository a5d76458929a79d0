import { useQuery } from '@tanstack/react-query';
import { STATES_FALLBACK } from '../../../../shared/constants';
import { apiFetch } from '../../../lib/api';
import { withOfflineCache } from '../../../lib/offline-cache';
import { repQueryDefaults } from '../../../lib/rep-query-defaults';
import type { StatesResponse } from '../../../../shared/schemas/booking';

/** GET /api/available-states?bookable=true: states with a bookable doctor; on failure only J&K (spec part 2, 7). */
export async function getAvailableStates(): Promise<string[]> {
  try {
    const res = await withOfflineCache('rep:states', () => apiFetch<StatesResponse>('/api/available-states?bookable=true'));
    return res.states;
  } catch {
    return [...STATES_FALLBACK];
  }
}

export function useAvailableStates() {
  return useQuery({ ...repQueryDefaults, queryKey: ['rep', 'states'], queryFn: getAvailableStates });
}
