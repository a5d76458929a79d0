import { useQuery } from '@tanstack/react-query';
import type { AdminGateResponse } from '../../../../shared/schemas/admin-team';
import { apiFetch } from '../../../lib/api';
import { adminKeys } from '../../admin-shared/api/keys';

/** GET /api/admin/gate (public): the single-password form until a named owner has enrolled, then the team's. */
export const getAdminGate = (signal?: AbortSignal) => apiFetch<AdminGateResponse>('/api/admin/gate', { signal });

export function useAdminGate() {
  // Read on every visit to the gate: an owner may have enrolled since this tab last asked.
  return useQuery({ queryKey: adminKeys.gate, queryFn: ({ signal }) => getAdminGate(signal), retry: 1, staleTime: 0, refetchOnWindowFocus: false });
}
