import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { LeavePreviewResponse } from '../../../../shared/schemas/leave';
import { leaveKeys } from './keys';

/** An absence not saved yet; no doctorId: the whole clinic. */
export interface LeavePreviewQuery {
  clinicId: number;
  doctorId?: number;
  from: string;
  to: string;
}

/** GET /api/clinic/leave/preview: how many booked visits saving the absence would cancel (decision 040). */
export const getLeavePreview = (q: LeavePreviewQuery) => {
  const params = new URLSearchParams({ clinicId: String(q.clinicId), from: q.from, to: q.to });
  if (q.doctorId !== undefined) params.set('doctorId', String(q.doctorId));
  return apiFetch<LeavePreviewResponse>(`/api/clinic/leave/preview?${params.toString()}`);
};

export const leavePreviewQuery = (q: LeavePreviewQuery) => queryOptions({ queryKey: leaveKeys.leavePreview(q), queryFn: () => getLeavePreview(q) });

/** The preview of `q` once the form has a valid who, from and to (undefined until then). */
export function useLeavePreview(q: LeavePreviewQuery | undefined) {
  return useQuery({
    ...leavePreviewQuery(q ?? { clinicId: 0, from: '', to: '' }),
    enabled: q !== undefined,
    placeholderData: keepPreviousData,
  });
}
