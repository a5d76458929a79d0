import { useMutation } from '@tanstack/react-query';
import type { InviteDoctorResponse } from '../../../../shared/schemas/doctor-console';
import { apiFetch } from '../../../lib/api';

/** POST /api/clinic/doctors/{doctorId}/invite: the clinic invites its doctor's e-mail (owner or manager). */
export const inviteDoctor = ({ doctorId, email }: { doctorId: number; email: string }) =>
  apiFetch<InviteDoctorResponse>(`/api/clinic/doctors/${doctorId}/invite`, { body: { email } });

export function useInviteDoctor() {
  return useMutation({ mutationFn: inviteDoctor });
}
