import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { AcceptTerms, AcceptTermsResponse } from '../../../../shared/schemas/auth';
import { meQueryKey } from './keys';

export const acceptTerms = (body: AcceptTerms) => apiFetch<AcceptTermsResponse>('/api/accept-terms', { body });

export function useAcceptTerms() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: acceptTerms, onSuccess: () => qc.invalidateQueries({ queryKey: meQueryKey }) });
}
