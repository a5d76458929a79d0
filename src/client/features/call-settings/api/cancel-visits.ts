import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { CancelVisits, VisitsCancelledResponse } from '../../../../shared/schemas/clinic';
import { visitsKeys } from '../../visits/api/keys';

/** POST /api/clinic/cancel-visits: the visits new visiting hours leave out, which the clinic chose to cancel (decision 039). */
export const cancelVisits = (input: CancelVisits) => apiFetch<VisitsCancelledResponse>('/api/clinic/cancel-visits', { method: 'POST', body: input });

export function useCancelVisits(clinicId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelVisits,
    // The day views of the doctor show the cancelled visits and the new tokens.
    onSuccess: () => qc.invalidateQueries({ queryKey: visitsKeys.allAppointments(clinicId) }),
  });
}
