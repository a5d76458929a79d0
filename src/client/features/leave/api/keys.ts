import { queryOptions } from '@tanstack/react-query';
import type { LeavePreviewResponse, ListLeaveResponse } from '../../../../shared/schemas/leave';
import { apiFetch } from '../../../lib/api';

// Query keys and queryOptions factories of planned absences (decision 040); a leaf any domain may import to read or
// invalidate them (docs/decisions/066, 067).

/** An absence not saved yet; no doctorId: the whole clinic. */
export interface LeavePreviewQuery {
  clinicId: number;
  doctorId?: number;
  from: string;
  to: string;
}

export const leaveKeys = {
  /** the list and the previews */
  leave: (clinicId: number) => ['clinic', clinicId, 'leave'] as const,
  leaveList: (clinicId: number) => ['clinic', clinicId, 'leave', 'list'] as const,
  leavePreview: (q: LeavePreviewQuery) => ['clinic', q.clinicId, 'leave', 'preview', q.doctorId ?? 'clinic', q.from, q.to] as const,
};

export const leaveQueries = {
  /** GET /api/clinic/leave?clinicId=: the clinic's absences not ended that have not yet passed. */
  list: (clinicId: number) =>
    queryOptions({
      queryKey: leaveKeys.leaveList(clinicId),
      queryFn: () => apiFetch<ListLeaveResponse>(`/api/clinic/leave?clinicId=${clinicId}`).then((r) => r.leaves),
    }),
  /** GET /api/clinic/leave/preview: how many booked visits saving the absence would cancel. */
  preview: (q: LeavePreviewQuery) =>
    queryOptions({
      queryKey: leaveKeys.leavePreview(q),
      queryFn: () => {
        const params = new URLSearchParams({ clinicId: String(q.clinicId), from: q.from, to: q.to });
        if (q.doctorId !== undefined) params.set('doctorId', String(q.doctorId));
        return apiFetch<LeavePreviewResponse>(`/api/clinic/leave/preview?${params.toString()}`);
      },
    }),
};
