import { defineReadCache, EVERY_ENTRY } from '../../cache/read-cache';
import { badRequest, notFound } from '../../errors';
import type { Actor } from '../auth/sessions.service';
import { todayInIndia } from '../../../shared/dates';
import type { CancelTodayCalls, CancelVisits, ClinicAppointment } from '../../../shared/schemas/clinic';
import { assertOwnClinic, DOCTOR_NOT_FOUND, requireLinkedDoctor, type ClinicDeps } from './access';
import { cancellationCalendarFile } from './cancellation-calendar';
import { cancellationMail, type CancelledVisit } from './clinic-mail';
import { queueCancellationWhatsApp } from '../whatsapp/whatsapp-messages.service';
import { withWrite, type Write } from '../../db/write';
import { closeDoctorDay } from './day-closures.repo';
import { recordClinicActivity } from '../clinic-activity/activity.service';

import { lockDoctorDay } from './doctor-day-lock';
import { cancelActiveAppointments, findClinicDay, findDoctorVisits, findPushRecipients, listClinicAppointments, type ClinicDay } from './visitors.repo';
import type { DbOrTx } from '../../db/client';

// What other modules use of the clinic's visitors, through this service (ARCHITECTURE rule 16).

/**
 * Cancels, in `w`, the doctor's active visits at the clinic in a range of days, for the clinic: the clinic's decline
 * of one visit, a doctor's removal and leave (docs/decisions/041, 040). Answers what the reps' notices need.
 */
export async function cancelDoctorVisits(w: Write, o: Parameters<typeof cancelActiveAppointments>[1]): Promise<CancelledVisit[]> {
  return cancelActiveAppointments(w, o);
}

/** Of these reps, those a web push about their visit may reach: allowed it and have a subscription (decision 011). */
export async function pushRecipientsAmong(db: DbOrTx, repIds: readonly number[]): ReturnType<typeof findPushRecipients> {
  return findPushRecipients(db, repIds);
}

/** The doctor's visits at the clinic from a day on, which new visiting hours are checked against (decision 039). */
export async function doctorVisitsFrom(db: DbOrTx, q: { clinicId: number; doctorId: number; fromDate: string }): Promise<ClinicAppointment[]> {
  return listClinicAppointments(db, q);
}

export const ONLY_TODAY = /*i18n*/ "Only today's calls can be cancelled.";
import { VISITING_HOURS_CHANGED } from '../../../shared/cancellation-reasons';
export const VISIT_NOT_FOUND = /*i18n*/ 'Appointment not found';

type DayArg = { clinicId: number; doctorId: number; date?: string; fromDate: string };

/**
 * The clinic's day view of a doctor (docs/decisions/077-one-round-trip-per-read.md): whether the doctor is linked,
 * the visits on a date (or from today on, without one) and how many reps wait for those days, read by one statement
 * (findClinicDay) and kept per (clinic, doctor) and date (docs/decisions/016-keyed-read-caches.md). Dropped when
 * that date changes (a visit, a waitlist entry: both announce their doctor-day), any of the doctor's days there for
 * the view from today on, the link, or a rep's name, company or phone or what the directory shows ('rep-details',
 * 'directory' empty it: rare). 339 bytes a visit on the heap (the rep's name, company and phone; measured
 * 2026-12-03 at 10x, scripts/measure-cache-memory.ts, decision 080): 16 MB hold ~9,000 days of 5 visits.
 */
const dayCache = defineReadCache<DayArg, ClinicDay>({
  name: 'clinic days',
  max: 40_000,
  maxBytes: 16 * 2 ** 20,
  sizeOf: (day) => 150 + (day?.appointments.length ?? 0) * 350,
  keyOf: (a) => `${a.clinicId}:${a.doctorId}:${a.date ?? `from ${a.fromDate}`}`,
  argTags: (a) => [`link:${a.clinicId}:${a.doctorId}`, a.date === undefined ? `days:${a.clinicId}:${a.doctorId}` : `day:${a.clinicId}:${a.doctorId}:${a.date}`],
  invalidatedBy: {
    'doctor-day': ([c, d, date]) => [`days:${c}:${d}`, `day:${c}:${d}:${date}`],
    link: ([c, d]) => `link:${c}:${d}`,
    'rep-details': () => EVERY_ENTRY,
    directory: () => EVERY_ENTRY,
  },
  load: findClinicDay,
});

/**
 * Queues, in the caller's transaction, each rep's e-mail about a visit the clinic cancelled, with the reason and the
 * calendar's CANCEL file (spec part 1, 4; decision 028: the outbox delivers it, retrying through an outage).
 */
export async function queueCancellationMails(deps: ClinicDeps, tx: Write, o: { visits: readonly CancelledVisit[]; reason: string; now: Date }): Promise<void> {
  await deps.outbox.queueEmails(
    tx,
    o.visits.map((visit) => cancellationMail(visit, o.reason, cancellationCalendarFile(deps, visit, o.now))),
  );
  await queueCancellationWhatsApp(deps, tx, { visits: o.visits, reason: o.reason });
}

/**
 * The clinic's appointments of one of its doctors with how many reps wait on the waitlist for those days
 * (docs/decisions/043): on `date`, or every appointment from today on when no date is given (spec part 1, 7: date
 * optional). 404 when the doctor is not linked to the clinic. An earlier day is read directly; from today on, from the
 * cache: one statement either way (docs/decisions/077).
 */
export async function getClinicDay(
  deps: ClinicDeps,
  o: { actor: Actor; doctorId: number; clinicId?: number; date?: string },
): Promise<{ appointments: ClinicAppointment[]; waiting: number }> {
  const clinicId = o.clinicId ?? o.actor.id;
  assertOwnClinic(o.actor, clinicId);
  const fromDate = todayInIndia(deps.clock.now());
  const arg = { clinicId, doctorId: o.doctorId, fromDate, ...(o.date === undefined ? {} : { date: o.date }) };
  const day = o.date !== undefined && o.date < fromDate ? await findClinicDay(deps.db, arg) : await dayCache.read(deps.db, arg);
  if (!day) throw notFound(DOCTOR_NOT_FOUND);
  return day;
}

/**
 * spec part 1, 4: cancels, in one transaction, every active appointment of the doctor at the clinic dated
 * today (Indian time) but those of reps who checked in (unless `includeCheckedIn`), keeping the reason and who cancelled; each rep's e-mail with the reason is queued in the same
 * transaction (docs/decisions/028-outbox.md), so the answer never waits on the mail server.
 * The day is then closed to new bookings of this doctor at this clinic (a doctor_day_closures row written in the
 * same transaction, under the same day lock the booking takes).
 */
export async function cancelTodayCalls(
  deps: ClinicDeps,
  o: { actor: Actor; input: CancelTodayCalls },
): Promise<{ cancelledCount: number; emailsSent: number }> {
  const { clinicId, doctorId, date, reason, includeCheckedIn } = o.input;
  assertOwnClinic(o.actor, clinicId);
  const now = deps.clock.now();
  if (date !== todayInIndia(now)) throw badRequest(ONLY_TODAY, 'not_today');
  const visits = await withWrite(deps, async (tx) => {
    const doctor = await requireLinkedDoctor(tx, clinicId, doctorId);
    await lockDoctorDay(tx, { clinicId, doctorId, date });
    await closeDoctorDay(tx, { clinicId, doctorId, date, reason, now });
    // A rep already at reception keeps the visit unless the clinic ticked them in the dialog (docs/decisions/046).
    const cancelled = await cancelActiveAppointments(tx, {
      clinicId,
      doctorId,
      reason,
      now,
      from: date,
      to: date,
      keepCheckedIn: includeCheckedIn !== true,
    });
    await queueCancellationMails(deps, tx, { visits: cancelled, reason, now });
    // Who closed the day, in the clinic's log (decision 075); the reps' e-mails name the clinic only.
    await recordClinicActivity(tx, {
      clinicId,
      actor: o.actor,
      action: 'calls.cancelled_today',
      target: doctor.name,
      details: { date, reason, cancelledCount: cancelled.length },
      now,
    });
    return cancelled;
  });
  // Every rep's e-mail is queued: the outbox delivers it, retrying through an outage (decision 028).
  const emailsSent = visits.length;
  deps.metrics?.cancellations.inc({ by: 'clinic' }, visits.length);
  deps.log.info({ clinicId, doctorId, cancelledCount: visits.length, emailsSent }, 'clinic cancelled today calls');
  return { cancelledCount: visits.length, emailsSent };
}

/**
 * Cancels chosen visits of the doctor at the clinic: those the new visiting hours leave out, which the clinic
 * chose not to keep (docs/decisions/039-visit-windows-and-tokens.md). A listed id that is not this doctor's
 * visit here refuses the whole request (404, nothing cancelled); a visit of his already cancelled, completed or
 * dated before today (Indian date) is left as it is and not counted: a rep may have cancelled it meanwhile.
 * Each rep is e-mailed as for today's calls, with the calendar's CANCEL file. The days stay open to bookings.
 */
export async function cancelVisits(deps: ClinicDeps, o: { actor: Actor; input: CancelVisits }): Promise<{ cancelledCount: number; emailsSent: number }> {
  const { clinicId, doctorId } = o.input;
  const ids = [...new Set(o.input.appointmentIds)];
  assertOwnClinic(o.actor, clinicId);
  const now = deps.clock.now();
  const today = todayInIndia(now);
  const visits = await withWrite(deps, async (tx) => {
    const doctor = await requireLinkedDoctor(tx, clinicId, doctorId);
    const found = await findDoctorVisits(tx, { clinicId, doctorId, ids });
    if (found.length !== ids.length) throw notFound(VISIT_NOT_FOUND);
    // The locks booking and "cancel today's calls" take, one per day, in date order so two of these never
    // wait on each other crosswise (a booking holds one day only).
    const days = [...new Set(found.map((v) => v.appointmentDate).filter((d) => d >= today))].sort();
    for (const date of days) await lockDoctorDay(tx, { clinicId, doctorId, date });
    const cancelled = await cancelActiveAppointments(tx, {
      clinicId,
      doctorId,
      ids,
      reason: VISITING_HOURS_CHANGED,
      now,
      from: today,
    });
    await queueCancellationMails(deps, tx, { visits: cancelled, reason: VISITING_HOURS_CHANGED, now });
    await recordClinicActivity(tx, {
      clinicId,
      actor: o.actor,
      action: 'visits.cancelled',
      target: doctor.name,
      details: { cancelledCount: cancelled.length },
      now,
    });
    return cancelled;
  });
  // Queued in the transaction; the outbox delivers them (decision 028).
  const emailsSent = visits.length;
  deps.metrics?.cancellations.inc({ by: 'clinic' }, visits.length);
  deps.log.info({ clinicId, doctorId, cancelledCount: visits.length, emailsSent }, 'clinic cancelled visits outside visiting hours');
  return { cancelledCount: visits.length, emailsSent };
}
