import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberResponse } from '../../../../shared/schemas/clinic-team';
import { apiFetch } from '../../../lib/api';
import { clinicTeamQueries } from './keys';

/** POST /api/clinic/team/{id}/resend (owner): a new link for an invitation not yet accepted; the old one stops working. */
export const resendInvite = (id: number) => apiFetch<MemberResponse>(`/api/clinic/team/${id}/resend`, { method: 'POST', body: {} });

export function useResendInvite() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: resendInvite, onSuccess: () => void qc.invalidateQueries({ queryKey: clinicTeamQueries.teamKey }) });
}
