import type { DayBlockReason as CalendarDayReason } from '../../../../shared/booking/booking-rules';
import type { CalendarDay } from '../../../../shared/schemas/booking';

// Display words for the calendar's day states; the rules themselves are the server's (src/shared/booking).

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** Why a day cannot be picked, in words a screen reader reads after the date. */
export const REASON_TEXT: Record<CalendarDayReason, string> = {
  past: 'past date',
  beyond_horizon: 'too far ahead to book',
  unavailable_weekday: 'not a working day for this doctor',
  clinic_closed: 'the clinic is closed',
  leave: 'the doctor is on leave',
  closed: 'calls cancelled by the clinic',
  frequency: 'call-frequency freeze',
  full: 'fully booked',
  already_booked: 'you already have an appointment on this date',
  has_future_appointment: 'you have a future appointment with this doctor',
};

/** The short word shown inside a day cell. */
export const REASON_SHORT: Record<CalendarDayReason, string> = {
  past: 'Past',
  beyond_horizon: 'Later',
  unavailable_weekday: 'Off',
  clinic_closed: 'Closed',
  leave: 'Leave',
  closed: 'Closed',
  frequency: 'Freeze',
  full: 'Full',
  already_booked: 'Booked',
  has_future_appointment: 'Locked',
};

function parts(iso: string) {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return { y, m, d, weekday: new Date(Date.UTC(y, m - 1, d)).getUTCDay() };
}

/** 'Tuesday 10 March 2026'. */
export function longDate(iso: string): string {
  const { y, m, d, weekday } = parts(iso);
  return `${WEEKDAYS[weekday]} ${d} ${MONTHS[m - 1]} ${y}`;
}

/** 'March 2026' for a 'yyyy-mm' month. */
export function monthTitle(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${MONTHS[m - 1]} ${y}`;
}

export function slotsText(n: number): string {
  return `${n} slot${n === 1 ? '' : 's'} left`;
}

/** 'Tuesday 10 March 2026, 2 slots left' or 'Tuesday 10 March 2026, unavailable: past date'. */
export function dayAriaLabel(day: CalendarDay): string {
  if (day.selectable) return `${longDate(day.date)}, ${slotsText(day.slotsLeft)}`;
  return `${longDate(day.date)}, unavailable: ${day.reason ? REASON_TEXT[day.reason] : 'not bookable'}`;
}

/** 0 = Sunday: where the month's first day sits in a Sun..Sat row. */
export function weekdayIndex(iso: string): number {
  return parts(iso).weekday;
}

/** The 'yyyy-mm' month `delta` months from `month`. */
export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + delta, 1));
  return d.toISOString().slice(0, 7);
}
