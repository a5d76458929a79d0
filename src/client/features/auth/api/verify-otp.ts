import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '../../../../shared/schemas/common';
import { apiFetch } from '../../../lib/api';
import type { UserKind as AccountType } from '../../../../shared/schemas/auth';

export const verifyOtp = (body: { email: string; otp: string; type: AccountType }) => apiFetch<MessageResponse>('/api/verify-otp', { body });

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
