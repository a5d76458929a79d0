import { withWrite } from '../../db/write';
import type { Deps } from '../../deps';
import { accountLocale } from '../../i18n';
import { todayInIndia } from '../../../shared/dates';
import {
  RUNNING_LATE_RETELL_MINUTES,
  type QueueNext,
  type QueueNextResponse,
  type RunningLate,
  type RunningLateResponse,
} from '../../../shared/schemas/doctor-console';
import type { Actor } from '../auth/sessions.service';
import { recordClinicActivity } from '../clinic-activity/activity.service';
import { lockDoctorDay } from '../clinics/doctor-day-lock';
import { pushRecipientsAmong } from '../clinics/visitors.service';
import { queueRunningLateWhatsApp } from '../whatsapp/whatsapp-messages.service';
import { requireDoctorLink } from './doctor-account.service';
import * as repo from './doctor-day.repo';
import { calledPush, runningLateMail, runningLatePush } from './doctor-messages';

// The doctor steers the day's queue (docs/decisions/073-doctor-accounts.md): Call next and Running late, at one linked
// clinic at a time. Both write under the doctor's day lock (clinics/doctor-day-lock.ts, the one booking and Cancel
// Today's Calls take), so two presses at once run one after the other and never call two visits.

export const CALLED = /*i18n*/ 'Called in.';
export const NOBODY_ARRIVED = /*i18n*/ 'Nobody has arrived yet.';

/**
 * POST /api/doctor/queue/next: the visit in the room (called, not yet marked) becomes completed, as the clinic's
 * Completed marks it; then the first arrived visit in the day's order not yet called is called (called_at) and its rep
 * pushed 'Dr. X will see you now' where they allow push. Answers the visit completed, the one called (null: nobody
 * has arrived) and the next the following press would call.
 */
export async function callNextVisit(deps: Deps, o: { actor: Actor; input: QueueNext }): Promise<QueueNextResponse> {
  const link = await requireDoctorLink(deps, { actor: o.actor, clinicId: o.input.clinicId });
  const now = deps.clock.now();
  const day = { clinicId: link.clinicId, doctorId: link.doctorId, date: todayInIndia(now) };
  const result = await withWrite(deps, async (w) => {
    await lockDoctorDay(w, day);
    const completedId = await repo.completeCalledVisit(w, { ...day, now });
    const completed = completedId === null ? null : await repo.findVisit(w, completedId);
    if (completed) {
      await recordClinicActivity(w, {
        clinicId: day.clinicId,
        actor: o.actor,
        action: 'visit.completed',
        target: completed.repName,
        details: { appointmentId: completed.id },
        now,
      });
    }
    const first = await repo.findFirstArrived(w, day);
    // The guarded update holds even without the lock: a visit is called once.
    const current = first && (await repo.callVisit(w, { id: first.id, now })) ? await repo.findVisit(w, first.id) : null;
    if (current) {
      await recordClinicActivity(w, {
        clinicId: day.clinicId,
        actor: o.actor,
        action: 'queue.called',
        target: current.repName,
        details: { appointmentId: current.id, token: current.token },
        now,
      });
      const rep = await repo.findVisitRep(w, current.id);
      for (const r of await pushRecipientsAmong(w, rep ? [rep.repId] : [])) {
        const notice = { repId: r.id, fullName: r.fullName, email: r.email, locale: accountLocale(rep?.language) };
        await deps.outbox.queuePush(w, calledPush(notice, { doctorName: link.doctorName, clinicName: link.clinicName, appointmentId: current.id }));
      }
    }
    const next = await repo.findFirstArrived(w, day);
    return { completed, current, next };
  });
  deps.log.info({ clinicId: day.clinicId, doctorId: day.doctorId, called: result.current?.id ?? null }, 'doctor called next');
  return { message: result.current ? CALLED : NOBODY_ARRIVED, ...result };
}

/**
 * POST /api/doctor/running-late: the day's lateness at the clinic (0 clears it). The reps of the day not yet seen are
 * told once, by push, WhatsApp and e-mail as each allows, and told again only when the lateness moves by 15 minutes or
 * more from what they were told (notified_minutes); clearing tells nobody.
 */
export async function setRunningLate(deps: Deps, o: { actor: Actor; input: RunningLate }): Promise<RunningLateResponse> {
  const link = await requireDoctorLink(deps, { actor: o.actor, clinicId: o.input.clinicId });
  const now = deps.clock.now();
  const minutes = o.input.minutes;
  const day = { clinicId: link.clinicId, doctorId: link.doctorId, date: todayInIndia(now) };
  const repsTold = await withWrite(deps, async (w) => {
    const told = await repo.upsertLateness(w, { ...day, minutes, now });
    await recordClinicActivity(w, {
      clinicId: day.clinicId,
      actor: o.actor,
      action: 'doctor.running_late',
      target: link.doctorName,
      details: { minutes },
      now,
    });
    const tell = minutes > 0 && (told === 0 || Math.abs(minutes - told) >= RUNNING_LATE_RETELL_MINUTES);
    if (!tell) return 0;
    await repo.setNotifiedLateness(w, { ...day, minutes });
    const reps = await repo.listRepsWaiting(w, day);
    if (reps.length === 0) return 0;
    const what = { doctorName: link.doctorName, clinicName: link.clinicName, minutes, date: day.date };
    const notice = (r: (typeof reps)[number]) => ({ repId: r.repId, fullName: r.fullName, email: r.email, locale: accountLocale(r.language) });
    const pushed = new Set(
      (
        await pushRecipientsAmong(
          w,
          reps.map((r) => r.repId),
        )
      ).map((r) => r.id),
    );
    for (const r of reps) if (pushed.has(r.repId)) await deps.outbox.queuePush(w, runningLatePush(notice(r), what));
    await deps.outbox.queueEmails(
      w,
      reps.filter((r) => r.emailNotifications).map((r) => runningLateMail(notice(r), what)),
    );
    await queueRunningLateWhatsApp(deps, w, { repIds: reps.map((r) => r.repId), doctorName: link.doctorName, clinicName: link.clinicName, minutes });
    return reps.length;
  });
  deps.log.info({ clinicId: day.clinicId, doctorId: day.doctorId, minutes, repsTold }, 'doctor set running late');
  const message =
    minutes === 0 ? /*i18n*/ 'Marked on time.' : repsTold > 0 ? /*i18n*/ 'Running late saved. The reps waiting were told.' : /*i18n*/ 'Running late saved.';
  return { message, clinicId: day.clinicId, minutes, repsTold };
}
