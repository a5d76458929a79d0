import { formatDisplayDate, todayInIndia } from '../../../../shared/dates';
import { i18n } from '../../../lib/i18n';
import { formatDateTime, formatTimeOfDay } from '../../../lib/intl-format';

// How the admin screens write dates (spec part 2, 2.5: dd/mm/yyyy; 2.6: local date and time).

/** A calendar date (yyyy-mm-dd) or an instant as dd/mm/yyyy; instants are read as Indian calendar days. */
export function displayDate(value: string | null | undefined): string {
  if (!value) return i18n._('No Date');
  if (value.length <= 10) return formatDisplayDate(value);
  const t = Date.parse(value);
  if (!Number.isFinite(t)) return i18n._('Invalid Date');
  return formatDisplayDate(todayInIndia(new Date(t)));
}

/** An instant's date and time in Indian time, in the active language (decision 045). */
export function displayDateTime(value: string | null | undefined): string {
  if (!value) return i18n._('No Date');
  const t = Date.parse(value);
  if (!Number.isFinite(t)) return i18n._('Invalid Date');
  try {
    return formatDateTime(t);
  } catch {
    return i18n._('Date Error');
  }
}

/** An instant's time of day in Indian time (hours and minutes), for a moment close at hand such as an e-mail's next try. */
export function displayTime(value: string | null | undefined): string {
  if (!value) return i18n._('No Date');
  const t = Date.parse(value);
  if (!Number.isFinite(t)) return i18n._('Invalid Date');
  return formatTimeOfDay(t);
}

const IST_DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * An instant as dd/mm/yyyy HH:MM in India's time: the audit trail and the security events are read by a team in
 * different places, and one clock for everyone lets them compare rows.
 */
export function displayDateTimeIst(value: string | null | undefined): string {
  if (!value) return i18n._('No Date');
  const t = Date.parse(value);
  if (!Number.isFinite(t)) return i18n._('Invalid Date');
  return IST_DATE_TIME.format(new Date(t)).replace(',', '');
}
