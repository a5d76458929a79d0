import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookAppointment, BookAppointmentResponse } from '../../../../shared/schemas/booking';
import type { Message } from '../../../../shared/i18n/message';
import { apiFetch } from '../../../lib/api';
import { bookOrQueue, type PendingAppointment, type PendingBookingData } from '../../../lib/offline-queue';
import { bookingCalendarKeyPrefix } from './keys';
import { daySlotsKeyPrefix } from './keys';
import { repAppointmentsKeyPrefix } from './keys';

/** POST /api/book-appointment; the server applies every booking rule (spec part 2, 5). */
export async function bookAppointment(input: BookAppointment): Promise<BookAppointmentResponse> {
  return apiFetch<BookAppointmentResponse>('/api/book-appointment', { method: 'POST', body: input });
}

/**
 * Books, then refreshes the calendar, the day's times and My Appointments (their caches never go stale on their own).
 * `offlineRefusal`: the booking rules applied to what is cached and queued, before a booking is queued (decision 033).
 */
export function useBookAppointment(offlineRefusal?: (input: PendingBookingData, queued: PendingAppointment[]) => Message | null) {
  const qc = useQueryClient();
  return useMutation({
    // Decision 010: without a network the booking waits in the device queue and is sent when the network returns.
    mutationFn: (input: PendingBookingData) => bookOrQueue(input, bookAppointment, offlineRefusal),
    networkMode: 'always',
    onSettled: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: bookingCalendarKeyPrefix }),
        qc.invalidateQueries({ queryKey: daySlotsKeyPrefix }),
        qc.invalidateQueries({ queryKey: repAppointmentsKeyPrefix }),
      ]);
    },
  });
}
