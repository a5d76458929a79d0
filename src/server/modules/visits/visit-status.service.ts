import { withWrite, type Write } from '../../db/write';
import type { Deps } from '../../deps';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import type { Actor } from '../auth/sessions.service';
import { checkClinicStatusMove, OUTCOME_UNDO_MS, VISIT_STATUS_MESSAGES } from '../../../shared/booking/visit-status';
import { todayInIndia } from '../../../shared/dates';
import type { ClinicAppointment } from '../../../shared/schemas/clinic';
import type { VisitStatusChange, VisitStatusChangedResponse } from '../../../shared/schemas/visits';
import { visitConfirmedMail } from '../booking/booking-mail';
import { accountLocale } from '../../i18n';
import { cancellationPush } from '../clinics/cancellation-push';
import { lockDoctorDay } from '../clinics/doctor-day-lock';
import { cancelDoctorVisits, pushRecipientsAmong, queueCancellationMails } from '../clinics/visitors.service';
import { offerFreedSlots } from '../booking/waitlist-offers.service';
import { recordClinicActivity } from '../clinic-activity/activity.service';
import type { ClinicAction } from '../../../shared/schemas/clinic-activity';
import {
  confirmVisit,
  findClinicVisit,
  findClinicVisitView,
  findVisitMailDetails,
  lockVisitStatus,
  markVisitOutcome,
  undoVisitOutcome,
} from './visit-status.repo';

// The clinic moves a visit after booking (docs/decisions/041-visit-outcomes-and-proof.md): confirms it, declines it
// with a reason, or marks it completed or no-show. The rule is src/shared/booking/visit-status.ts; the row lock makes
// it hold when requests race (ARCHITECTURE rule 5).

export const VISIT_NOT_FOUND = /*i18n*/ 'Appointment not found';

type Visit = NonNullable<Awaited<ReturnType<typeof findClinicVisit>>>;

const ACTION_OF: Record<VisitStatusChange['status'], ClinicAction> = {
  confirmed: 'visit.confirmed',
  cancelled: 'visit.declined',
  completed: 'visit.completed',
  no_show: 'visit.no_show',
};

/** The clinic's log of a move (decision 075): the rep's name, the visit's day and time or token, and the reason of a decline. */
async function recordVisitMove(
  tx: Write,
  o: { actor: Actor; clinicId: number; action: ClinicAction; appointment: ClinicAppointment; reason?: string; now: Date },
): Promise<void> {
  const a = o.appointment;
  // repId: what the rep's erasure finds to take their name out again (decision 075).
  const details = {
    appointmentId: a.id,
    repId: a.rep_id,
    date: a.appointment_date,
    time: a.start_time,
    token: a.token,
    ...(o.reason ? { reason: o.reason } : {}),
  };
  await recordClinicActivity(tx, { clinicId: o.clinicId, actor: o.actor, action: o.action, target: a.rep_name, details, now: o.now });
}

/**
 * Declines the visit the way the clinic's other cancellations do (spec part 1, 4; "Cancel Today's Calls"): cancelled
 * by the clinic with the reason, the rep e-mailed the reason with the calendar's CANCEL file, and pushed where allowed.
 */
async function declineVisit(deps: Deps, tx: Write, o: { clinicId: number; visit: Visit; reason: string; today: string; now: Date }): Promise<void> {
  const { clinicId, visit, reason, now } = o;
  const cancelled = await cancelDoctorVisits(tx, {
    clinicId,
    doctorId: visit.doctorId,
    ids: [visit.id],
    reason,
    now,
    from: o.today,
  });
  await queueCancellationMails(deps, tx, { visits: cancelled, reason, now });
  for (const rep of await pushRecipientsAmong(tx, [visit.repId])) {
    await deps.outbox.queuePush(tx, cancellationPush(rep, cancelled, reason, `decline-${visit.id}`));
  }
}

/** The rep hears at once that the clinic confirmed the visit (an outbox row in the same transaction, decision 028). */
async function queueConfirmedMail(deps: Deps, tx: Write, id: number): Promise<void> {
  const details = await findVisitMailDetails(tx, id);
  if (details) await deps.outbox.queueEmail(tx, visitConfirmedMail({ ...details, locale: accountLocale(details.repLanguage) }));
}

/**
 * POST /api/clinic/appointments/:id/status. Another clinic's visit, or none, is 404. In one transaction: a decline
 * first takes the doctor's day lock that booking, "Cancel Today's Calls" and cancel-visits take (a booking holds it
 * before it meets this row through the unique index, so the day comes first here too); then the row is locked and the
 * move checked against its status under that lock, so of two racing moves the second sees the first's result.
 */
export async function changeVisitStatus(deps: Deps, o: { actor: Actor; id: number; input: VisitStatusChange }): Promise<VisitStatusChangedResponse> {
  if (o.actor.type !== 'clinic') throw forbidden();
  const clinicId = o.actor.id;
  const { status: to, reason } = o.input;
  const now = deps.clock.now();
  const today = todayInIndia(now);
  const { appointment, from } = await withWrite(deps, async (tx) => {
    const visit = await findClinicVisit(tx, { id: o.id, clinicId });
    if (!visit) throw notFound(VISIT_NOT_FOUND);
    if (to === 'cancelled' && visit.appointmentDate >= today) await lockDoctorDay(tx, { clinicId, doctorId: visit.doctorId, date: visit.appointmentDate });
    const locked = await lockVisitStatus(tx, visit.id);
    if (locked === null) throw notFound(VISIT_NOT_FOUND);
    const from = locked.status;
    const check = checkClinicStatusMove({ from, to, date: visit.appointmentDate, today, reason, checkedIn: locked.checkedInAt !== null });
    if (!check.ok) throw new AppError(check.code, check.message, check.status);

    switch (to) {
      case 'confirmed':
        await confirmVisit(tx, { id: visit.id, now });
        await queueConfirmedMail(deps, tx, visit.id);
        break;
      case 'cancelled':
        // The rule refused a missing reason above. The freed slot goes to the day's waitlist, under the day lock taken
        // above (docs/decisions/043).
        await declineVisit(deps, tx, { clinicId, visit, reason: reason ?? '', today, now });
        if (visit.appointmentDate >= today) await offerFreedSlots(deps, tx, { clinicId, doctorId: visit.doctorId, date: visit.appointmentDate, now });
        break;
      case 'completed':
      case 'no_show':
        // Neither frees a slot: the visit still counts in its day, so the waitlist is offered nothing (docs/decisions/043).
        await markVisitOutcome(tx, { id: visit.id, status: to, now });
        break;
    }
    const appointment: ClinicAppointment | null = await findClinicVisitView(tx, visit.id);
    if (!appointment) throw notFound(VISIT_NOT_FOUND);
    await recordVisitMove(tx, { actor: o.actor, clinicId, action: ACTION_OF[to], appointment, reason: to === 'cancelled' ? reason : undefined, now });
    return { appointment, from };
  });
  if (to === 'cancelled') deps.metrics?.cancellations.inc({ by: 'clinic' });
  // No reason in the log: it is the clinic's free text (ARCHITECTURE rule 10).
  deps.log.info({ clinicId, appointmentId: o.id, from, to }, 'clinic changed a visit status');
  return { message: VISIT_STATUS_MESSAGES[to], appointment };
}

/**
 * POST /api/clinic/appointments/:id/undo-outcome (docs/decisions/046): within OUTCOME_UNDO_MS of the clinic marking a
 * visit completed or no-show, the visit returns to the status it had (confirmed when the clinic had confirmed it, else
 * booked). A mark by the end-of-day close, or none, is 409 invalid_status_change; one older than the window is 409
 * undo_expired. Under the row lock, as every move.
 */
export async function undoVisitStatus(deps: Deps, o: { actor: Actor; id: number }): Promise<VisitStatusChangedResponse> {
  if (o.actor.type !== 'clinic') throw forbidden();
  const clinicId = o.actor.id;
  const now = deps.clock.now();
  const { appointment, from, to } = await withWrite(deps, async (tx) => {
    const visit = await findClinicVisit(tx, { id: o.id, clinicId });
    if (!visit) throw notFound(VISIT_NOT_FOUND);
    const locked = await lockVisitStatus(tx, visit.id);
    if (locked === null) throw notFound(VISIT_NOT_FOUND);
    const marked = (locked.status === 'completed' || locked.status === 'no_show') && locked.outcomeBy === 'clinic' && locked.outcomeAt !== null;
    if (!marked) throw conflict(VISIT_STATUS_MESSAGES.undoOnlyOutcome, 'invalid_status_change');
    if (now.getTime() - locked.outcomeAt!.getTime() > OUTCOME_UNDO_MS) throw conflict(VISIT_STATUS_MESSAGES.undoExpired, 'undo_expired');
    const to = locked.confirmedAt ? 'confirmed' : 'booked';
    if (!(await undoVisitOutcome(tx, { id: visit.id, status: to, now }))) throw conflict(VISIT_STATUS_MESSAGES.undoOnlyOutcome, 'invalid_status_change');
    const appointment = await findClinicVisitView(tx, visit.id);
    if (!appointment) throw notFound(VISIT_NOT_FOUND);
    await recordVisitMove(tx, { actor: o.actor, clinicId, action: 'visit.outcome_undone', appointment, now });
    return { appointment, from: locked.status, to };
  });
  deps.log.info({ clinicId, appointmentId: o.id, from, to }, 'clinic undid a visit outcome');
  return { message: VISIT_STATUS_MESSAGES.undone, appointment };
}
