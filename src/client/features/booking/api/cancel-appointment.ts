import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RepAppointment } from '../../../../shared/schemas/booking';
import type { MessageResponse } from '../../../../shared/schemas/common';
import { apiFetch } from '../../../lib/api';
import { cancelOrQueue } from '../../../lib/offline-queue';
import { bookingCalendarKeyPrefix } from './keys';
import { repAppointmentsKeyPrefix } from './keys';

/** DELETE /api/appointments/{id}: the rep cancels one of their own appointments. */
export async function cancelAppointment(id: number): Promise<MessageResponse> {
  return apiFetch<MessageResponse>(`/api/appointments/${id}`, { method: 'DELETE' });
}

export function useCancelAppointment(repId: number) {
  const qc = useQueryClient();
  return useMutation({
    // Decision 033: without a network the cancellation waits in the device queue (shown, undoable) and is sent when
    // the network returns; run even offline, so it never pauses with the button spinning.
    mutationFn: (appointment: RepAppointment) => cancelOrQueue(repId, appointment, cancelAppointment),
    networkMode: 'always',
    onSettled: async () => {
      await Promise.all([qc.invalidateQueries({ queryKey: repAppointmentsKeyPrefix }), qc.invalidateQueries({ queryKey: bookingCalendarKeyPrefix })]);
    },
  });
}
