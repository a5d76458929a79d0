import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueueNextResponse } from '../../../../shared/schemas/doctor-console';
import { apiFetch } from '../../../lib/api';
import { doctorConsoleKeys } from './keys';

/** POST /api/doctor/queue/next: completes the visit in the room and calls the first arrived rep. */
export const callNext = (clinicId: number) => apiFetch<QueueNextResponse>('/api/doctor/queue/next', { body: { clinicId } });

export function useCallNext() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: callNext, onSettled: () => qc.invalidateQueries({ queryKey: doctorConsoleKeys.all }) });
}
