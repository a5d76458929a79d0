import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberResponse, UpdateMember } from '../../../../shared/schemas/clinic-team';
import { apiFetch } from '../../../lib/api';
import { clinicTeamQueries } from './keys';

/** PATCH /api/clinic/team/{id} {role?, active?} (owner): deactivating ends that person's sessions at once. */
export const updateMember = ({ id, ...body }: UpdateMember & { id: number }) => apiFetch<MemberResponse>(`/api/clinic/team/${id}`, { method: 'PATCH', body });

export function useUpdateMember() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateMember, onSuccess: () => void qc.invalidateQueries({ queryKey: clinicTeamQueries.teamKey }) });
}
