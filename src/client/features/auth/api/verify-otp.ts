import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '../../../../shared/schemas/common';
import { apiFetch } from '../../../lib/api';
import type { AccountKind as AccountType } from '../../../../shared/schemas/auth';
import { forgetRegistrationToken, readRegistrationToken } from '../lib/registration-token';

/** POST /api/verify-otp with the registration token this tab kept when it registered the address (decision 030). */
export async function verifyOtp(body: { email: string; otp: string; type: AccountType }): Promise<MessageResponse> {
  const registrationToken = readRegistrationToken(body.type, body.email);
  const answer = await apiFetch<MessageResponse>('/api/verify-otp', { body: { ...body, registrationToken } });
  forgetRegistrationToken(body.type, body.email);
  return answer;
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
