import { formatDisplayDate, timeInIndia, todayInIndia, weekdayIn, weekdayName } from '../shared/dates';
import type { Locale } from '../shared/i18n/locales';
import { i18nFor } from './i18n';

/*
 * The dates of the messages (e-mails, pushes, calendar files, WhatsApp values) in the reader's language
 * (docs/decisions/045-languages.md): calendar dates stay dd/mm/yyyy in every language; a weekday is a word of the
 * language. English keeps the words it always had.
 */

/** "Tuesday", "मंगलवार", "منگل": English keeps the word it always had (weekdayName). */
function weekdayWord(locale: Locale, date: string): string {
  return locale === 'en' ? weekdayName(date) : weekdayIn(locale, date);
}

/** "24/11/2026 at 15:30", or "24/11/2026" for a visit booked for the whole day. */
export function visitDateIn(locale: Locale, date: string, startTime: string | null | undefined): string {
  const i18n = i18nFor(locale);
  return startTime ? i18n._('{date} at {time}', { date: formatDisplayDate(date), time: startTime }) : formatDisplayDate(date);
}

// Each text is given a translator named i18n: the catalogue's extraction finds `i18n._('...')` only, and a text it
// misses is said in English in every language (the Urdu weekday with a Latin comma).

/** "Tuesday, 24/11/2026", with " at 15:30" where the visit has a time. */
export function dayIn(locale: Locale, date: string, startTime: string | null = null): string {
  const i18n = i18nFor(locale);
  return i18n._('{weekday}, {date}', { weekday: weekdayWord(locale, date), date: visitDateIn(locale, date, startTime) });
}

/** "12:30 (IST) on 02/03/2026": an instant as a time and date in India. */
export function indianTimeIn(locale: Locale, instant: Date): string {
  const i18n = i18nFor(locale);
  return i18n._('{time} (IST) on {date}', { time: timeInIndia(instant), date: formatDisplayDate(todayInIndia(instant)) });
}
