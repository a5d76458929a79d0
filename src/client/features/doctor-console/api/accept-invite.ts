import { useMutation } from '@tanstack/react-query';
import type { AcceptDoctorInvite, AcceptDoctorInviteResponse } from '../../../../shared/schemas/doctor-console';
import { apiFetch } from '../../../lib/api';

/** POST /api/doctor/invite/accept: makes the doctor's login, or links the one the e-mail has (docs/decisions/073). */
export const acceptInvite = (body: AcceptDoctorInvite) => apiFetch<AcceptDoctorInviteResponse>('/api/doctor/invite/accept', { body });

export function useAcceptInvite() {
  return useMutation({ mutationFn: acceptInvite });
}
