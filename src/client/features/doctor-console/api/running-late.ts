import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RunningLate, RunningLateResponse } from '../../../../shared/schemas/doctor-console';
import { apiFetch } from '../../../lib/api';
import { doctorConsoleKeys } from './keys';

/** POST /api/doctor/running-late: 5-180 minutes, or 0 to clear. */
export const runningLate = (body: RunningLate) => apiFetch<RunningLateResponse>('/api/doctor/running-late', { body });

export function useRunningLate() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: runningLate, onSettled: () => qc.invalidateQueries({ queryKey: doctorConsoleKeys.all }) });
}
