import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { UserKind as AccountType } from '../../../../shared/schemas/auth';
import { meQueryKey } from './get-me';

export const acceptTerms = (body: { userId: number; userType: AccountType }) =>
  apiFetch<{ message?: string }>('/api/accept-terms', { body });

export function useAcceptTerms() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: acceptTerms, onSuccess: () => qc.invalidateQueries({ queryKey: meQueryKey }) });
}
