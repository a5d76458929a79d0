import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { ListLeaveResponse } from '../../../../shared/schemas/leave';
import { leaveKeys } from './keys';

/** GET /api/clinic/leave?clinicId=: the clinic's absences not ended that have not yet passed (decision 040). */
export const getLeaves = (clinicId: number) => apiFetch<ListLeaveResponse>(`/api/clinic/leave?clinicId=${clinicId}`).then((r) => r.leaves);

export function useLeaves(clinicId: number) {
  return useQuery({ queryKey: leaveKeys.leaveList(clinicId), queryFn: () => getLeaves(clinicId) });
}
