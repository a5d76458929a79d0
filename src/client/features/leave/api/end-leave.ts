import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { leaveKeys } from './keys';

/** DELETE /api/clinic/leave/{id}: ends an absence; its days can be booked again, its cancelled visits stay cancelled (decision 040). */
export const endLeave = (id: number) => apiFetch<{ message: string }>(`/api/clinic/leave/${id}`, { method: 'DELETE' });

export function useEndLeave(clinicId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: endLeave,
    // Nothing the day views show changes: the visits the absence cancelled stay cancelled.
    onSuccess: () => qc.invalidateQueries({ queryKey: leaveKeys.leave(clinicId) }),
  });
}
