import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { UserKind as AccountType } from '../../../../shared/schemas/auth';

export const forgotPassword = ({ type, email }: { type: AccountType; email: string }) =>
  apiFetch<{ message: string }>(`/api/${type}/forgot-password`, { body: { email } });

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
