import { useQuery } from '@tanstack/react-query';
import type { VerifyVisitResponse } from '../../../../shared/schemas/visits';
import { apiFetch } from '../../../lib/api';

/** POST /api/verify-visit (public): whether RepVisit signed this proof of visit, unchanged, and what it says. */
export async function verifyVisit(receipt: string): Promise<VerifyVisitResponse> {
  return apiFetch<VerifyVisitResponse>('/api/verify-visit', { method: 'POST', body: { receipt } });
}

/** The verdict on a receipt; it never changes, so it is asked once per receipt. */
export function useVerifyVisit(receipt: string) {
  return useQuery({
    queryKey: ['visits', 'verify', receipt],
    queryFn: () => verifyVisit(receipt),
    enabled: receipt !== '',
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
