import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '../../../../shared/schemas/common';
import { apiFetch } from '../../../lib/api';
import type { AccountKind as AccountType } from '../../../../shared/schemas/auth';

export const resetPassword = ({ type, token, password }: { type: AccountType; token: string; password: string }) =>
  apiFetch<MessageResponse>(`/api/${type}/reset-password`, { body: { token, password } });

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
