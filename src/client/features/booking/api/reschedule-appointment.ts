import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Reschedule, RescheduleResponse } from '../../../../shared/schemas/waitlist';
import { apiFetch } from '../../../lib/api';
import { bookingCalendarKeyPrefix } from './keys';
import { daySlotsKeyPrefix } from './keys';
import { repAppointmentsKeyPrefix } from './keys';

/** POST /api/appointments/{id}/reschedule: moves the rep's visit, judged by the booking rules (docs/decisions/043). */
export async function rescheduleAppointment({ id, ...input }: Reschedule & { id: number }): Promise<RescheduleResponse> {
  return apiFetch<RescheduleResponse>(`/api/appointments/${id}/reschedule`, { method: 'POST', body: input });
}

/**
 * Moves a visit, then refreshes My Appointments and the calendars and day times of both dates. Never queued: a move
 * frees one slot and takes another at once, which only the server can judge (docs/decisions/043); offline the
 * screens do not offer it.
 */
export function useRescheduleAppointment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: rescheduleAppointment,
    // Needs the network: without one it fails at once with the network's message, never waits spinning.
    networkMode: 'always',
    onSettled: async () => {
      await Promise.all([repAppointmentsKeyPrefix, bookingCalendarKeyPrefix, daySlotsKeyPrefix].map((queryKey) => qc.invalidateQueries({ queryKey })));
    },
  });
}
