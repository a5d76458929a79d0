import { useMutation } from '@tanstack/react-query';
import type { ProfileUpdateType, SendUpdateOtpResponse } from '../../../../shared/schemas/profile';
import { apiFetch } from '../../../lib/api';

export interface SendUpdateOtpInput {
  userId: number;
  updateType: ProfileUpdateType;
  /** Absent for a password change (spec part 2, 7). */
  newValue?: string;
  /** For a change of e-mail or phone: the account's current password (decision 031). */
  currentPassword?: string;
}

/** POST /api/medrep/send-update-otp: e-mails a 6-digit code that confirms a profile change. */
export async function sendUpdateOtp(input: SendUpdateOtpInput): Promise<SendUpdateOtpResponse> {
  return apiFetch<SendUpdateOtpResponse>('/api/medrep/send-update-otp', { method: 'POST', body: input });
}

export function useSendUpdateOtp() {
  return useMutation({ mutationFn: sendUpdateOtp });
}
