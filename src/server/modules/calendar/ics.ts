import { addDays } from '../../../shared/dates';
import { clockTime, minutesOf, SLOT_MINUTES, visitEnd } from '../../../shared/booking/visit-windows';
import type { Locale } from '../../../shared/i18n/locales';
import { i18nFor, listWordIn } from '../../i18n';

// An iCalendar (RFC 5545) file for a booked visit: one VEVENT, all-day on the appointment date, or from the visit
// time for one visit's length where the doctor has visiting hours (docs/decisions/039). The UID is stable per
// appointment, so a calendar that imported the booking (METHOD:REQUEST) moves the same event when a reschedule's
// REQUEST (a higher SEQUENCE: the visit's revision) arrives, and removes it when the cancellation (METHOD:CANCEL,
// SEQUENCE one above the last REQUEST's) arrives (RFC 5546 2.1.4 and 3.2.2; docs/decisions/043).

/** When a visit is: a time ("HH:MM", Indian time) and a length, or no time for a visit booked for the whole day. */
export interface VisitTiming {
  startTime?: string | null;
  /** the length of one visit in minutes (the doctor's slotMinutes); the default when absent */
  slotMinutes?: number;
}

export interface VisitEvent extends VisitTiming {
  appointmentId: number;
  date: string; // yyyy-mm-dd
  doctorName: string;
  doctorSpecialty?: string | null;
  clinicName: string;
  clinicCity: string;
  clinicState: string;
  repName: string;
  repEmail: string;
  organizerEmail: string;
  /** host part of the UID, e.g. repvisit.example */
  uidHost: string;
  now: Date;
  /** How many times the rep moved the visit (doctor_appointments.revision); 0 when absent. */
  revision?: number;
  /** The rep's language: the event's title and description are in it (docs/decisions/045); English when absent. */
  locale?: Locale;
}

export const icsUid = (appointmentId: number, host: string) => `appointment-${appointmentId}@${host}`;

/**
 * Every line break a calendar app might honour: CRLF, a lone CR or LF, and the vertical tab, form feed, NEL and
 * the Unicode line and paragraph separators (a lone CR let a clinic's name start new properties and events).
 */
const LINE_BREAKS = /\r\n|[\r\n\v\f\u0085\u2028\u2029]/g;
/** RFC 5545 3.1 and 3.3.11: no control characters (but HTAB) in TEXT or parameter values. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point: they are removed
const CONTROLS = /[\u0000-\u0008\u000e-\u001f\u007f]/g;
// eslint-disable-next-line no-control-regex -- as above, with the double quote a quoted parameter cannot hold
const NOT_IN_PARAM = /["\u0000-\u0008\u000e-\u001f\u007f]/g;

/** Text values escaped as RFC 5545 3.3.11 asks: backslash, semicolon, comma, and each line break as \n. */
function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(LINE_BREAKS, '\\n').replace(CONTROLS, '');
}

/** A quoted parameter value (RFC 5545 3.2) holds no DQUOTE, line break or control character. */
const paramValue = (value: string) => value.replace(LINE_BREAKS, ' ').replace(NOT_IN_PARAM, '');

/** Lines longer than 75 octets are folded (RFC 5545 3.1), never inside a UTF-8 character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    const limit = out.length === 0 ? 75 : 74; // continuation lines start with a space
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

const basicDate = (iso: string) => iso.replace(/-/g, '');
const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

const INDIA = 'Asia/Kolkata';

/**
 * RFC 5545 3.6.5: every TZID an event uses is defined in the file. India has kept +05:30 (IST) without daylight
 * saving since 1945, so one STANDARD part describes it; calendar apps that know the zone use their own rules.
 */
const INDIA_TIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${INDIA}`,
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0530',
  'TZOFFSETTO:+0530',
  'TZNAME:IST',
  'END:STANDARD',
  'END:VTIMEZONE',
];

const startMinutes = (t: VisitTiming) => (t.startTime ? minutesOf(t.startTime) : null);
const isTimed = (t: VisitTiming) => startMinutes(t) !== null;
/** A local date-time of Indian time, "20261124T153000". */
const localDateTime = (date: string, minutes: number) => `${basicDate(date)}T${clockTime(minutes).replace(':', '')}00`;

/** DTSTART and DTEND: all-day (the next day is the exclusive end), or the visit time for one visit's length. */
function eventTimes(date: string, t: VisitTiming): string[] {
  const start = startMinutes(t);
  if (start === null) return [`DTSTART;VALUE=DATE:${basicDate(date)}`, `DTEND;VALUE=DATE:${basicDate(addDays(date, 1))}`];
  const end = visitEnd(date, t.startTime!, t.slotMinutes ?? SLOT_MINUTES.default);
  return [`DTSTART;TZID=${INDIA}:${localDateTime(date, start)}`, `DTEND;TZID=${INDIA}:${localDateTime(end.date, minutesOf(end.time)!)}`];
}

/** A timed visit keeps the rep busy; a whole-day one does not block the rep's day (as before visiting hours). */
const transparency = (t: VisitTiming) => (isTimed(t) ? 'TRANSP:OPAQUE' : 'TRANSP:TRANSPARENT');

/** The event's title: "Visit Dr. Mir at City Clinic", "Cancelled: ..." once cancelled. */
function summaryOf(locale: Locale | undefined, v: { doctorName: string; clinicName: string }, cancelled: boolean): string {
  const i18n = i18nFor(locale);
  const values = { doctor: v.doctorName, clinic: v.clinicName };
  return cancelled ? i18n._('Cancelled: Visit {doctor} at {clinic}', values) : i18n._('Visit {doctor} at {clinic}', values);
}

/**
 * The event's description: who, where, and (in a booking's file) through what it was booked. Read, not looked up on a
 * map, so its place is in the reader's language, a city and state of the spec's lists too (docs/decisions/045).
 */
function descriptionOf(
  locale: Locale | undefined,
  v: { doctorName: string; doctorSpecialty?: string | null; clinicName: string; clinicCity: string; clinicState: string },
  withBookedThrough: boolean,
): string {
  const i18n = i18nFor(locale);
  const place = i18n._('{clinic}, {city}, {state}', { clinic: v.clinicName, city: listWordIn(i18n, v.clinicCity), state: listWordIn(i18n, v.clinicState) });
  const visit = v.doctorSpecialty
    ? i18n._('Medical representative visit with {doctor} ({specialty}) at {place}.', {
        doctor: v.doctorName,
        specialty: listWordIn(i18n, v.doctorSpecialty),
        place,
      })
    : i18n._('Medical representative visit with {doctor} at {place}.', { doctor: v.doctorName, place });
  return withBookedThrough ? `${visit} ${i18n._('Booked through RepVisit.')}` : visit;
}

/**
 * SEQUENCE (RFC 5546 2.1.4): a REQUEST carries the visit's revision (0 as booked, 1 after the first reschedule...), a
 * CANCEL one more, so an organizer's update always outranks what the calendar holds.
 */
export function buildVisitIcs(e: VisitEvent, method: 'REQUEST' | 'CANCEL'): string {
  const cancelled = method === 'CANCEL';
  const revision = e.revision ?? 0;
  // The place as the data has it, in every language: a calendar looks a LOCATION up on its map.
  const place = `${e.clinicName}, ${e.clinicCity}, ${e.clinicState}`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//RepVisit//Booking//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    ...(isTimed(e) ? INDIA_TIMEZONE : []),
    'BEGIN:VEVENT',
    `UID:${icsUid(e.appointmentId, e.uidHost)}`,
    `DTSTAMP:${stamp(e.now)}`,
    ...eventTimes(e.date, e),
    `SEQUENCE:${cancelled ? revision + 1 : revision}`,
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    transparency(e),
    `SUMMARY:${escapeText(summaryOf(e.locale, e, cancelled))}`,
    `LOCATION:${escapeText(place)}`,
    `DESCRIPTION:${escapeText(descriptionOf(e.locale, e, true))}`,
    `ORGANIZER;CN=RepVisit:mailto:${e.organizerEmail}`,
    `ATTENDEE;CN="${paramValue(e.repName)}";ROLE=REQ-PARTICIPANT;PARTSTAT=${cancelled ? 'DECLINED' : 'ACCEPTED'}:mailto:${e.repEmail}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** One visit in a subscribed calendar feed. */
export interface FeedVisit extends VisitTiming {
  appointmentId: number;
  date: string; // yyyy-mm-dd
  doctorName: string;
  doctorSpecialty?: string | null;
  clinicName: string;
  clinicCity: string;
  clinicState: string;
}

/**
 * A rep's private calendar feed: the upcoming visits as VEVENTs with the same UIDs and times as the booking
 * e-mails' files, so a calendar that has both shows each visit once. No METHOD: a feed is published.
 */
export function buildVisitsFeed(visits: FeedVisit[], o: { calendarName: string; uidHost: string; now: Date; locale?: Locale }): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//RepVisit//Calendar feed//EN',
    'CALSCALE:GREGORIAN',
    `X-WR-CALNAME:${escapeText(o.calendarName)}`,
    'X-WR-TIMEZONE:Asia/Kolkata',
    'REFRESH-INTERVAL;VALUE=DURATION:PT6H',
    'X-PUBLISHED-TTL:PT6H',
    ...(visits.some(isTimed) ? INDIA_TIMEZONE : []),
  ];
  for (const v of visits) {
    // The place as the data has it, in every language: a calendar looks a LOCATION up on its map.
    const place = `${v.clinicName}, ${v.clinicCity}, ${v.clinicState}`;
    lines.push(
      'BEGIN:VEVENT',
      `UID:${icsUid(v.appointmentId, o.uidHost)}`,
      `DTSTAMP:${stamp(o.now)}`,
      ...eventTimes(v.date, v),
      'STATUS:CONFIRMED',
      transparency(v),
      `SUMMARY:${escapeText(summaryOf(o.locale, v, false))}`,
      `LOCATION:${escapeText(place)}`,
      `DESCRIPTION:${escapeText(descriptionOf(o.locale, v, false))}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
