import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { VisitStatusChange, VisitStatusChangedResponse } from '../../../../shared/schemas/visits';
import { visitsKeys } from './keys';

export type ChangeVisitStatusInput = VisitStatusChange & { appointmentId: number };

/** POST /api/clinic/appointments/{id}/status: confirm, decline (with a reason), completed or no-show (decision 041). */
export const changeVisitStatus = ({ appointmentId, ...body }: ChangeVisitStatusInput) =>
  apiFetch<VisitStatusChangedResponse>(`/api/clinic/appointments/${appointmentId}/status`, { method: 'POST', body });

export function useChangeVisitStatus(clinicId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: changeVisitStatus,
    // The day views and the Visit History show the new status.
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: visitsKeys.allAppointments(clinicId) }),
        qc.invalidateQueries({ queryKey: visitsKeys.allVisits(clinicId) }),
      ]),
  });
}
