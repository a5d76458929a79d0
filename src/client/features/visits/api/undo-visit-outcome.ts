import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { VisitStatusChangedResponse } from '../../../../shared/schemas/visits';
import { visitsKeys } from './keys';

/** POST /api/clinic/appointments/{id}/undo-outcome: takes back a Completed or No-show within 10 minutes (decision 046). */
export const undoVisitOutcome = (appointmentId: number) =>
  apiFetch<VisitStatusChangedResponse>(`/api/clinic/appointments/${appointmentId}/undo-outcome`, { method: 'POST', body: {} });

export function useUndoVisitOutcome(clinicId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: undoVisitOutcome,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: visitsKeys.allAppointments(clinicId) }),
        qc.invalidateQueries({ queryKey: visitsKeys.allVisits(clinicId) }),
      ]),
  });
}
