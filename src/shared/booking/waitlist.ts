import { addDays, todayInIndia, type IsoDate } from '../dates';
import { checkBooking, remainingSlots, type BookingContext, type DayBlockReason, type DoctorAppointmentFact, type RepAppointmentFact } from './booking-rules';
import { daySlots, SLOT_MINUTES } from './visit-windows';
import { messageOf, type Message } from '../i18n/message';

// Rescheduling and the waitlist of a full day (docs/decisions/043-rescheduling-and-waitlist.md), written once here for
// the server (the authority) and the screens. Pure: `now` and `today` are passed in. The order of the line is first
// come, first served (the entry's id): nothing a rep pays or is buys a place (UCPMP 2024).

export const WAITLIST_STATUSES = ['waiting', 'offered', 'accepted', 'declined', 'expired'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];
/** Waiting or offered: the entry still has a place in the day's line. */
export const isOpenWaitlistStatus = (status: string) => status === 'waiting' || status === 'offered';
/**
 * What My Appointments lists: a place in line, and an offer that ran out (docs/decisions/050: a lapsed offer does not
 * vanish; today or later, so every 'expired' entry listed is a lapsed offer, a day's closed line being in the past).
 */
export const isListedWaitlistStatus = (status: string) => isOpenWaitlistStatus(status) || status === 'expired';

export const RESCHEDULE_MESSAGES = {
  rescheduled: /*i18n*/ 'Appointment rescheduled successfully',
  cannotRescheduleToday: /*i18n*/ 'Cannot reschedule on appointment day',
  cannotRescheduleCompleted: /*i18n*/ 'Appointment Completed',
  cannotRescheduleCancelled: /*i18n*/ 'Appointment Cancelled',
  cannotRescheduleNoShow: /*i18n*/ 'Marked as no-show by the clinic',
  sameDay: /*i18n*/ 'Please select a different date or time.',
} as const;

export const WAITLIST_MESSAGES = {
  joined: /*i18n*/ 'You have joined the waitlist',
  slotsAvailable: /*i18n*/ 'Slots are available on this date. Please book it.',
  alreadyWaiting: /*i18n*/ 'You are already on the waitlist for this date.',
  notFound: /*i18n*/ 'Waitlist entry not found',
  left: /*i18n*/ 'You have left the waitlist',
  /** DELETE of an entry no longer in line (an offer that ran out, shown until removed: docs/decisions/050). */
  removed: /*i18n*/ 'Removed from your waitlist',
  declined: /*i18n*/ 'Offer declined. It has been passed to the next rep in line.',
  offerClosed: /*i18n*/ 'This offer is no longer open.',
  booked: /*i18n*/ 'Appointment booked successfully',
} as const;

export type RescheduleCheck = { ok: true } | { ok: false; message: string };

/**
 * Whether the rep may move a visit (docs/decisions/043): like cancelling (spec part 2, 4), only the rep's own active
 * visit dated strictly after today; a confirmed one may be moved too (it then waits for confirmation again where the
 * doctor requires it).
 */
export function canRepReschedule(appointment: { date: IsoDate; status: string }, today: IsoDate): RescheduleCheck {
  if (appointment.status === 'booked' || appointment.status === 'confirmed') {
    return appointment.date > today ? { ok: true } : { ok: false, message: RESCHEDULE_MESSAGES.cannotRescheduleToday };
  }
  if (appointment.status === 'completed') return { ok: false, message: RESCHEDULE_MESSAGES.cannotRescheduleCompleted };
  if (appointment.status === 'no_show') return { ok: false, message: RESCHEDULE_MESSAGES.cannotRescheduleNoShow };
  return { ok: false, message: RESCHEDULE_MESSAGES.cannotRescheduleCancelled };
}

/** The visit being moved, as the booking facts know it. */
export interface MovedVisit {
  date: IsoDate;
  repId: number;
  clinicId: number;
}

/**
 * The booking context as if the moved visit did not exist (docs/decisions/043): it is left out of the doctor's day and
 * of the rep's visits with the doctor, so it neither fills its own day nor blocks the new date by "one future visit" or
 * call frequency. A rep has at most one active visit with a
 * doctor per date (the unique index), so date and rep name it.
 */
export function withoutVisit(ctx: BookingContext, moved: MovedVisit): BookingContext {
  return {
    ...ctx,
    doctorAppointments: ctx.doctorAppointments.filter((a) => !(a.date === moved.date && a.repId === moved.repId)),
    repAppointments: ctx.repAppointments.filter((a) => !(a.date === moved.date && a.clinicId === moved.clinicId)),
  };
}

/** An open entry of a day's line as the rules need it. */
export interface WaitlistFact {
  id: number;
  repId: number;
  status: string;
  offerExpiresAt: Date | string | null;
  heldStartTime: string | null;
}

const instant = (v: Date | string) => (typeof v === 'string' ? Date.parse(v) : v.getTime());

/** An offer holds its slot until its expiry (exclusive). */
export const isHolding = (e: Pick<WaitlistFact, 'status' | 'offerExpiresAt'>, now: Date) =>
  e.status === 'offered' && e.offerExpiresAt !== null && instant(e.offerExpiresAt) > now.getTime();

/**
 * The slots held by running offers, as appointments of the day: the booking rules then count them like visits, so
 * the day reads full to everyone else (and a held time is taken). `except`: the entry whose own hold is being taken
 * up by accepting it.
 */
export function holdsAsAppointments(date: IsoDate, entries: readonly WaitlistFact[], now: Date, except?: number): DoctorAppointmentFact[] {
  return entries.filter((e) => e.id !== except && isHolding(e, now)).map((e) => ({ date, status: 'held', repId: e.repId, startTime: e.heldStartTime }));
}

/** The entry's place in the day's line: 1 for the first waiting rep; null once it is no longer waiting. */
export function waitlistPosition(entries: readonly Pick<WaitlistFact, 'id' | 'status'>[], id: number): number | null {
  const waiting = entries.filter((e) => e.status === 'waiting').sort((a, b) => a.id - b.id);
  const at = waiting.findIndex((e) => e.id === id);
  return at === -1 ? null : at + 1;
}

/** The waiting entries in the order they are offered a freed slot: first come, first served. */
export const lineOrder = <T extends Pick<WaitlistFact, 'id' | 'status'>>(entries: readonly T[]): T[] =>
  entries.filter((e) => e.status === 'waiting').sort((a, b) => a.id - b.id);

/** When an offer made at `now` stops holding its slot, were nothing nearer to bound it (the setting's hold). */
export const offerExpiry = (now: Date, holdMinutes: number) => new Date(now.getTime() + holdMinutes * 60_000);

/**
 * The bounds of an offer's hold (docs/decisions/050): the line's chain ends this long before the visit starts; from
 * the day before the visit on, a hold lasts at most `dayBeforeMaxMinutes`; a hold shorter than `minHoldMinutes` (or
 * the setting, if shorter) is not offered at all, as it could not be read and taken in time. A whole-day visit (no
 * visiting hours) starts at `wholeDayStart`, India's time.
 */
export const OFFER_HOLD = { chainEndsMinutesBefore: 120, dayBeforeMaxMinutes: 30, minHoldMinutes: 10, wholeDayStart: '09:00' } as const;

/** The instant a visit of `date` starts: its time, or the whole day's start (docs/decisions/050), in India. */
export const visitStartOf = (date: IsoDate, startTime: string | null) => new Date(`${date}T${startTime ?? OFFER_HOLD.wholeDayStart}:00+05:30`);

/**
 * When an offer of the visit (`date`, `startTime`) made at `now` stops holding it (docs/decisions/050): at the earliest
 * of `holdMinutes` from now, the chain's end (2 hours before the visit starts), and, from the day before the visit on,
 * 30 minutes from now. null when less than the shortest hold is left: the chain has ended and the slot is open to all.
 */
export function offerHoldEnd(o: { now: Date; date: IsoDate; startTime: string | null; holdMinutes: number }): Date | null {
  const minute = 60_000;
  const now = o.now.getTime();
  const nearby = todayInIndia(o.now) >= addDays(o.date, -1);
  const limit = nearby ? Math.min(o.holdMinutes, OFFER_HOLD.dayBeforeMaxMinutes) : o.holdMinutes;
  const chainEnd = visitStartOf(o.date, o.startTime).getTime() - OFFER_HOLD.chainEndsMinutesBefore * minute;
  const end = Math.min(offerExpiry(o.now, limit).getTime(), chainEnd);
  return end - now < Math.min(OFFER_HOLD.minHoldMinutes, o.holdMinutes) * minute ? null : new Date(end);
}

/**
 * The visit time an offer holds: with visiting hours, the earliest free time of the day (counting visits and running
 * holds; today, not yet begun) that `canHold` allows (by default any); null for a whole-day doctor (when `canHold(null)`).
 * undefined when no slot is free, or none may be held (nothing to offer).
 */
export function timeToHold(
  ctx: Pick<BookingContext, 'settings' | 'doctorAppointments' | 'today' | 'nowTime'>,
  date: IsoDate,
  canHold: (startTime: string | null) => boolean = () => true,
): string | null | undefined {
  const windows = ctx.settings.visitWindows ?? [];
  const { slots, slotsLeft } = daySlots({
    visitWindows: windows,
    slotMinutes: ctx.settings.slotMinutes ?? SLOT_MINUTES.default,
    maxSlots: ctx.settings.maxSlots,
    taken: ctx.doctorAppointments.filter((a) => a.date === date),
    nowTime: date === ctx.today ? ctx.nowTime : undefined,
  });
  if (slotsLeft <= 0) return undefined;
  if (windows.length === 0) return canHold(null) ? null : undefined;
  return slots.find((s) => s.available && canHold(s.time))?.time;
}

/** What an entry reads as at `now`: an offer whose hold ran out is 'expired' even before the sweep marks it so. */
export const waitlistStatusAt = (e: Pick<WaitlistFact, 'status' | 'offerExpiresAt'>, now: Date): WaitlistStatus =>
  e.status === 'offered' && !isHolding(e, now) ? 'expired' : (e.status as WaitlistStatus);

export type WaitlistJoinCheck = { ok: true } | { ok: false; code: DayBlockReason | 'invalid_date' | 'slots_available'; message: Message; status: 400 | 409 };

/**
 * Whether the rep may join the line of `date` (docs/decisions/043): only when the booking would be refused because the
 * day is full (holds counted) and for no other reason. checkBooking refuses for the first reason in the spec's order
 * and 'full' comes last, so a 'full' refusal means every other rule would let this rep book the day. A day with a
 * free slot is to be booked, not waited for.
 */
export function checkWaitlistJoin(ctx: BookingContext, date: IsoDate): WaitlistJoinCheck {
  const day = checkBooking(ctx, date);
  if (day.ok) return { ok: false, code: 'slots_available', message: messageOf(WAITLIST_MESSAGES.slotsAvailable), status: 409 };
  if (day.reason === 'full') return { ok: true };
  return { ok: false, code: day.reason, message: day.message, status: day.status };
}

/** A waiting rep as the offering needs them: may they book at all, and their visits with the doctor (any clinic). */
export interface LineCandidate {
  /** The account is active and the subscription runs (booking's 402 otherwise). */
  mayBook: boolean;
  repAppointments: readonly RepAppointmentFact[];
  /** The rep's offers of this doctor's days, at any clinic: one running offer per doctor at a time (decision 050). */
  offersWithDoctor?: readonly Pick<WaitlistFact, 'id' | 'status' | 'offerExpiresAt'>[];
}

export interface PlannedOffer {
  id: number;
  repId: number;
  heldStartTime: string | null;
  offerExpiresAt: Date;
  /** How long the hold is, in whole minutes (what the messages say). */
  holdMinutes: number;
}

/**
 * Which waiting entries of `date` are offered a slot now (docs/decisions/043 and 050): while the day has a free slot
 * (visits and running holds counted; not closed, on leave or an unavailable weekday), the first waiting entry in line
 * whose rep the booking rules would let book the day, and who holds no running offer of this doctor, is offered the
 * earliest free time (or the day) that can still be held (offerHoldEnd), until that hold ends. A rep passed over (the
 * rules refuse them for another reason than 'full', or they hold another offer of the doctor) keeps the place for a
 * later slot. `ctx.doctorAppointments` are the day's visits and running holds; `ctx.repAppointments` is ignored
 * (each candidate brings their own).
 */
export function planOffers(o: {
  ctx: BookingContext;
  date: IsoDate;
  line: readonly WaitlistFact[];
  candidateOf: (repId: number) => LineCandidate | undefined;
  now: Date;
  holdMinutes: number;
}): PlannedOffer[] {
  const offers: PlannedOffer[] = [];
  const taken: DoctorAppointmentFact[] = [...o.ctx.doctorAppointments];
  const dayCtx = (): BookingContext => ({ ...o.ctx, doctorAppointments: taken, repAppointments: [] });
  const holdEnd = (startTime: string | null) => offerHoldEnd({ now: o.now, date: o.date, startTime, holdMinutes: o.holdMinutes });
  for (const entry of lineOrder(o.line)) {
    // The day itself first: closed, past or full for everyone ends the offering.
    if (!checkBooking(dayCtx(), o.date).ok || remainingSlots(dayCtx(), o.date) <= 0) break;
    const candidate = o.candidateOf(entry.repId);
    if (!candidate?.mayBook) continue;
    // One running offer per doctor (decision 050): a rep first in line on many of the doctor's days takes them in turn.
    if (candidate.offersWithDoctor?.some((e) => e.id !== entry.id && isHolding(e, o.now))) continue;
    const check = checkBooking({ ...dayCtx(), repAppointments: candidate.repAppointments }, o.date);
    if (!check.ok) continue;
    // No free time left whose chain has not ended: the free slots are open to everyone.
    const held = timeToHold(dayCtx(), o.date, (t) => holdEnd(t) !== null);
    if (held === undefined) break;
    const offerExpiresAt = holdEnd(held)!;
    const holdMinutes = Math.floor((offerExpiresAt.getTime() - o.now.getTime()) / 60_000);
    offers.push({ id: entry.id, repId: entry.repId, heldStartTime: held, offerExpiresAt, holdMinutes });
    taken.push({ date: o.date, status: 'held', repId: entry.repId, startTime: held });
  }
  return offers;
}
