import { useQuery } from '@tanstack/react-query';
import type { AvailabilityResponse, CheckAvailability } from '../../../../shared/schemas/auth';
import { apiFetch } from '../../../lib/api';

export type AvailabilityField = CheckAvailability['field'];
export interface AvailabilityAnswer extends AvailabilityResponse {
  /** True when the check itself failed and the value is treated as available (spec part 1, 5). */
  failed?: boolean;
}

const failureMessage: Record<AvailabilityField, string> = {
  email: 'Error checking email availability',
  phone: 'Error checking phone availability',
};

/** POST /api/check-availability; a failed check counts as available with the spec's message. */
export async function checkAvailability(field: AvailabilityField, value: string): Promise<AvailabilityAnswer> {
  try {
    return await apiFetch<AvailabilityResponse>('/api/check-availability', { body: { field, value } });
  } catch {
    return { available: true, message: failureMessage[field], failed: true };
  }
}

export function useAvailabilityQuery(field: AvailabilityField, value: string, enabled: boolean) {
  return useQuery({
    queryKey: ['auth', 'availability', field, value],
    queryFn: () => checkAvailability(field, value),
    enabled,
    staleTime: 30_000,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
