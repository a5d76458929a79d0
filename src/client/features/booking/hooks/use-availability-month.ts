import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { todayInIndia } from '../../../../shared/dates';
import { bookingQueries } from '../api/keys';
import { shiftMonth } from '../components/calendar-day-text';

/**
 * The month on view of a doctor's calendar at a clinic, its settings and its days: for booking, and, with
 * `rescheduleId`, for moving that visit (the days judged as if it did not exist, docs/decisions/043). The calendar
 * opens on `firstMonth` (yyyy-mm), by default this month.
 */
export function useAvailabilityMonth({
  clinicId,
  doctorId,
  rescheduleId,
  firstMonth,
}: {
  clinicId: number;
  doctorId: number;
  rescheduleId?: number;
  firstMonth?: string;
}) {
  const [month, setMonth] = useState(() => firstMonth ?? todayInIndia(new Date()).slice(0, 7));
  const settings = useQuery(bookingQueries.availability(clinicId, doctorId));
  const calendar = useQuery(bookingQueries.calendar(clinicId, doctorId, month, rescheduleId));
  return { month, onMonthChange: (delta: number) => setMonth((m) => shiftMonth(m, delta)), settings, calendar };
}

export type AvailabilityMonth = ReturnType<typeof useAvailabilityMonth>;
