import { useQuery } from '@tanstack/react-query';
import { STATES_FALLBACK } from '../../../../shared/constants';
import { apiFetch } from '../../../lib/api';

/** GET /api/available-states; on failure the spec's fallback list (only Jammu and Kashmir, part 1, 9). */
export async function getAvailableStates(): Promise<string[]> {
  try {
    const answer = await apiFetch<{ states: string[] }>('/api/available-states');
    return Array.isArray(answer.states) && answer.states.length > 0 ? answer.states : [...STATES_FALLBACK];
  } catch {
    return [...STATES_FALLBACK];
  }
}

export function useAvailableStates() {
  return useQuery({ queryKey: ['available-states'], queryFn: getAvailableStates, staleTime: 5 * 60_000, retry: false });
}
