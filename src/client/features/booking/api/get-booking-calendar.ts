import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BookingCalendarResponse } from '../../../../shared/schemas/booking';
import { apiFetch } from '../../../lib/api';
import { withOfflineCache } from '../../../lib/offline-cache';
import { repQueryDefaults } from '../../../lib/rep-query-defaults';
import { bookingCalendarKeyPrefix } from './keys';

/**
 * GET /api/booking/calendar?clinicId=&doctorId=&month=yyyy-mm: each day's state for the month on view. With
 * `rescheduleId`, the days as they are for moving that visit (docs/decisions/043): asked of the server only, never kept
 * on the device, as a move needs the network.
 */
export async function getBookingCalendar(clinicId: number, doctorId: number, month: string, rescheduleId?: number): Promise<BookingCalendarResponse> {
  const path = `/api/booking/calendar?clinicId=${clinicId}&doctorId=${doctorId}&month=${month}`;
  if (rescheduleId !== undefined) return apiFetch<BookingCalendarResponse>(`${path}&rescheduleId=${rescheduleId}`);
  return withOfflineCache(`rep:calendar:${clinicId}:${doctorId}:${month}`, () => apiFetch<BookingCalendarResponse>(path));
}

export function useBookingCalendar(clinicId: number, doctorId: number, month: string, rescheduleId?: number) {
  return useQuery({
    ...repQueryDefaults,
    queryKey: [...bookingCalendarKeyPrefix, clinicId, doctorId, month, rescheduleId ?? null],
    queryFn: () => getBookingCalendar(clinicId, doctorId, month, rescheduleId),
    // Keep the month on view while the next one loads, so the grid does not jump.
    placeholderData: keepPreviousData,
  });
}
