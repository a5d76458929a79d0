import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { CreateLeave, CreateLeaveResponse } from '../../../../shared/schemas/leave';
import { leaveKeys } from './keys';
import { visitsKeys } from '../../visits/api/keys';

/** POST /api/clinic/leave: saves the absence and cancels the booked visits it covers, each rep told (decision 040). */
export const createLeave = (input: CreateLeave) => apiFetch<CreateLeaveResponse>('/api/clinic/leave', { method: 'POST', body: input });

export function useCreateLeave(clinicId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createLeave,
    onSuccess: (_answer, input) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: leaveKeys.leave(clinicId) }),
        // The day views of the doctor (every doctor for a whole-clinic closure) now show the visits cancelled.
        qc.invalidateQueries({
          queryKey: input.doctorId === null ? visitsKeys.allAppointments(clinicId) : visitsKeys.doctorAppointments(clinicId, input.doctorId),
        }),
      ]),
  });
}
