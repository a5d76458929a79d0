import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { bookingCalendarKeyPrefix } from './get-booking-calendar';
import { repAppointmentsKeyPrefix } from './get-rep-appointments';
import type { MessageResponse } from '../../../../shared/schemas/common';

/** DELETE /api/appointments/{id}: the rep cancels one of their own appointments. */
export async function cancelAppointment(id: number): Promise<MessageResponse> {
  return apiFetch<MessageResponse>(`/api/appointments/${id}`, { method: 'DELETE' });
}

export function useCancelAppointment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelAppointment,
    onSettled: async () => {
      await Promise.all([qc.invalidateQueries({ queryKey: repAppointmentsKeyPrefix }), qc.invalidateQueries({ queryKey: bookingCalendarKeyPrefix })]);
    },
  });
}
