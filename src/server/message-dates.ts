import { formatDisplayDate, timeInIndia, todayInIndia, weekdayName } from '../shared/dates';
import { INTL_LOCALE, type Locale } from '../shared/i18n/locales';
import { i18nFor } from './i18n';

/*
 * The dates of the messages (e-mails, pushes, calendar files, WhatsApp values) in the reader's language
 * (docs/decisions/045-languages.md): calendar dates stay dd/mm/yyyy in every language; a weekday is a word of the
 * language. English keeps the words it always had.
 */

const weekdayFormats = new Map<Locale, Intl.DateTimeFormat>();

/** "Tuesday", "मंगलवार", "منگل": the weekday of a calendar date (yyyy-mm-dd), read as a UTC date. */
export function weekdayIn(locale: Locale, date: string): string {
  if (locale === 'en') return weekdayName(date);
  let format = weekdayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], { weekday: 'long', timeZone: 'UTC' });
    weekdayFormats.set(locale, format);
  }
  return format.format(new Date(`${date.slice(0, 10)}T00:00:00Z`));
}

/** "24/11/2026 at 15:30", or "24/11/2026" for a visit booked for the whole day. */
export function visitDateIn(locale: Locale, date: string, startTime: string | null | undefined): string {
  return startTime ? i18nFor(locale)._('{date} at {time}', { date: formatDisplayDate(date), time: startTime }) : formatDisplayDate(date);
}

/** "Tuesday, 24/11/2026", with " at 15:30" where the visit has a time. */
export function dayIn(locale: Locale, date: string, startTime: string | null = null): string {
  return i18nFor(locale)._('{weekday}, {date}', { weekday: weekdayIn(locale, date), date: visitDateIn(locale, date, startTime) });
}

/** "12:30 (IST) on 02/03/2026": an instant as a time and date in India. */
export function indianTimeIn(locale: Locale, instant: Date): string {
  return i18nFor(locale)._('{time} (IST) on {date}', { time: timeInIndia(instant), date: formatDisplayDate(todayInIndia(instant)) });
}
