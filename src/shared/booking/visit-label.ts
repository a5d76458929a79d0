import { formatDisplayDate } from '../dates';
import type { Message } from '../i18n/message';

// How a visit's time and place in the doctor's day read wherever the visit is shown: the clinic's day view, the
// admin's list, the e-mails (docs/decisions/039-visit-windows-and-tokens.md). A token exists only for a visit
// that is not cancelled; a time only where the doctor has visiting hours.

/** "#2 · 15:45" with a time, "#2" without one, "15:45" for a cancelled timed visit, null when there is neither. */
export function visitLabel(v: { token: number | null; start_time: string | null }): string | null {
  const token = v.token === null ? null : `#${v.token}`;
  if (token && v.start_time) return `${token} · ${v.start_time}`;
  return token ?? v.start_time ?? null;
}

/**
 * "24/11/2026 at 15:30", or "24/11/2026" for a visit booked for the whole day: a message, shown as `i18n._(when)`
 * (the date alone is a text with nothing to translate).
 */
export function visitDateText(date: string, startTime: string | null | undefined): Message {
  if (!startTime) return { id: '{date}', values: { date: formatDisplayDate(date) } };
  return /*i18n*/ { id: '{date} at {time}', values: { date: formatDisplayDate(date), time: startTime } };
}
