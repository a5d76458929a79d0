import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { UserKind as AccountType } from '../../../../shared/schemas/auth';

export const resendVerification = (body: { email: string; type: AccountType }) =>
  apiFetch<{ message: string }>('/api/resend-verification', { body });

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
