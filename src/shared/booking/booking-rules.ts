import { addDays, formatDisplayDate, isIsoDate, weekdayOf, type IsoDate } from '../dates';
import { daySlots, SLOT_MINUTES, slotTimes, takenSlotTimes, VISIT_TIME_MESSAGES, type VisitWindow } from './visit-windows';
import { messageOf, type Message } from '../i18n/message';

// spec part 2, 5 (booking rules, rep calendar) and 4 (appointment statuses, cancellation): written once here,
// used by the calendar and by the server, which is the authority (ARCHITECTURE rule 1). Pure: `today` (the
// date in India) is passed in.

export const BOOKING_MESSAGES = {
  alreadyBookedOnDate: /*i18n*/ 'You already have an appointment with this doctor on this date',
  hasFutureAppointment:
    /*i18n*/ 'You already have a future appointment with this doctor at this clinic. Please complete or cancel your current appointment before booking another one.',
  frequency: (cutoff: IsoDate): Message => /*i18n*/ ({
    id: 'Due to call frequency restrictions, you cannot book an appointment before {date}. Please select a later date.',
    values: { date: formatDisplayDate(cutoff) },
  }),
  full: /*i18n*/ 'No appointment slots available for this date. Please select another date.',
  past: /*i18n*/ 'You cannot book an appointment for a past date. Please select today or a later date.',
  beyondHorizon: (last: IsoDate): Message => /*i18n*/ ({
    id: 'Appointments can be booked up to {date}. Please select an earlier date.',
    values: { date: formatDisplayDate(last) },
  }),
  unavailableWeekday: /*i18n*/ 'The doctor is not available on this day. Please select another date.',
  invalidDate: /*i18n*/ 'Please select a valid date.',
  booked: /*i18n*/ 'Appointment booked successfully',
  cancelled: /*i18n*/ 'Appointment cancelled successfully',
  cannotCancelToday: /*i18n*/ 'Cannot cancel on appointment day',
  cannotCancelCompleted: /*i18n*/ 'Appointment Completed',
  cannotCancelCancelled: /*i18n*/ 'Appointment Cancelled',
  // Decision 041: the spec's rep cancels only a booked visit; a confirmed one is the clinic's to cancel.
  cannotCancelConfirmed: /*i18n*/ 'Confirmed by the clinic. Please call the clinic to change it.',
  cannotCancelNoShow: /*i18n*/ 'Marked as no-show by the clinic',
  mustBeLoggedIn: /*i18n*/ 'You must be logged in to book an appointment',
  closed: /*i18n*/ "The clinic has cancelled this doctor's calls for this date. Please select another date.",
  leave: /*i18n*/ 'The doctor is on leave on this date. Please select another date.',
  clinicClosed: /*i18n*/ 'The clinic is closed on this date. Please select another date.',
} as const;

export interface BookingSettings {
  maxSlots: number;
  callFrequency: number;
  /** monday..sunday -> available (spec part 1, 3). */
  availableDays: Record<string, boolean>;
  /** Visiting hours (docs/decisions/039): none or absent means the whole day. */
  visitWindows?: readonly VisitWindow[];
  /** One visit's length inside a window, minutes. */
  slotMinutes?: number;
}

/** One of the doctor's appointments at this clinic. */
export interface DoctorAppointmentFact {
  date: IsoDate;
  status: string;
  repId: number;
  /** "HH:MM" when the doctor has visiting hours; null or absent for a whole-day visit */
  startTime?: string | null;
}

/** One of the rep's appointments with this doctor, at any clinic. */
export interface RepAppointmentFact {
  date: IsoDate;
  status: string;
  clinicId: number;
}

export interface BookingContext {
  settings: BookingSettings;
  clinicId: number;
  doctorAppointments: readonly DoctorAppointmentFact[];
  repAppointments: readonly RepAppointmentFact[];
  today: IsoDate;
  /**
   * The clinic's planned absences that concern this doctor (docs/decisions/040): the doctor's leave, or the whole
   * clinic closed (`wholeClinic`), from a date to a date inclusive; ended ones are left out.
   */
  absences?: readonly Absence[];
  /** Dates the clinic cancelled this doctor's calls ("Cancel Today's Calls"): closed to new bookings. */
  closedDates?: ReadonlySet<IsoDate> | readonly IsoDate[];
  /**
   * How many days ahead of today a visit can be booked (BOOKING_HORIZON_DAYS; docs/decisions/032): today plus
   * this many days is the last bookable date. Absent: no limit (the demo seed's plans).
   */
  horizonDays?: number;
  /** The time in India now ("HH:MM"): today's visit times that have started are gone (docs/decisions/039). */
  nowTime?: string;
}

/** A planned absence as the rules see it (docs/decisions/040). */
export interface Absence {
  from: IsoDate;
  to: IsoDate;
  wholeClinic: boolean;
}

export type DayBlockReason =
  'past' | 'beyond_horizon' | 'unavailable_weekday' | 'clinic_closed' | 'leave' | 'closed' | 'frequency' | 'full' | 'already_booked' | 'has_future_appointment';

export interface DayStatus {
  date: IsoDate;
  selectable: boolean;
  reason: DayBlockReason | null;
  slotsLeft: number;
  /** On a 'frequency' day only: the date its message names ('...cannot book an appointment before {date}'). */
  cutoff?: IsoDate;
}

export type BookingCheck = { ok: true } | { ok: false; reason: DayBlockReason | 'invalid_date'; message: Message; status: 400 | 409; cutoff?: IsoDate };

/** Active means booked or confirmed (spec part 1, 4). */
export const isActiveStatus = (status: string) => status === 'booked' || status === 'confirmed';
const counts = (status: string) => status !== 'cancelled';

/** Reads availableDays whether it arrives as an object or a JSON string (spec part 1, 3). */
export function normalizeAvailableDays(value: unknown): Record<string, boolean> {
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return {};
    }
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
  return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, b]) => [k.toLowerCase(), b === true]));
}

/**
 * Max slots minus non-cancelled appointments of the doctor at this clinic that date, never below 0; with visiting
 * hours, no more than the free visit times of the day (today: those not yet started).
 */
export function remainingSlots(
  ctx: Pick<BookingContext, 'settings' | 'doctorAppointments'> & Partial<Pick<BookingContext, 'today' | 'nowTime'>>,
  date: IsoDate,
): number {
  const onDate = ctx.doctorAppointments.filter((a) => a.date === date);
  const windows = ctx.settings.visitWindows ?? [];
  if (windows.length === 0) return Math.max(0, ctx.settings.maxSlots - onDate.filter((a) => counts(a.status)).length);
  return daySlots({
    visitWindows: windows,
    slotMinutes: ctx.settings.slotMinutes ?? SLOT_MINUTES.default,
    maxSlots: ctx.settings.maxSlots,
    taken: onDate,
    nowTime: date === ctx.today ? ctx.nowTime : undefined,
  }).slotsLeft;
}

/** The rep's active appointment dated today or later with this doctor at this clinic (the earliest), if any. */
export function futureAppointmentAtClinic(ctx: Pick<BookingContext, 'repAppointments' | 'clinicId' | 'today'>): RepAppointmentFact | null {
  const upcoming = ctx.repAppointments
    .filter((a) => a.clinicId === ctx.clinicId && isActiveStatus(a.status) && a.date >= ctx.today)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return upcoming[0] ?? null;
}

/**
 * The first date the call frequency allows, or null when nothing is frozen (spec part 2, 5): the rep's
 * earliest upcoming active appointment with this doctor blocks dates up to and including it and for the
 * frequency days after it; with only past visits, dates before the last visit plus the frequency days are
 * blocked.
 */
export function callFrequencyCutoff(ctx: Pick<BookingContext, 'settings' | 'repAppointments' | 'today'>): IsoDate | null {
  const freq = ctx.settings.callFrequency;
  let earliestUpcoming: IsoDate | null = null;
  let lastVisit: IsoDate | null = null;
  for (const a of ctx.repAppointments) {
    if (!counts(a.status)) continue;
    if (isActiveStatus(a.status) && a.date >= ctx.today) {
      if (earliestUpcoming === null || a.date < earliestUpcoming) earliestUpcoming = a.date;
    } else if (lastVisit === null || a.date > lastVisit) {
      lastVisit = a.date;
    }
  }
  const cutoff = earliestUpcoming !== null ? addDays(earliestUpcoming, freq + 1) : lastVisit !== null ? addDays(lastVisit, freq) : null;
  return cutoff !== null && cutoff > ctx.today ? cutoff : null;
}

/**
 * When call frequency forbids `date`, the first date after it that it allows (the {date} of the spec's message);
 * null when it allows `date`. Forbidden (spec part 2, 5, and its intent: docs/decisions/034): a date before the
 * spec's cutoff (callFrequencyCutoff), or one closer than this clinic's frequency to any of the rep's visits with
 * the doctor, at any clinic (fewer days apart than the frequency). So no two of a rep's visits with one doctor
 * end up closer than the frequency of the clinic booked last, however many clinics the doctor works at.
 */
export function frequencyCutoffFor(ctx: Pick<BookingContext, 'settings' | 'repAppointments' | 'today'>, date: IsoDate): IsoDate | null {
  return frequencyCutoffWith(frequencyFacts(ctx), date);
}

interface FrequencyFacts {
  cutoff: IsoDate | null;
  /** Per counted visit: the dates too close to it, [from, to], and the first date after them. */
  windows: { from: IsoDate; to: IsoDate; next: IsoDate }[];
}

function frequencyFacts(ctx: Pick<BookingContext, 'settings' | 'repAppointments' | 'today'>): FrequencyFacts {
  const freq = ctx.settings.callFrequency;
  const windows = ctx.repAppointments
    .filter((a) => counts(a.status))
    .map((a) => ({ from: addDays(a.date, 1 - freq), to: addDays(a.date, freq - 1), next: addDays(a.date, freq) }));
  return { cutoff: callFrequencyCutoff(ctx), windows };
}

function frequencyCutoffWith(facts: FrequencyFacts, date: IsoDate): IsoDate | null {
  // Walk forward over overlapping frozen stretches (visits at clinics with a shorter frequency may sit closer
  // together than this one's) to the first date none of them covers.
  let at = date;
  for (let moved = true; moved;) {
    moved = false;
    if (facts.cutoff !== null && at < facts.cutoff) {
      at = facts.cutoff;
      moved = true;
    }
    for (const w of facts.windows) {
      if (w.from <= at && at <= w.to) {
        at = w.next;
        moved = true;
      }
    }
  }
  return at === date ? null : at;
}

/** The last date a visit can be booked on (today plus the horizon), or null when there is no horizon. */
export function lastBookableDate(ctx: Pick<BookingContext, 'today' | 'horizonDays'>): IsoDate | null {
  return ctx.horizonDays === undefined ? null : addDays(ctx.today, ctx.horizonDays);
}

const isClosed = (ctx: Pick<BookingContext, 'closedDates'>, date: IsoDate) => {
  const closed = ctx.closedDates;
  if (!closed) return false;
  return 'has' in closed ? closed.has(date) : closed.includes(date);
};

/** The absence covering `date`, a whole-clinic closure before a doctor's leave; null when none does. */
export function absenceOn(ctx: Pick<BookingContext, 'absences'>, date: IsoDate): Absence | null {
  let found: Absence | null = null;
  for (const a of ctx.absences ?? []) {
    if (a.from <= date && date <= a.to && (found === null || (a.wholeClinic && !found.wholeClinic))) found = a;
  }
  return found;
}

const hasAppointmentOn = (ctx: Pick<BookingContext, 'repAppointments'>, date: IsoDate) => ctx.repAppointments.some((a) => a.date === date && counts(a.status));

/**
 * Whether a date can be picked and, if not, why (the order of the reasons is the order the server refuses in).
 * Selectable: not past, not beyond the booking horizon, on an available weekday, not closed by the clinic, no active future appointment with this doctor at this clinic,
 * not already booked by this rep, not frozen by call frequency, slots remaining.
 */
export function dayStatus(ctx: BookingContext, date: IsoDate): DayStatus {
  return statusOfDay(ctx, date, factsOf(ctx));
}

/** dayStatus of each date, with the facts every day shares worked out once (the month calendar). */
export function daysStatus(ctx: BookingContext, dates: IsoDate[]): DayStatus[] {
  const facts = factsOf(ctx);
  return dates.map((date) => statusOfDay(ctx, date, facts));
}

/** What does not depend on the date, computed when first needed. */
function factsOf(ctx: BookingContext) {
  let future: RepAppointmentFact | null | undefined;
  let frequency: FrequencyFacts | undefined;
  const last = lastBookableDate(ctx);
  return {
    last,
    future: () => (future === undefined ? (future = futureAppointmentAtClinic(ctx)) : future),
    frequency: () => (frequency ??= frequencyFacts(ctx)),
  };
}

function statusOfDay(ctx: BookingContext, date: IsoDate, facts: ReturnType<typeof factsOf>): DayStatus {
  const slotsLeft = remainingSlots(ctx, date);
  const blocked = (reason: DayBlockReason): DayStatus => ({ date, selectable: false, reason, slotsLeft });
  if (date < ctx.today) return blocked('past');
  if (facts.last !== null && date > facts.last) return blocked('beyond_horizon');
  if (ctx.settings.availableDays[weekdayOf(date)] !== true) return blocked('unavailable_weekday');
  const absence = absenceOn(ctx, date);
  if (absence) return blocked(absence.wholeClinic ? 'clinic_closed' : 'leave');
  if (isClosed(ctx, date)) return blocked('closed');
  if (hasAppointmentOn(ctx, date)) return blocked('already_booked');
  if (facts.future()) return blocked('has_future_appointment');
  const cutoff = frequencyCutoffWith(facts.frequency(), date);
  if (cutoff !== null) return { ...blocked('frequency'), cutoff };
  if (slotsLeft <= 0) return blocked('full');
  return { date, selectable: true, reason: null, slotsLeft };
}

/** How the server answers a booking on a day of each kind (400: never bookable; 409: taken or frozen now). */
const REFUSAL_STATUS: Record<DayBlockReason, 400 | 409> = {
  past: 400,
  beyond_horizon: 400,
  unavailable_weekday: 400,
  clinic_closed: 409,
  leave: 409,
  closed: 409,
  already_booked: 409,
  has_future_appointment: 409,
  frequency: 409,
  full: 409,
};

/**
 * The spec's message for a day that cannot be booked (spec part 2, 5): the server's refusal, and what the
 * calendar says when such a day is picked. `lastBookable`: the booking horizon's last date, if any.
 */
export function dayRefusalMessage(day: { reason: DayBlockReason; cutoff?: IsoDate }, lastBookable: IsoDate | null): Message {
  switch (day.reason) {
    case 'past':
      return messageOf(BOOKING_MESSAGES.past);
    case 'beyond_horizon':
      return BOOKING_MESSAGES.beyondHorizon(lastBookable ?? '');
    case 'unavailable_weekday':
      return messageOf(BOOKING_MESSAGES.unavailableWeekday);
    case 'clinic_closed':
      return messageOf(BOOKING_MESSAGES.clinicClosed);
    case 'leave':
      return messageOf(BOOKING_MESSAGES.leave);
    case 'closed':
      return messageOf(BOOKING_MESSAGES.closed);
    case 'already_booked':
      return messageOf(BOOKING_MESSAGES.alreadyBookedOnDate);
    case 'has_future_appointment':
      return messageOf(BOOKING_MESSAGES.hasFutureAppointment);
    case 'frequency':
      return BOOKING_MESSAGES.frequency(day.cutoff ?? '');
    case 'full':
      return messageOf(BOOKING_MESSAGES.full);
  }
}

/** The server's decision for a booking on `date`, with the spec's message on refusal. */
export function checkBooking(ctx: BookingContext, date: IsoDate): BookingCheck {
  if (!isIsoDate(date)) return { ok: false, reason: 'invalid_date', message: messageOf(BOOKING_MESSAGES.invalidDate), status: 400 };
  const day = dayStatus(ctx, date);
  if (day.reason === null) return { ok: true };
  const refusal = {
    ok: false as const,
    reason: day.reason,
    message: dayRefusalMessage({ ...day, reason: day.reason }, lastBookableDate(ctx)),
    status: REFUSAL_STATUS[day.reason],
  };
  return day.cutoff ? { ...refusal, cutoff: day.cutoff } : refusal;
}

export type VisitTimeCheck =
  | { ok: true }
  | { ok: false; code: 'visit_time_required' | 'visit_time_not_offered' | 'visit_time_taken' | 'visit_time_not_needed'; message: string; status: 400 | 409 };

/**
 * Whether `startTime` may be booked on a day checkBooking allowed (docs/decisions/039): with visiting hours a time
 * is required and must be the start of one of the day's visits, free (takenSlotTimes) and (today) not yet begun; without them no
 * time is taken. The database's unique index on (clinic, doctor, date, time) keeps one rep per time under races.
 */
export function checkVisitTime(ctx: BookingContext, date: IsoDate, startTime: string | undefined): VisitTimeCheck {
  const windows = ctx.settings.visitWindows ?? [];
  if (windows.length === 0) {
    return startTime === undefined ? { ok: true } : { ok: false, code: 'visit_time_not_needed', message: VISIT_TIME_MESSAGES.notNeeded, status: 400 };
  }
  if (startTime === undefined) return { ok: false, code: 'visit_time_required', message: VISIT_TIME_MESSAGES.required, status: 400 };
  if (!slotTimes(windows, ctx.settings.slotMinutes ?? SLOT_MINUTES.default).includes(startTime)) {
    return { ok: false, code: 'visit_time_not_offered', message: VISIT_TIME_MESSAGES.notOffered, status: 400 };
  }
  const onDate = ctx.doctorAppointments.filter((a) => a.date === date);
  const taken = takenSlotTimes({ visitWindows: windows, slotMinutes: ctx.settings.slotMinutes ?? SLOT_MINUTES.default, visits: onDate }).has(startTime);
  const started = date === ctx.today && ctx.nowTime !== undefined && startTime <= ctx.nowTime;
  return taken || started ? { ok: false, code: 'visit_time_taken', message: VISIT_TIME_MESSAGES.taken, status: 409 } : { ok: true };
}

export type CancelCheck = { ok: true } | { ok: false; message: string };

/**
 * spec part 2, 4: a rep can cancel only a booked appointment dated strictly after today. A booked one dated
 * today or earlier: 'Cannot cancel on appointment day'; completed: 'Appointment Completed'; cancelled: 'Appointment
 * Cancelled'. The statuses decision 041 made real say what they are: confirmed (the clinic's to change) and no-show.
 */
export function canRepCancel(appointment: { date: IsoDate; status: string }, today: IsoDate): CancelCheck {
  if (appointment.status === 'booked') {
    return appointment.date > today ? { ok: true } : { ok: false, message: BOOKING_MESSAGES.cannotCancelToday };
  }
  if (appointment.status === 'completed') return { ok: false, message: BOOKING_MESSAGES.cannotCancelCompleted };
  if (appointment.status === 'confirmed') return { ok: false, message: BOOKING_MESSAGES.cannotCancelConfirmed };
  if (appointment.status === 'no_show') return { ok: false, message: BOOKING_MESSAGES.cannotCancelNoShow };
  return { ok: false, message: BOOKING_MESSAGES.cannotCancelCancelled };
}

/** spec part 2, 5: the rep's own list keeps only today-or-later, non-cancelled appointments. */
export const isInRepList = (appointment: { date: IsoDate; status: string }, today: IsoDate) => appointment.date >= today && appointment.status !== 'cancelled';

/** Every date of a month 'yyyy-mm', in order. */
export function datesOfMonth(month: string): IsoDate[] {
  const first = `${month}-01`;
  if (!/^\d{4}-\d{2}$/.test(month) || !isIsoDate(first)) return [];
  const out: IsoDate[] = [];
  for (let d = first; d.startsWith(month); d = addDays(d, 1)) out.push(d);
  return out;
}
