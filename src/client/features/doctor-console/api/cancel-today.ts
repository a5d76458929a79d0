import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DoctorCancelToday, DoctorCancelTodayResponse } from '../../../../shared/schemas/doctor-console';
import { apiFetch } from '../../../lib/api';
import { doctorConsoleKeys } from './keys';

/** POST /api/doctor/cancel-today: the clinic's Cancel Today's Calls, as the doctor's act. */
export const cancelToday = (body: DoctorCancelToday) => apiFetch<DoctorCancelTodayResponse>('/api/doctor/cancel-today', { body });

export function useCancelToday() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: cancelToday, onSettled: () => qc.invalidateQueries({ queryKey: doctorConsoleKeys.all }) });
}
