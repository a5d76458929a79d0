import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { UserKind as AccountType } from '../../../../shared/schemas/auth';

export const resetPassword = ({ type, token, password }: { type: AccountType; token: string; password: string }) =>
  apiFetch<{ message: string }>(`/api/${type}/reset-password`, { body: { token, password } });

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
