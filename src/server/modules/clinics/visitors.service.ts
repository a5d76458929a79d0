import { defineReadCache, EVERY_ENTRY } from '../../cache/read-cache';
import { groupRows } from '../../db/query-tools';
import { badRequest, notFound } from '../../errors';
import type { Actor } from '../auth/sessions.service';
import { todayInIndia } from '../../../shared/dates';
import type { CancelTodayCalls, CancelVisits, ClinicAppointment } from '../../../shared/schemas/clinic';
import { assertOwnClinic, requireLinkedDoctor, type ClinicDeps } from './access';
import { cancellationCalendarFile } from './cancellation-calendar';
import { cancellationMail, type CancelledVisit } from './clinic-mail';
import { queueCancellationWhatsApp } from '../whatsapp/whatsapp-messages.service';
import { withWrite, type Write } from '../../db/write';
import { closeDoctorDay } from './day-closures.repo';
import { recordClinicActivity } from '../clinic-activity/activity.service';

// What other modules may use of the day closures, through this service (ARCHITECTURE rule 16).
export { listClosedDates } from './day-closures.repo';
// The clinic's cancellation of visits, which the clinic's decline of one visit, a doctor's removal and leave reuse
// (docs/decisions/041, 040), and the reps a web push about it may reach (decision 011).
export { cancelActiveAppointments, findPushRecipients } from './visitors.repo';
// The doctor's visits from a day on, which the call settings check against new visiting hours (decision 039).
export { listClinicAppointments } from './visitors.repo';
import { lockDoctorDay } from './doctor-day-lock';
import { cancelActiveAppointments, countOpenWaitlist, findDoctorVisits, listClinicAppointments, listClinicsAppointmentsFrom } from './visitors.repo';

export const ONLY_TODAY = /*i18n*/ "Only today's calls can be cancelled.";
import { VISITING_HOURS_CHANGED } from '../../../shared/cancellation-reasons';
export const VISIT_NOT_FOUND = /*i18n*/ 'Appointment not found';

type Upcoming = { clinicId: number; doctorId: number; fromDate: string };

/**
 * A doctor's appointments at a clinic from today on, per (clinic, doctor) and Indian date, until one of the
 * doctor's days there changes, or a rep's name, company or phone changes ('rep-details' empties it: rare)
 * (docs/decisions/016-keyed-read-caches.md). 339 bytes a visit on the heap (the rep's name, company and phone; measured
 * 2026-12-03 at 10x, scripts/measure-cache-memory.ts, 349 at 1x): ~1,900 doctors' lists of 25 visits in 16 MB.
 */
const upcomingCache = defineReadCache<Upcoming, ClinicAppointment[]>({
  name: 'clinic visits',
  max: 40_000,
  maxBytes: 16 * 2 ** 20,
  sizeOf: (rows) => 150 + rows.length * 350,
  keyOf: (u) => `${u.clinicId}:${u.doctorId}:${u.fromDate}`,
  argTags: (u) => [`${u.clinicId}:${u.doctorId}`],
  invalidatedBy: { 'doctor-day': ([c, d]) => `${c}:${d}`, 'rep-details': () => EVERY_ENTRY },
  missing: [],
  loadOne: (db, u) => listClinicAppointments(db, u),
  loadMany: async (db, all) => {
    const found = new Map<string, ClinicAppointment[]>();
    for (const same of groupRows(
      all,
      (u) => u.fromDate,
      (u) => u,
    ).values()) {
      const { fromDate } = same[0]!;
      const rows = await listClinicsAppointmentsFrom(db, { pairs: same.map((u) => [u.clinicId, u.doctorId] as const), fromDate });
      for (const [k, list] of groupRows(
        rows,
        (r) => `${r.clinic_id}:${r.doctor_id}:${fromDate}`,
        (r) => r,
      ))
        found.set(k, list);
    }
    return found;
  },
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
 * The clinic's appointments of one of its doctors: on `date`, or every appointment from today on when no
 * date is given (spec part 1, 7: date optional).
 */
export async function listDoctorAppointmentsForClinic(
  deps: ClinicDeps,
  o: { actor: Actor; doctorId: number; clinicId?: number; date?: string },
): Promise<ClinicAppointment[]> {
  const clinicId = o.clinicId ?? o.actor.id;
  assertOwnClinic(o.actor, clinicId);
  await requireLinkedDoctor(deps.db, clinicId, o.doctorId);
  const fromDate = todayInIndia(deps.clock.now());
  // An earlier day is read directly; from today on, from the cache.
  if (o.date !== undefined && o.date < fromDate) return listClinicAppointments(deps.db, { clinicId, doctorId: o.doctorId, date: o.date, fromDate });
  const upcoming = await upcomingCache.read(deps.db, { clinicId, doctorId: o.doctorId, fromDate });
  return o.date === undefined ? upcoming : upcoming.filter((a) => a.appointment_date === o.date);
}

/**
 * How many reps wait for the doctor's day at the clinic (docs/decisions/043): on `date`, or from today on when no date
 * is given, as the day view lists. Read fresh: one count on the waitlist's day index.
 */
export async function countDoctorWaitlist(deps: ClinicDeps, o: { actor: Actor; doctorId: number; clinicId?: number; date?: string }): Promise<number> {
  const clinicId = o.clinicId ?? o.actor.id;
  assertOwnClinic(o.actor, clinicId);
  return countOpenWaitlist(deps.db, { clinicId, doctorId: o.doctorId, date: o.date, fromDate: todayInIndia(deps.clock.now()) });
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
