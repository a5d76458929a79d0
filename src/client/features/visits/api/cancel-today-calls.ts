import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { visitsKeys } from './keys';
import type { CancelledVisits } from '../../../../shared/schemas/clinic';

export interface CancelTodayInput {
  clinicId: number;
  doctorId: number;
  date: string;
  reason: string;
  /** Also cancel the reps who have checked in (decision 046); left out, the server keeps them. */
  includeCheckedIn?: boolean;
}

/** POST /api/clinic/cancel-today-calls; a failure carries `error` (read by apiFetch as the message). */
export const cancelTodayCalls = (input: CancelTodayInput) => apiFetch<CancelledVisits>('/api/clinic/cancel-today-calls', { method: 'POST', body: input });

export function useCancelTodayCalls(clinicId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelTodayCalls,
    onSuccess: () => qc.invalidateQueries({ queryKey: visitsKeys.allAppointments(clinicId) }),
  });
}
