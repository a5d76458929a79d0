import type { Tx } from '../../db/client';
import type { Write } from '../../db/write';
import type { Deps } from '../../deps';
import { AppError, isUniqueViolation, unauthorized } from '../../errors';
import type { ErrorCode } from '../../../shared/errors';
import { messageOf, type Message } from '../../../shared/i18n/message';
import {
  BOOKING_MESSAGES,
  checkBooking,
  checkVisitTime,
  normalizeAvailableDays,
  type BookingContext,
  type RepAppointmentFact,
} from '../../../shared/booking/booking-rules';
import { VISIT_TIME_MESSAGES, visitTokens } from '../../../shared/booking/visit-windows';
import { holdsAsAppointments, withoutVisit, type LineCandidate, type MovedVisit, type WaitlistFact } from '../../../shared/booking/waitlist';
import { timeInIndia, todayInIndia } from '../../../shared/dates';
import type { BookedAppointment } from '../../../shared/schemas/booking';
import { isSubscriptionActive, SUBSCRIPTION_REQUIRED_MESSAGE } from '../../../shared/subscription/subscription-status';
import { readBookableSettingsInTransaction } from '../directory/directory.service';
import { lockDoctorDay } from '../clinics/doctor-day-lock';
import { bookingConfirmationMail } from './booking-mail';
import { queueBookingWhatsApp } from '../whatsapp/whatsapp-messages.service';
import {
  findDayFacts,
  findReps,
  insertAppointment,
  isVisitTimeTaken,
  lockDoctorSettings,
  lockRep,
  listRepsAppointmentsWithDoctor,
  moveAppointment,
  type DayFactRows,
} from './booking.repo';
import { listOffersOfReps } from './waitlist-offers.repo';
import { accountLocale } from '../../i18n';

// The one path by which a visit takes a place in a doctor's day: booking, accepting a waitlist offer and rescheduling
// (docs/decisions/008 and 043). Each takes the same locks in the same order, reads the day's facts once, judges them
// with the shared rules (src/shared/booking) with the running waitlist holds counted as visits, and writes the row
// behind the unique indexes that keep the rules under a race (ARCHITECTURE rule 5).

export const AVAILABILITY_NOT_FOUND = /*i18n*/ 'Doctor availability not found';
export const APPOINTMENT_NOT_FOUND = /*i18n*/ 'Appointment not found';

export type BookableLink = NonNullable<Awaited<ReturnType<typeof readBookableSettingsInTransaction>>>;
export type LockedRep = NonNullable<Awaited<ReturnType<typeof lockRep>>>;

/** Booking needs an active subscription (spec part 2, 4): 402 otherwise. */
export function assertSubscribed(rep: LockedRep, now: Date): void {
  if (!isSubscriptionActive({ status: rep.subscriptionStatus, expiresAt: rep.subscriptionExpiresAt, now })) {
    throw new AppError('subscription_required', SUBSCRIPTION_REQUIRED_MESSAGE, 402);
  }
}

/** Lock 1: the rep's row (every booking, move and cancellation of a rep runs one after the other). */
export async function lockBookingRep(tx: Tx, o: { repId: number; now: Date; requireSubscription: boolean }): Promise<LockedRep> {
  const rep = await lockRep(tx, o.repId);
  if (!rep) throw unauthorized();
  if (o.requireSubscription) assertSubscribed(rep, o.now);
  return rep;
}

/**
 * Locks 2 and 3: the (clinic, doctor) settings row, then each of the doctor's days there, in date order. Every
 * change to a day takes the settings row first, so two changes holding one day each never wait on each other
 * crosswise (a reschedule holds its old and new day). Answers the bookable link, or null when it is not bookable
 * (its days are locked all the same when the settings row exists, for a cancellation to free them).
 */
export async function lockDoctorDays(tx: Tx, o: { clinicId: number; doctorId: number; dates: readonly string[] }): Promise<BookableLink | null> {
  const locked = await lockDoctorSettings(tx, o);
  const link = locked ? await readBookableSettingsInTransaction(tx, o) : null;
  for (const date of [...new Set(o.dates)].sort()) await lockDoctorDay(tx, { clinicId: o.clinicId, doctorId: o.doctorId, date });
  return link;
}

/** What the rules need of one doctor's day at a clinic, read under its lock. */
export interface DayFacts {
  clinicId: number;
  doctorId: number;
  date: string;
  /** the day's visits that are not cancelled */
  visits: DayFactRows['visits'];
  /** the day's open waitlist entries, first come first */
  line: WaitlistFact[];
  closedDates: string[];
  absences: DayFactRows['absences'];
  /** the visits with the doctor of the rep asked for (`repId`), at any clinic, not cancelled; empty otherwise */
  repVisits: DayFactRows['repVisits'];
}

/** Reads the day's facts; the absences after the settings row lock, which adding an absence takes too (decision 040). */
// One statement (findDayFacts): a booking's five reads of the day in one round trip (docs/performance.md).
export async function readDayFacts(tx: Tx, o: { clinicId: number; doctorId: number; date: string; repId?: number }): Promise<DayFacts> {
  const { clinicId, doctorId, date } = o;
  const facts = await findDayFacts(tx, { clinicId, doctorId, date, repId: o.repId ?? null });
  return { clinicId, doctorId, date, ...facts };
}

/**
 * The booking context of the day for one rep: its visits and the running offers' holds (a held slot is taken for
 * everyone, the holder too until they accept it: `exceptHold`), judged as if `moved` did not exist (a reschedule).
 */
export function dayContext(
  deps: Pick<Deps, 'config'>,
  o: { link: BookableLink; day: DayFacts; repAppointments: readonly RepAppointmentFact[]; now: Date; moved?: MovedVisit; exceptHold?: number },
): BookingContext {
  const { link, day, now } = o;
  const base: BookingContext = {
    settings: {
      maxSlots: link.maxSlots,
      callFrequency: link.callFrequency,
      availableDays: normalizeAvailableDays(link.availableDays),
      visitWindows: link.visitWindows,
      slotMinutes: link.slotMinutes,
    },
    clinicId: day.clinicId,
    doctorAppointments: day.visits,
    repAppointments: o.repAppointments,
    today: todayInIndia(now),
    closedDates: day.closedDates,
    absences: day.absences,
    horizonDays: deps.config.BOOKING_HORIZON_DAYS,
    nowTime: timeInIndia(now),
  };
  const ctx = o.moved ? withoutVisit(base, o.moved) : base;
  return { ...ctx, doctorAppointments: [...ctx.doctorAppointments, ...holdsAsAppointments(day.date, day.line, now, o.exceptHold)] };
}

export interface Refusal {
  statusCode: number;
  body: { message: Message; code: ErrorCode };
}

/** The day's rules first (the spec's refusals), then the visit time (docs/decisions/039); null when both allow it. */
export function judgeVisit(ctx: BookingContext, date: string, startTime: string | undefined): Refusal | null {
  const day = checkBooking(ctx, date);
  if (!day.ok) return { statusCode: day.status, body: { message: day.message, code: day.reason } };
  const time = checkVisitTime(ctx, date, startTime);
  if (!time.ok) return { statusCode: time.status, body: { message: messageOf(time.message), code: time.code } };
  return null;
}

export const visitTimeTaken: Refusal = { statusCode: 409, body: { message: messageOf(VISIT_TIME_MESSAGES.taken), code: 'visit_time_taken' } };

/**
 * Inserts the visit; null when the rep already has one with the doctor that date, 'time_taken' when the visit
 * time's unique index holds another rep's (the index, not the check before it, keeps one rep per time).
 */
export async function insertVisit(tx: Write, o: Parameters<typeof insertAppointment>[1]) {
  const row = await insertAppointment(tx, o);
  if (row || o.startTime === null) return row;
  return (await isVisitTimeTaken(tx, { clinicId: o.clinicId, doctorId: o.doctorId, date: o.date, startTime: o.startTime })) ? ('time_taken' as const) : null;
}

/**
 * Moves the visit (moveAppointment) in a savepoint, so a unique index's refusal leaves the transaction usable: null
 * when the rep's (rep, doctor, date) place is taken or the visit is no longer active, 'time_taken' when the visit
 * time's index holds another rep's.
 */
export async function moveVisit(tx: Write, o: Parameters<typeof moveAppointment>[1] & { clinicId: number; doctorId: number }) {
  try {
    return await tx.savepoint((sp) => moveAppointment(sp, o));
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    if (o.startTime === null) return null;
    return (await isVisitTimeTaken(tx, { clinicId: o.clinicId, doctorId: o.doctorId, date: o.date, startTime: o.startTime })) ? ('time_taken' as const) : null;
  }
}

/** The visit as the booking answers it, with its token: its place in the day among `dayVisits` (docs/decisions/039). */
export function bookedAppointmentOf(
  row: {
    id: number;
    appointmentDate: string;
    startTime: string | null;
    status: string;
    doctorId: number;
    clinicId: number;
    repId: number;
    bookedAt: Date;
    awaitsConfirmation: boolean;
  },
  link: BookableLink,
  dayVisits: readonly { id: number; startTime: string | null; bookedAt: Date | string; status: string }[],
): BookedAppointment {
  const others = dayVisits.filter((v) => v.id !== row.id);
  const token = visitTokens([...others, { id: row.id, startTime: row.startTime, bookedAt: row.bookedAt, status: row.status }]).get(row.id) ?? null;
  return {
    id: row.id,
    appointment_date: row.appointmentDate,
    start_time: row.startTime,
    token,
    status: row.status,
    doctor_id: row.doctorId,
    doctor_name: link.doctorName,
    clinic_id: row.clinicId,
    clinic_name: link.clinicName,
    rep_id: row.repId,
    booked_at: row.bookedAt.toISOString(),
    requires_approval: row.status === 'booked' && row.awaitsConfirmation,
  };
}

/** What a visit's e-mails need (the booking's and the reschedule's): the visit, its doctor and clinic, and its rep. */
export function visitMailDetails(
  row: { id: number; appointmentDate: string; startTime: string | null; revision?: number },
  link: BookableLink,
  rep: LockedRep,
  token: number | null,
) {
  return {
    appointmentId: row.id,
    date: row.appointmentDate,
    startTime: row.startTime,
    slotMinutes: link.slotMinutes,
    token,
    revision: row.revision,
    doctorName: link.doctorName,
    doctorSpecialty: link.specialty,
    clinicName: link.clinicName,
    clinicCity: link.city,
    clinicState: link.state,
    repName: rep.fullName,
    repEmail: rep.email,
    repId: rep.id,
    requiresApproval: link.requiresApproval,
    locale: accountLocale(rep.language),
  };
}

export const alreadyBooked: Refusal = { statusCode: 409, body: { message: messageOf(BOOKING_MESSAGES.alreadyBookedOnDate), code: 'already_booked' } };

/**
 * Books a visit on a locked day (a booking, or a waitlist offer accepted: `exceptHold` is the offer whose hold it takes
 * up): judged by the rules on the day's facts, inserted, and the rep's confirmation with its calendar file queued in the
 * same transaction (docs/decisions/028). A refusal writes nothing.
 */
export async function placeVisit(
  deps: Pick<Deps, 'config' | 'outbox'>,
  tx: Write,
  o: {
    rep: LockedRep;
    link: BookableLink;
    day: DayFacts;
    repAppointments: readonly RepAppointmentFact[];
    startTime: string | undefined;
    now: Date;
    exceptHold?: number;
  },
): Promise<{ refusal: Refusal } | { appointment: BookedAppointment }> {
  const { rep, link, day, now } = o;
  const ctx = dayContext(deps, { link, day, repAppointments: o.repAppointments, now, exceptHold: o.exceptHold });
  const refusal = judgeVisit(ctx, day.date, o.startTime);
  if (refusal) return { refusal };
  const row = await insertVisit(tx, {
    repId: rep.id,
    doctorId: day.doctorId,
    clinicId: day.clinicId,
    date: day.date,
    startTime: o.startTime ?? null,
    awaitsConfirmation: link.requiresApproval,
    now,
  });
  if (row === 'time_taken') return { refusal: visitTimeTaken };
  if (!row) return { refusal: alreadyBooked };
  const appointment = bookedAppointmentOf(row, link, day.visits);
  await deps.outbox.queueEmail(tx, bookingConfirmationMail(deps, visitMailDetails(row, link, rep, appointment.token), now));
  await queueBookingWhatsApp(deps, tx, {
    repId: rep.id,
    doctorName: link.doctorName,
    clinicName: link.clinicName,
    clinicCity: link.city,
    date: row.appointmentDate,
    startTime: row.startTime,
    token: appointment.token,
    requiresApproval: link.requiresApproval,
  });
  return { appointment };
}

export type LineRep = LineCandidate & { id: number; fullName: string; email: string; language: string | null };

/**
 * The reps waiting in a day's line as the offering judges them: may they book at all (an active account and
 * subscription, as the booking's 402), their visits with the doctor at any clinic (call frequency, one a date) and
 * their offers of the doctor's days (one running offer per doctor, docs/decisions/050).
 * Read without their row locks: an offer only holds a slot, and accepting it is judged again under the rep's lock.
 */
export async function readLineReps(tx: Tx, o: { repIds: number[]; doctorId: number; now: Date }): Promise<Map<number, LineRep>> {
  const reps = await findReps(tx, o.repIds);
  const visits = await listRepsAppointmentsWithDoctor(tx, o);
  const offers = await listOffersOfReps(tx, o);
  return new Map(
    reps.map((r) => [
      r.id,
      {
        id: r.id,
        fullName: r.fullName,
        email: r.email,
        language: r.language,
        mayBook: r.status === 'active' && isSubscriptionActive({ status: r.subscriptionStatus, expiresAt: r.subscriptionExpiresAt, now: o.now }),
        repAppointments: visits.filter((v) => v.repId === r.id),
        offersWithDoctor: offers.filter((f) => f.repId === r.id),
      },
    ]),
  );
}
