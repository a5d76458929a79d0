// IST calendar-date helpers. "Today" is always the date in Asia/Kolkata, computed from a `now` passed in
// (ARCHITECTURE rule 3). Calendar dates are 'yyyy-mm-dd' strings.

import { INTL_LOCALE, type Locale } from './i18n/locales';

const IST_OFFSET_MINUTES = 330; // India has no daylight saving time.

export type IsoDate = string; // yyyy-mm-dd

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when `s` is a real calendar date written as yyyy-mm-dd (rejects 2025-02-30). */
export function isIsoDate(s: string): boolean {
  const m = ISO_DATE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === s;
}

/** The calendar date in India at instant `now`. */
export function todayInIndia(now: Date): IsoDate {
  return new Date(now.getTime() + IST_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}

/** The time of day in India at instant `now`, "HH:MM" (visiting hours, docs/decisions/039). */
export function timeInIndia(now: Date): string {
  return new Date(now.getTime() + IST_OFFSET_MINUTES * 60_000).toISOString().slice(11, 16);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = d + days;
  // Within days 1..28 the month never changes: no Date needed (the calendar calls this ~100 times per month).
  if (day >= 1 && day <= 28 && y >= 1000 && date.length === 10) return `${date.slice(0, 8)}${day < 10 ? '0' : ''}${day}`;
  return new Date(Date.UTC(y, m - 1, day)).toISOString().slice(0, 10);
}

/** Whole days from `a` to `b` (b - a). */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

const WEEKDAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

/** Lower-case English weekday of a calendar date. */
export function weekdayOf(date: IsoDate): (typeof WEEKDAY_NAMES)[number] {
  return WEEKDAY_NAMES[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
}

/** The weekday of a calendar date as a word, "Tuesday" (the e-mails' dates). */
export const weekdayName = (date: IsoDate) => weekdayOf(date).replace(/^./, (c) => c.toUpperCase());

/**
 * The weekday of a calendar date as a word of a language ('Tuesday', 'मंगलवार', 'منگل'; decision 045): the screens'
 * (src/client/lib/intl-format.ts) and the messages' (src/server/message-dates.ts).
 */
export function weekdayIn(locale: Locale, date: IsoDate, width: 'long' | 'short' = 'long'): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { weekday: width, timeZone: 'UTC' }).format(new Date(`${date.slice(0, 10)}T00:00:00Z`));
}

/** dd/mm/yyyy as the screens show dates; 'Invalid Date' for what is not a date (spec part 2, 5). */
export function formatDisplayDate(value: string | null | undefined): string {
  if (!value) return /*i18n*/ 'No Date';
  const iso = value.slice(0, 10);
  if (!isIsoDate(iso)) return /*i18n*/ 'Invalid Date';
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/** The instant at which a calendar date starts in India. */
export function startOfIndianDay(date: IsoDate): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - IST_OFFSET_MINUTES * 60_000);
}
