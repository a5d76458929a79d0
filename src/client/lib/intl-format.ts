import { formatDisplayDate, todayInIndia, weekdayIn } from '../../shared/dates';
import { currentLocale, i18n, intlLocale } from './i18n';

/*
 * Numbers, weekdays, months and instants in the active language (decision 045), always in Indian time. Calendar
 * dates keep the spec's dd/mm/yyyy (src/shared/dates.ts formatDisplayDate) in every language, alone or after their
 * weekday (formatLongDate) or before a time (formatDateTime); the words around them (weekday, month) are the
 * language's (docs/decisions/057). Formatters are made per call: Intl caches them itself.
 */
const IST = 'Asia/Kolkata';

/** 1,23,456 in Indian grouping, Latin digits. */
export function formatNumber(n: number): string {
  return n.toLocaleString(intlLocale());
}

/** A yyyy-mm-dd date's weekday in the active language ('Monday', 'सोमवार', 'پیر'). */
export function formatWeekday(isoDate: string, width: 'long' | 'short' = 'long'): string {
  return weekdayIn(currentLocale(), isoDate, width);
}

/** A yyyy-mm-dd date with its weekday, 'Tuesday, 10/03/2026' ('मंगलवार, 10/03/2026'), as the e-mails write it. */
export function formatLongDate(isoDate: string): string {
  return i18n._('{weekday}, {date}', { weekday: formatWeekday(isoDate.slice(0, 10)), date: formatDisplayDate(isoDate) });
}

/** A month of a year ('November 2026', 'नवंबर 2026'); month 1-12. */
export function formatMonthYear(year: number, month: number): string {
  return new Intl.DateTimeFormat(intlLocale(), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, 1));
}

/**
 * An instant as date and time in Indian time ('27/11/2026, 3:05 pm'). The date is the one dd/mm/yyyy: Intl's short
 * date style writes a two-digit year, and in Hindi and Urdu drops the leading zeros ('2/3/26').
 */
export function formatDateTime(instant: string | number | Date): string {
  const at = new Date(instant);
  if (!Number.isFinite(at.getTime())) throw new RangeError('Invalid time value');
  return i18n._('{date}, {time}', { date: formatDisplayDate(todayInIndia(at)), time: formatTimeOfDay(at) });
}

/** An instant's time of day in Indian time ('3:05 pm'). */
export function formatTimeOfDay(instant: string | number | Date): string {
  return new Intl.DateTimeFormat(intlLocale(), { timeStyle: 'short', timeZone: IST }).format(new Date(instant));
}

/** A file's size in the active language's words for kB, MB or GB ('5.3 MB', '5.3 मेगाबाइट'); 1 kB = 1,000 bytes. */
export function formatBytes(bytes: number): string {
  const [unit, size] =
    bytes >= 1e9 ? (['gigabyte', bytes / 1e9] as const) : bytes >= 1e6 ? (['megabyte', bytes / 1e6] as const) : (['kilobyte', bytes / 1e3] as const);
  return new Intl.NumberFormat(intlLocale(), { style: 'unit', unit, maximumFractionDigits: 1 }).format(size);
}
