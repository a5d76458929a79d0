import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteMember, MemberResponse } from '../../../../shared/schemas/clinic-team';
import { apiFetch } from '../../../lib/api';
import { clinicTeamQueries } from './keys';

/** POST /api/clinic/team {name, email, role} (owner): 201, and the invitation link goes out by e-mail (72 hours, used once). */
export const inviteMember = (body: InviteMember) => apiFetch<MemberResponse>('/api/clinic/team', { body });

export function useInviteMember() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: inviteMember, onSuccess: () => void qc.invalidateQueries({ queryKey: clinicTeamQueries.teamKey }) });
}
