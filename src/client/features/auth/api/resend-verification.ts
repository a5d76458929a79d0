import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '../../../../shared/schemas/common';
import { apiFetch } from '../../../lib/api';
import type { AccountKind as AccountType } from '../../../../shared/schemas/auth';

export const resendVerification = (body: { email: string; type: AccountType }) => apiFetch<MessageResponse>('/api/resend-verification', { body });

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
