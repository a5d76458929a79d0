import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '../../../../shared/schemas/common';
import { apiFetch } from '../../../lib/api';
import type { AccountKind as AccountType } from '../../../../shared/schemas/auth';

export const forgotPassword = ({ type, email }: { type: AccountType; email: string }) =>
  apiFetch<MessageResponse>(`/api/${type}/forgot-password`, { body: { email } });

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
