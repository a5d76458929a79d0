import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { MessageResponse } from '../../../../shared/schemas/common';

/** POST /api/clinic/change-password: other devices are signed out; this one stays. */
export const changeClinicPassword = (input: { currentPassword: string; newPassword: string }) =>
  apiFetch<MessageResponse>('/api/clinic/change-password', { method: 'POST', body: input });

export function useChangeClinicPassword() {
  return useMutation({ mutationFn: changeClinicPassword });
}
