import type { DayBlockReason as CalendarDayReason } from '../../../../shared/booking/booking-rules';
import type { Message } from '../../../../shared/i18n/message';
import type { CalendarDay } from '../../../../shared/schemas/booking';
import { i18n } from '../../../lib/i18n';
import { formatLongDate, formatMonthYear } from '../../../lib/intl-format';

// Display words for the calendar's day states; the rules themselves are the server's (src/shared/booking). The
// tables' texts are marked for translation and translated where they are shown (i18n._(REASON_TEXT[r])).

/** Why a day cannot be picked, in words a screen reader reads after the date. */
export const REASON_TEXT: Record<CalendarDayReason, string> = {
  past: /*i18n*/ 'past date',
  beyond_horizon: /*i18n*/ 'too far ahead to book',
  unavailable_weekday: /*i18n*/ 'not a working day for this doctor',
  clinic_closed: /*i18n*/ 'the clinic is closed',
  leave: /*i18n*/ 'the doctor is on leave',
  closed: /*i18n*/ 'calls cancelled by the clinic',
  frequency: /*i18n*/ 'call-frequency freeze',
  full: /*i18n*/ 'fully booked',
  already_booked: /*i18n*/ 'you already have an appointment on this date',
  has_future_appointment: /*i18n*/ 'you have a future appointment with this doctor',
};

/**
 * The short word shown inside a day cell. A doctor's leave is not the button that leaves a waitlist ('Leave'): the
 * same English word with a context, so its own id (Lingui's id of the text and context, docs/decisions/068).
 */
export const REASON_SHORT: Record<CalendarDayReason, Message> = {
  past: /*i18n*/ { id: 'Past' },
  beyond_horizon: /*i18n*/ { id: 'Later' },
  unavailable_weekday: /*i18n*/ { id: 'Off' },
  clinic_closed: /*i18n*/ { id: 'Closed' },
  leave: /*i18n*/ { id: 'm9jcQY', message: 'Leave', context: 'calendar day' },
  closed: /*i18n*/ { id: 'Closed' },
  frequency: /*i18n*/ { id: 'Freeze' },
  full: /*i18n*/ { id: 'Full' },
  already_booked: /*i18n*/ { id: 'Booked' },
  has_future_appointment: /*i18n*/ { id: 'Locked' },
};

function parts(iso: string) {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return { y, m, d, weekday: new Date(Date.UTC(y, m - 1, d)).getUTCDay() };
}

/** 'Tuesday, 10/03/2026' ('मंगलवार, 10/03/2026'): the weekday in the active language, the date as everywhere. */
export const longDate = formatLongDate;

/** 'March 2026' for a 'yyyy-mm' month. */
export function monthTitle(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return formatMonthYear(y, m);
}

export function slotsText(n: number): string {
  return i18n._('{count, plural, one {# slot left} other {# slots left}}', { count: n });
}

/** 'Tuesday, 10/03/2026, 2 slots left' or 'Tuesday, 10/03/2026, unavailable: past date'. */
export function dayAriaLabel(day: CalendarDay): string {
  if (day.selectable) return i18n._('{date}, {slots}', { date: longDate(day.date), slots: slotsText(day.slotsLeft) });
  const reason = day.reason ? i18n._(REASON_TEXT[day.reason]) : i18n._('not bookable');
  return i18n._('{date}, unavailable: {reason}', { date: longDate(day.date), reason });
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
