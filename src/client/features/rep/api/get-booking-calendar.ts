import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BookingCalendarResponse } from '../../../../shared/schemas/booking';
import { apiFetch } from '../../../lib/api';
import { withOfflineCache } from '../../../lib/offline-cache';
import { repQueryDefaults } from '../../../lib/rep-query-defaults';

/** GET /api/booking/calendar?clinicId=&doctorId=&month=yyyy-mm: each day's state for the month on view. */
export async function getBookingCalendar(clinicId: number, doctorId: number, month: string): Promise<BookingCalendarResponse> {
  return withOfflineCache(`rep:calendar:${clinicId}:${doctorId}:${month}`, () =>
    apiFetch<BookingCalendarResponse>(`/api/booking/calendar?clinicId=${clinicId}&doctorId=${doctorId}&month=${month}`),
  );
}

export const bookingCalendarKeyPrefix = ['rep', 'calendar'] as const;

export function useBookingCalendar(clinicId: number, doctorId: number, month: string) {
  return useQuery({
    ...repQueryDefaults,
    queryKey: [...bookingCalendarKeyPrefix, clinicId, doctorId, month],
    queryFn: () => getBookingCalendar(clinicId, doctorId, month),
    // Keep the month on view while the next one loads, so the grid does not jump.
    placeholderData: keepPreviousData,
  });
}
