import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { meQueryKey } from '../../auth/api/keys';
import type { ProfileUpdateType, VerifyUpdateOtpResponse } from '../../../../shared/schemas/profile';

export interface VerifyUpdateOtpInput {
  userId: number;
  updateType: ProfileUpdateType;
  otp: string;
  /** Only for a password change. */
  newPassword?: string;
}

/** POST /api/medrep/verify-update-otp: applies the change when the code is right. */
export async function verifyUpdateOtp(input: VerifyUpdateOtpInput): Promise<VerifyUpdateOtpResponse> {
  return apiFetch<VerifyUpdateOtpResponse>('/api/medrep/verify-update-otp', { method: 'POST', body: input });
}

/** On success the header and profile show the new value: the session answer is fetched again. */
export function useVerifyUpdateOtp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: verifyUpdateOtp,
    onSuccess: () => qc.invalidateQueries({ queryKey: meQueryKey }),
  });
}
