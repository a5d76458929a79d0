import { withWrite, type Write } from '../../db/write';
import type { DbOrTx } from '../../db/client';
import { AppError, badRequest, notFound } from '../../errors';
import type { Actor } from '../auth/sessions.service';
import {
  absenceDays,
  LEAVE_LIMITS,
  LEAVE_MESSAGES,
  type CreateLeave,
  type CreateLeaveResponse,
  type Leave,
  type LeavePreviewResponse,
} from '../../../shared/schemas/leave';
import { todayInIndia } from '../../../shared/dates';
import { assertOwnClinic, requireLinkedDoctor, type ClinicDeps } from '../clinics/access';
import {
  countActiveVisits,
  countLeaveInForce,
  deleteDoctorLeave,
  findLinkedDoctorName,
  insertLeave,
  listClinicLeave,
  listLinkedDoctorIds,
  lockSettingsRows,
  markLeaveEnded,
} from './leave.repo';
import { cancellationPush } from '../clinics/cancellation-push';
import type { CancelledVisit } from '../clinics/clinic-mail';
import { cancelDoctorVisits, pushRecipientsAmong, queueCancellationMails } from '../clinics/visitors.service';
import { recordClinicActivity } from '../clinic-activity/activity.service';

// Planned absences: a doctor's leave or the whole clinic closed, entered ahead (docs/decisions/040-planned-absences.md).

/**
 * Deletes, in `w`, the doctor's leave at the clinic: a doctor's removal (ARCHITECTURE rule 16: other modules come
 * through here). Booking reads a doctor's leave with the day's other facts (booking.repo.ts queryDayFacts).
 */
export async function forgetDoctorLeave(w: Write, o: { clinicId: number; doctorId: number }): Promise<void> {
  await deleteDoctorLeave(w, o);
}

/** The doctor's name an absence is of, for the clinic's log (decision 075); null for the whole clinic. */
async function absenceTarget(db: DbOrTx, clinicId: number, doctorId: number | null | undefined): Promise<string | null> {
  if (doctorId === null || doctorId === undefined) return null;
  return (await findLinkedDoctorName(db, { clinicId, doctorId })) ?? null;
}

/** The doctors an absence concerns: the one doctor (404 unless linked here), or every doctor linked to the clinic. */
async function affectedDoctors(db: DbOrTx, clinicId: number, doctorId: number | null | undefined): Promise<number[]> {
  if (doctorId === null || doctorId === undefined) return listLinkedDoctorIds(db, clinicId);
  return [(await requireLinkedDoctor(db, clinicId, doctorId)).id];
}

/** An absence starts today or later (Indian date); the schema cannot know today. */
function assertNotPast(from: string, now: Date): void {
  if (from < todayInIndia(now)) throw badRequest(LEAVE_MESSAGES.past, 'leave_in_past');
}

/** What the panel says before saving: how many active visits the absence would cancel now. */
export async function previewLeave(
  deps: ClinicDeps,
  o: { actor: Actor; query: { clinicId: number; doctorId?: number; from: string; to: string } },
): Promise<LeavePreviewResponse> {
  const { clinicId, from, to } = o.query;
  assertOwnClinic(o.actor, clinicId);
  assertNotPast(from, deps.clock.now());
  const doctorIds = await affectedDoctors(deps.db, clinicId, o.query.doctorId);
  return { cancelledCount: await countActiveVisits(deps.db, { clinicId, doctorIds, from, to }) };
}

/**
 * Adds an absence and cancels the visits it covers, in one transaction (decision 040): the settings row of every
 * affected doctor is locked FOR UPDATE in ascending doctor id (the lock each booking of that doctor here takes
 * before it reads the day), then the absence is inserted and every active visit of those doctors here in
 * [from, to] is cancelled with the reason. A booking therefore either committed first and is cancelled here, or
 * waits and then sees the absence. Each rep is told as by "Cancel Today's Calls" (spec part 1, 4): an e-mail per
 * visit with its calendar CANCEL, and one push where the rep allows it, queued in the same transaction (decision 028).
 */
export async function createLeave(deps: ClinicDeps, o: { actor: Actor; input: CreateLeave }): Promise<Omit<CreateLeaveResponse, 'message'>> {
  const { clinicId, doctorId, from, to, reason } = o.input;
  assertOwnClinic(o.actor, clinicId);
  const now = deps.clock.now();
  assertNotPast(from, now);
  const { leave, cancelled, pushes } = await withWrite(deps, async (tx) => {
    const doctorIds = await affectedDoctors(tx, clinicId, doctorId);
    await lockSettingsRows(tx, { clinicId, doctorIds });
    if ((await countLeaveInForce(tx, { clinicId, today: todayInIndia(now) })) >= LEAVE_LIMITS.inForce) {
      throw new AppError('leave_limit', LEAVE_MESSAGES.tooMany, 409);
    }
    const leave = await insertLeave(tx, { clinicId, doctorId, from, to, reason, now });
    const cancelled: CancelledVisit[] = [];
    for (const id of doctorIds) {
      const visits = await cancelDoctorVisits(tx, {
        clinicId,
        doctorId: id,
        reason,
        now,
        from,
        to,
      });
      cancelled.push(...visits);
    }
    await queueCancellationMails(deps, tx, { visits: cancelled, reason, now });
    const recipients = await pushRecipientsAmong(tx, [...new Set(cancelled.map((v) => v.repId))]);
    for (const rep of recipients) {
      await deps.outbox.queuePush(
        tx,
        cancellationPush(
          rep,
          cancelled.filter((v) => v.repId === rep.id),
          reason,
          `absence-${leave.id}`,
        ),
      );
    }
    await recordClinicActivity(tx, {
      clinicId,
      actor: o.actor,
      action: 'leave.added',
      target: await absenceTarget(tx, clinicId, doctorId),
      details: { from, to, reason, cancelledCount: cancelled.length },
      now,
    });
    return { leave, cancelled, pushes: recipients.length };
  });
  const notified = new Set(cancelled.map((v) => v.repId)).size;
  // No reason or names in the log: the reason is the clinic's free text (ARCHITECTURE rule 10).
  deps.log.info(
    { clinicId, doctorId, leaveId: leave.id, days: absenceDays(from, to), cancelledCount: cancelled.length, notified, pushes },
    'clinic planned an absence',
  );
  return { leave, cancelledCount: cancelled.length, notified };
}

/** The clinic's absences in force that overlap [from, to]; from today on by default (the panel's upcoming and current ones). */
export async function listLeave(deps: ClinicDeps, o: { actor: Actor; query: { clinicId: number; from?: string; to?: string } }): Promise<{ leaves: Leave[] }> {
  const { clinicId } = o.query;
  assertOwnClinic(o.actor, clinicId);
  const from = o.query.from ?? todayInIndia(deps.clock.now());
  return { leaves: await listClinicLeave(deps.db, { clinicId, from, to: o.query.to }) };
}

/**
 * Ends the signed-in clinic's absence early (decision 040): its days can be booked again; the visits it cancelled
 * stay cancelled. Another clinic's absence, or none, is 404; ending an absence already ended answers as the
 * first time and changes nothing (a second press of the button, a retry).
 */
export async function endLeave(deps: ClinicDeps, o: { actor: Actor; id: number }): Promise<void> {
  const clinicId = o.actor.id;
  assertOwnClinic(o.actor, clinicId);
  const now = deps.clock.now();
  const ended = await withWrite(deps, async (tx) => {
    const found = await markLeaveEnded(tx, { clinicId, id: o.id, now });
    if (!found) throw notFound(LEAVE_MESSAGES.notFound);
    // A second press changes nothing, so records nothing.
    if (found.ended) {
      const target = await absenceTarget(tx, clinicId, found.doctorId);
      await recordClinicActivity(tx, { clinicId, actor: o.actor, action: 'leave.ended', target, details: { from: found.from, to: found.to }, now });
    }
    return found.ended;
  });
  if (ended) deps.log.info({ clinicId, leaveId: o.id }, 'clinic ended an absence');
}
