import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { BookingCalendarResponse, DaySlotsResponse, DoctorAvailabilityResponse, RepAppointmentsResponse } from '../../../../shared/schemas/booking';
import { apiFetch } from '../../../lib/api';
import { withOfflineCache } from '../../../lib/offline-cache';
import { repQueryDefaults } from '../../../lib/rep-query-defaults';

// Query keys and queryOptions factories of the booking domain: a leaf any domain may import to read or invalidate
// them (docs/decisions/066, 067). Key values unchanged, so the device's cached answers and the invalidations still
// meet them.
export const bookingCalendarKeyPrefix = ['rep', 'calendar'] as const;
export const doctorAvailabilityKey = (clinicId: number, doctorId: number) => ['rep', 'availability', clinicId, doctorId] as const;
export const repAppointmentsKeyPrefix = ['rep', 'appointments'] as const;
export const daySlotsKeyPrefix = ['rep', 'day-slots'] as const;

/** How often the picked day's times are asked again while shown. */
export const DAY_SLOTS_REFRESH_MS = 60_000;

export const bookingQueries = {
  /**
   * GET /api/booking/calendar?clinicId=&doctorId=&month=yyyy-mm: each day's state for the month on view. With
   * `rescheduleId`, the days as they are for moving that visit (docs/decisions/043): asked of the server only, never
   * kept on the device, as a move needs the network.
   */
  calendar: (clinicId: number, doctorId: number, month: string, rescheduleId?: number) =>
    queryOptions({
      ...repQueryDefaults,
      queryKey: [...bookingCalendarKeyPrefix, clinicId, doctorId, month, rescheduleId ?? null] as const,
      queryFn: () => {
        const path = `/api/booking/calendar?clinicId=${clinicId}&doctorId=${doctorId}&month=${month}`;
        if (rescheduleId !== undefined) return apiFetch<BookingCalendarResponse>(`${path}&rescheduleId=${rescheduleId}`);
        return withOfflineCache(`rep:calendar:${clinicId}:${doctorId}:${month}`, () => apiFetch<BookingCalendarResponse>(path));
      },
      // Keep the month on view while the next one loads, so the grid does not jump.
      placeholderData: keepPreviousData,
    }),
  /**
   * GET /api/booking/day-slots?doctorId=&clinicId=&date=: the day's visit times and which are free (docs/decisions/039);
   * waits for a date. Kept on the device like the month calendar (decision 010), so a day opened online can be booked
   * offline. With `rescheduleId`, the times as they are for moving that visit (its own time free), asked of the server
   * only (docs/decisions/043).
   */
  daySlots: (clinicId: number, doctorId: number, date: string | null, rescheduleId?: number) =>
    queryOptions({
      ...repQueryDefaults,
      queryKey: [...daySlotsKeyPrefix, clinicId, doctorId, date, rescheduleId ?? null] as const,
      queryFn: () => {
        const path = `/api/booking/day-slots?doctorId=${doctorId}&clinicId=${clinicId}&date=${date!}`;
        if (rescheduleId !== undefined) return apiFetch<DaySlotsResponse>(`${path}&rescheduleId=${rescheduleId}`);
        return withOfflineCache(`rep:day-slots:${clinicId}:${doctorId}:${date!}`, () => apiFetch<DaySlotsResponse>(path));
      },
      enabled: date !== null,
      // Other reps take times all day: a day picked again is asked again (the rest of the rep's queries never go
      // stale), and the times on screen are asked again every minute while the page is in view, so a time taken
      // meanwhile goes grey before the rep picks it (docs/decisions/039). Offline, the device's copy answers.
      staleTime: 0,
      refetchInterval: DAY_SLOTS_REFRESH_MS,
    }),
  /** GET /api/doctor-availability?clinicId=&doctorId=: the doctor's call settings at this clinic. */
  availability: (clinicId: number, doctorId: number) =>
    queryOptions({
      ...repQueryDefaults,
      queryKey: doctorAvailabilityKey(clinicId, doctorId),
      queryFn: async () => {
        const res = await withOfflineCache(`rep:availability:${clinicId}:${doctorId}`, () =>
          apiFetch<DoctorAvailabilityResponse>(`/api/doctor-availability?clinicId=${clinicId}&doctorId=${doctorId}`),
        );
        return res.settings;
      },
    }),
  /** GET /api/rep-appointments?repId=: today and later, not cancelled (spec part 2, 5). */
  repAppointments: (repId: number) =>
    queryOptions({
      ...repQueryDefaults,
      queryKey: [...repAppointmentsKeyPrefix, repId] as const,
      queryFn: async () => {
        const res = await withOfflineCache(`rep:appointments:${repId}`, () => apiFetch<RepAppointmentsResponse>(`/api/rep-appointments?repId=${repId}`));
        return res.appointments;
      },
      // spec part 2, 2.1: My Appointments reloads each time the tab opens (its content mounts then).
      refetchOnMount: 'always',
    }),
};
