// Visiting hours (docs/decisions/039-visit-windows-and-tokens.md): a doctor may receive reps only inside up to
// three windows a day at a clinic, one rep per visit of `slotMinutes`, the day's total still capped by Max
// Slots. No windows means the whole day, as the spec's booking by date. Pure and shared: the Call Preferences
// form, the rep's time buttons and the server (the authority) use these same functions. Times are "HH:MM",
// 24-hour, Indian time.

import { addDays, type IsoDate } from '../dates';
import { schemaMessage } from '../i18n/message';

export interface VisitWindow {
  start: string;
  end: string;
}

export const VISIT_WINDOWS_MAX = 3;
export const SLOT_MINUTES = { min: 5, max: 60, default: 15 } as const;

export const VISIT_TIME_MESSAGES = {
  required: /*i18n*/ 'Please select a visit time.',
  notOffered: /*i18n*/ 'Please select one of the visit times offered.',
  taken: /*i18n*/ 'This visit time is no longer available. Please select another time.',
  notNeeded: /*i18n*/ 'This doctor receives visits all day at this clinic: book the date without a visit time.',
} as const;

export const VISIT_WINDOW_MESSAGES = {
  tooMany: schemaMessage(/*i18n*/ { id: 'Add at most {max} visiting windows.', values: { max: VISIT_WINDOWS_MAX } }),
  time: /*i18n*/ 'Enter times as HH:MM (24-hour), for example 15:30.',
  order: /*i18n*/ 'A window must end after it starts.',
  overlap: /*i18n*/ 'Visiting windows must not overlap.',
  tooShort: /*i18n*/ 'A window must be long enough for one visit.',
  slotMinutes: schemaMessage(
    /*i18n*/ { id: 'Visit length must be between {min} and {max} minutes.', values: { min: SLOT_MINUTES.min, max: SLOT_MINUTES.max } },
  ),
} as const;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Whether `value` is a time "HH:MM" (00:00 to 23:59). */
export const isClockTime = (value: string) => HHMM.test(value);

/** Minutes after midnight of "HH:MM", or null when it is not such a time. */
export function minutesOf(value: string): number | null {
  if (!isClockTime(value)) return null;
  return Number(value.slice(0, 2)) * 60 + Number(value.slice(3));
}

/** "HH:MM" of minutes after midnight. */
export function clockTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** The windows earliest first (what is stored and shown). */
export const sortWindows = (windows: readonly VisitWindow[]): VisitWindow[] =>
  [...windows].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));

/** The start times of one window's visits: floor((end - start) / slotMinutes) of them, from `start` on. */
export function slotsOfWindow(window: VisitWindow, slotMinutes: number): string[] {
  const start = minutesOf(window.start);
  const end = minutesOf(window.end);
  if (start === null || end === null || slotMinutes <= 0) return [];
  const out: string[] = [];
  for (let t = start; t + slotMinutes <= end; t += slotMinutes) out.push(clockTime(t));
  return out;
}

/** Every visit start of the day, in time order; empty when the doctor has no windows (the whole day). */
export const slotTimes = (windows: readonly VisitWindow[], slotMinutes: number): string[] => sortWindows(windows).flatMap((w) => slotsOfWindow(w, slotMinutes));

/** How many reps the doctor can see in a day: Max Slots, or fewer when the windows hold fewer visits. */
export function dayCapacity(o: { visitWindows: readonly VisitWindow[]; slotMinutes: number; maxSlots: number }): number {
  if (o.visitWindows.length === 0) return o.maxSlots;
  return Math.min(o.maxSlots, slotTimes(o.visitWindows, o.slotMinutes).length);
}

/**
 * When a visit of `date` at `startTime` ends: its date and time. A visit length changed after booking can carry a late
 * visit past midnight; it ends on the next day then (the calendar file's DTEND).
 */
export function visitEnd(date: IsoDate, startTime: string, slotMinutes: number): { date: IsoDate; time: string } {
  const end = (minutesOf(startTime) ?? 0) + slotMinutes;
  return { date: addDays(date, Math.floor(end / 1440)), time: clockTime(end % 1440) };
}

export interface WindowProblem {
  /** which window (0-based), or null for the whole list or the visit length */
  index: number | null;
  field: 'start' | 'end' | 'windows' | 'slotMinutes';
  message: string;
}

/**
 * What is wrong with a set of windows and a visit length, in the form's order: the length, then each window
 * (times, order, long enough for one visit), then overlaps. Empty when they can be saved.
 */
export function visitWindowProblems(windows: readonly VisitWindow[], slotMinutes: number): WindowProblem[] {
  const problems: WindowProblem[] = [];
  const lengthOk = Number.isInteger(slotMinutes) && slotMinutes >= SLOT_MINUTES.min && slotMinutes <= SLOT_MINUTES.max;
  if (!lengthOk) problems.push({ index: null, field: 'slotMinutes', message: VISIT_WINDOW_MESSAGES.slotMinutes });
  if (windows.length > VISIT_WINDOWS_MAX) problems.push({ index: null, field: 'windows', message: VISIT_WINDOW_MESSAGES.tooMany });
  const valid: { index: number; start: number; end: number }[] = [];
  windows.forEach((w, index) => {
    const start = minutesOf(w.start);
    const end = minutesOf(w.end);
    if (start === null) problems.push({ index, field: 'start', message: VISIT_WINDOW_MESSAGES.time });
    if (end === null) problems.push({ index, field: 'end', message: VISIT_WINDOW_MESSAGES.time });
    if (start === null || end === null) return;
    if (end <= start) problems.push({ index, field: 'end', message: VISIT_WINDOW_MESSAGES.order });
    else if (lengthOk && end - start < slotMinutes) problems.push({ index, field: 'end', message: VISIT_WINDOW_MESSAGES.tooShort });
    else valid.push({ index, start, end });
  });
  // Each window against the latest end before it, not only its neighbour: a long window may hold two short ones.
  let latestEnd = -1;
  for (const w of [...valid].sort((a, b) => a.start - b.start)) {
    if (w.start < latestEnd) problems.push({ index: w.index, field: 'start', message: VISIT_WINDOW_MESSAGES.overlap });
    latestEnd = Math.max(latestEnd, w.end);
  }
  return problems;
}

/** "15:30-17:00, 18:00-19:00" (the settings summary reps read). */
export const formatVisitWindows = (windows: readonly VisitWindow[]) =>
  sortWindows(windows)
    .map((w) => `${w.start}-${w.end}`)
    .join(', ');

/** One visit of the doctor's day at a clinic, as the order needs it. */
export interface DayVisit {
  id: number;
  startTime: string | null;
  /** when it was booked (ISO text or a Date) */
  bookedAt: string | Date;
  status: string;
}

const instant = (v: string | Date) => (typeof v === 'string' ? Date.parse(v) : v.getTime());

/**
 * The day's order: each visit's token, its place in the doctor's day at the clinic, 1 first (by time, then by
 * booking time, then by id; a visit without a time, booked before the windows were set, comes after the timed
 * ones). Cancelled visits take no place and get no token.
 */
export function visitTokens(visits: readonly DayVisit[]): Map<number, number> {
  const counted = visits
    .filter((v) => v.status !== 'cancelled')
    .sort((a, b) => {
      const ta = a.startTime ?? '99:99';
      const tb = b.startTime ?? '99:99';
      if (ta !== tb) return ta < tb ? -1 : 1;
      const ba = instant(a.bookedAt);
      const bb = instant(b.bookedAt);
      return ba !== bb ? ba - bb : a.id - b.id;
    });
  return new Map(counted.map((v, i) => [v.id, i + 1]));
}

/** A visit of the day as the free times need it: its time, if any, and its status. */
export interface TimedVisit {
  startTime?: string | null;
  status: string;
}

/**
 * The visit times of the day held by visits that are not cancelled: the time a visit starts in ([time, time +
 * slotMinutes)). Visits keep their times when the clinic changes the windows or the visit length (docs/decisions/039),
 * so a kept visit may start between the new times; it then holds the one it falls in, and no two reps are sent in
 * at once. A visit outside every window, or without a time, holds none (it still counts against Max Slots).
 */
export function takenSlotTimes(o: { visitWindows: readonly VisitWindow[]; slotMinutes: number; visits: readonly TimedVisit[] }): Set<string> {
  const taken = new Set<string>();
  if (o.slotMinutes <= 0) return taken;
  for (const v of o.visits) {
    const at = v.status === 'cancelled' || !v.startTime ? null : minutesOf(v.startTime);
    if (at === null) continue;
    for (const w of o.visitWindows) {
      const start = minutesOf(w.start);
      const end = minutesOf(w.end);
      if (start === null || end === null || at < start || at >= end) continue;
      const slot = start + Math.floor((at - start) / o.slotMinutes) * o.slotMinutes;
      if (slot + o.slotMinutes <= end) taken.add(clockTime(slot));
    }
  }
  return taken;
}

export interface DaySlot {
  time: string;
  available: boolean;
}

/**
 * The day's visit times and which are free: a time is taken by a visit that is not cancelled (takenSlotTimes), and gone when the
 * date is today and it has started (`nowTime`, Indian time). Every time is unavailable once the day holds
 * Max Slots visits. `taken` lists the day's visits (any status).
 */
export function daySlots(o: {
  visitWindows: readonly VisitWindow[];
  slotMinutes: number;
  maxSlots: number;
  taken: readonly TimedVisit[];
  /** "HH:MM" now in India when the date is today; absent for a later date */
  nowTime?: string;
}): { slots: DaySlot[]; slotsLeft: number } {
  const active = o.taken.filter((t) => t.status !== 'cancelled');
  const takenTimes = takenSlotTimes({ visitWindows: o.visitWindows, slotMinutes: o.slotMinutes, visits: active });
  const times = slotTimes(o.visitWindows, o.slotMinutes);
  const open = (time: string) => !takenTimes.has(time) && (o.nowTime === undefined || time > o.nowTime);
  const left = Math.max(0, o.maxSlots - active.length);
  const free = times.filter(open).length;
  const slotsLeft = o.visitWindows.length === 0 ? left : Math.min(left, free);
  return { slots: times.map((time) => ({ time, available: slotsLeft > 0 && open(time) })), slotsLeft };
}
