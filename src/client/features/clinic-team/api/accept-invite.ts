import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcceptMemberInvite, AcceptMemberInviteResponse } from '../../../../shared/schemas/clinic-team';
import { apiFetch } from '../../../lib/api';
import { meQueryKey } from '../../auth/api/keys';

/** POST /api/clinic/team/accept {token, password} (public): the member is signed in by the answer's cookie. */
export const acceptInvite = (body: AcceptMemberInvite) => apiFetch<AcceptMemberInviteResponse>('/api/clinic/team/accept', { body });

export function useAcceptInvite() {
  const qc = useQueryClient();
  // Who is signed in has changed: the dashboard asks again.
  return useMutation({ mutationFn: acceptInvite, onSuccess: () => qc.invalidateQueries({ queryKey: meQueryKey }) });
}
