import { useMutation } from '@tanstack/react-query';
import type { VerifyEmail } from '../../../../shared/schemas/auth';
import type { MessageResponse } from '../../../../shared/schemas/common';
import { apiFetch } from '../../../lib/api';

/** POST /api/verify-email: the e-mailed link's token and the password chosen on the link page (decision 030). */
export const verifyEmail = (body: VerifyEmail) => apiFetch<MessageResponse>('/api/verify-email', { body });

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
