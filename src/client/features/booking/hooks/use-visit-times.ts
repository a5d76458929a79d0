import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { timeInIndia } from '../../../../shared/dates';
import type { BookingCalendarResponse } from '../../../../shared/schemas/booking';
import { ApiError } from '../../../lib/api';
import { isNetworkFailure } from '../../../lib/offline-cache';
import type { PendingAppointment } from '../../../lib/offline-queue';
import { bookingQueries } from '../api/keys';
import type { VisitTimePickerProps } from '../components/visit-time-picker';
import { daySlotsFromCalendar, withQueuedTimes, type CalendarTarget } from '../lib/queued-calendar';

/** The refusals of a time that leave the day open: choose again among the times as they are now. */
const TIME_REFUSALS = new Set(['visit_time_taken', 'visit_time_not_offered', 'visit_time_required']);

/**
 * The visit time of the picked day when the doctor has visiting hours (docs/decisions/039): the day's times (from the
 * server, else the device's copy, else worked out offline from the kept calendar), the rep's waiting bookings counted,
 * and the rep's choice. Null when the doctor receives reps all day or the day cannot be booked: nothing changes then.
 */
export function useVisitTimes({
  calendar,
  date,
  bookable,
  queued,
  target,
  rescheduleId,
}: {
  calendar: BookingCalendarResponse | undefined;
  date: string | null;
  bookable: boolean;
  queued: readonly PendingAppointment[];
  target: CalendarTarget;
  /** The visit being moved: its own time is then free (docs/decisions/043). */
  rescheduleId?: number;
}): { picker: VisitTimePickerProps; startTime: string | null; onRefused: (err: unknown) => void } | null {
  // A calendar kept on the device from before visiting hours existed has none: the whole day.
  const hasWindows = (calendar?.settings.visitWindows?.length ?? 0) > 0;
  const active = hasWindows && bookable && date !== null;
  const query = useQuery({ ...bookingQueries.daySlots(target.clinicId, target.doctorId, date, rescheduleId), enabled: active });
  const [choice, setChoice] = useState<{ date: string; time: string } | null>(null);
  const [notice, setNotice] = useState<{ date: string; message: string } | null>(null);
  if (!active || !calendar) return null;

  const estimated = !query.data && query.isError && isNetworkFailure(query.error);
  const known = query.data ?? (estimated ? daySlotsFromCalendar(calendar, date, timeInIndia(new Date())) : null);
  const day = known ? withQueuedTimes(known, queued, target) : null;
  // A time chosen earlier counts only while it is still free (the day's times are asked again on every pick).
  const chosen = choice?.date === date && day?.slots.some((s) => s.time === choice.time && s.available) ? choice.time : null;

  return {
    picker: {
      day,
      loading: query.isFetching,
      failed: query.isError && !estimated,
      onRetry: () => void query.refetch(),
      chosen,
      onChoose: (time) => {
        setChoice({ date, time });
        setNotice(null);
      },
      notice: notice?.date === date ? notice.message : null,
      estimated,
    },
    startTime: chosen,
    // The booking hook refreshes the day's times after every answer; a refused time is no longer the choice.
    onRefused: (err) => {
      if (!(err instanceof ApiError) || !err.code || !TIME_REFUSALS.has(err.code)) return;
      setChoice(null);
      setNotice({ date, message: err.message });
    },
  };
}
