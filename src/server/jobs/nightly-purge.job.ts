import { and, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import {
  adminAuditLog,
  clinicActivity,
  clinicAbsences,
  clinicUsers,
  doctorAppointments,
  doctorDayClosures,
  emailJobs,
  idempotencyKeys,
  jobRuns,
  medicalReps,
  outbox,
  passwordResetTokens,
  pendingClinicUsers,
  pendingMedicalReps,
  pendingCompanyAccounts,
  profileUpdateCodes,
  remindersSent,
  sessions,
  rateLimitCounters,
  securityEvents,
  waitlistEntries,
} from '../db/schema';
import { cacheKey } from '../cache/cache-keys';
import { addDays, todayInIndia } from '../../shared/dates';
import { runJob, type JobOptions, type JobOutcome } from './job-runner';

// 02:00 IST nightly (spec part 2, 1 and 9: "appointment data deleted daily at 2:00 AM IST"; decision 011). All in
// the job's one transaction. Appointments are kept RETENTION_DAYS after their date (validated >= 29 in
// config.ts, so the call-frequency rule, which looks back at most 28 days, still sees the last visit); future
// and recent ones stay. Expired codes, tokens, pending registrations, sessions and replay keys go.

const DAY_MS = 86_400_000;
export const PENDING_REGISTRATION_DAYS = 7;
export const IDEMPOTENCY_KEY_DAYS = 7;
/**
 * The admin audit trail is kept at least a year (DPDP Rules 2025, rule 8(3): logs of processing kept one year;
 * docs/decisions/042-admin-team.md). 400 days: a year whatever the leap day, plus a month's margin for a purge
 * that did not run, a clock that was off, or a question asked about the year just past.
 */
export const ADMIN_AUDIT_DAYS = 400;
/**
 * A clinic's Activity log is kept as long as the admin audit trail, for the same reason (a year of who did what, with
 * a month's margin), and no longer: it names the clinic's people (docs/decisions/075-clinic-activity-log.md).
 */
export const CLINIC_ACTIVITY_DAYS = 400;

export async function runNightlyPurge({ app, now }: JobOptions): Promise<JobOutcome> {
  const retentionDays = app.config.RETENTION_DAYS;
  const appointmentCutoff = addDays(todayInIndia(now), -retentionDays);
  const retentionInstant = new Date(now.getTime() - retentionDays * DAY_MS);
  const weekAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  return runJob({
    app,
    name: 'nightly-purge',
    now,
    async prepare(tx) {
      const count = (rows: unknown[]) => rows.length;
      const appointments = count(
        await tx.delete(doctorAppointments).where(lt(doctorAppointments.appointmentDate, appointmentCutoff)).returning({ id: doctorAppointments.id }),
      );
      const closures = count(
        await tx.delete(doctorDayClosures).where(lt(doctorDayClosures.closedDate, appointmentCutoff)).returning({ id: doctorDayClosures.id }),
      );
      // Planned absences over before the cutoff go with the visits of those days (docs/decisions/040). They touch no
      // cache: a calendar shows a day before today as past whatever covered it.
      const absences = count(await tx.delete(clinicAbsences).where(lt(clinicAbsences.toDate, appointmentCutoff)).returning({ id: clinicAbsences.id }));
      // Waitlist entries go with the visits of their days (docs/decisions/043); a day gone reads nothing of them.
      const waitlistRows = count(await tx.delete(waitlistEntries).where(lt(waitlistEntries.date, appointmentCutoff)).returning({ id: waitlistEntries.id }));
      // Old appointments and closures are in the read caches (a rep's history): once a night, every instance
      // empties them at this commit rather than name each key (docs/decisions/016-keyed-read-caches.md).
      // Expired sessions need nothing: a cached session ends at its expiry.
      if (appointments + closures > 0) tx.changed(cacheKey.everything());
      const pendingReps = count(
        await tx
          .delete(pendingMedicalReps)
          .where(lt(pendingMedicalReps.createdAt, weekAgo(PENDING_REGISTRATION_DAYS)))
          .returning({ id: pendingMedicalReps.id }),
      );
      const pendingClinics = count(
        await tx
          .delete(pendingClinicUsers)
          .where(lt(pendingClinicUsers.createdAt, weekAgo(PENDING_REGISTRATION_DAYS)))
          .returning({ id: pendingClinicUsers.id }),
      );
      // A company's registration waits as long as a clinic's or a rep's (docs/decisions/087).
      const pendingCompanies = count(
        await tx
          .delete(pendingCompanyAccounts)
          .where(lt(pendingCompanyAccounts.createdAt, weekAgo(PENDING_REGISTRATION_DAYS)))
          .returning({ id: pendingCompanyAccounts.id }),
      );
      // Expired codes on accounts: the code is useless once expired; clearing it keeps no hash longer than needed.
      const repCodes = count(
        await tx
          .update(medicalReps)
          .set({ verificationOtp: null, otpExpiry: null })
          .where(and(isNotNull(medicalReps.verificationOtp), lt(medicalReps.otpExpiry, now)))
          .returning({ id: medicalReps.id }),
      );
      const repResetTokens = count(
        await tx
          .update(medicalReps)
          .set({ resetToken: null, resetTokenExpires: null })
          .where(and(isNotNull(medicalReps.resetToken), lt(medicalReps.resetTokenExpires, now)))
          .returning({ id: medicalReps.id }),
      );
      const clinicCodes = count(
        await tx
          .update(clinicUsers)
          .set({ verificationOtp: null, otpExpiry: null })
          .where(and(isNotNull(clinicUsers.verificationOtp), lt(clinicUsers.otpExpiry, now)))
          .returning({ id: clinicUsers.id }),
      );
      const resetTokens = count(
        await tx
          .delete(passwordResetTokens)
          .where(or(isNotNull(passwordResetTokens.usedAt), lt(passwordResetTokens.expiresAt, now)))
          .returning({ id: passwordResetTokens.id }),
      );
      const profileCodes = count(await tx.delete(profileUpdateCodes).where(lt(profileUpdateCodes.expiresAt, now)).returning({ id: profileUpdateCodes.id }));
      const expiredSessions = count(await tx.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id }));
      const replayKeys = count(
        await tx
          .delete(idempotencyKeys)
          .where(lt(idempotencyKeys.createdAt, weekAgo(IDEMPOTENCY_KEY_DAYS)))
          .returning({ key: idempotencyKeys.key }),
      );
      // Reminder claims and job history older than the retention period have nothing left to protect.
      const reminderClaims = count(await tx.delete(remindersSent).where(lt(remindersSent.sentAt, retentionInstant)).returning({ id: remindersSent.id }));
      const oldRuns = count(await tx.delete(jobRuns).where(lt(jobRuns.startedAt, retentionInstant)).returning({ id: jobRuns.id }));
      // Security events are kept as long as the visits (RETENTION_DAYS): the Security tab counts 30 days, and an
      // address or user agent is personal data with no longer use (docs/decisions/049-security-events-bounded.md).
      const securityRows = count(await tx.delete(securityEvents).where(lt(securityEvents.timestamp, retentionInstant)).returning({ id: securityEvents.id }));
      // The audit trail refuses deletes (migration 0023) unless this transaction says it is the purge, and then any row
      // younger than 400 days by the database's clock (migration 0032). Both clocks are asked here: where the app's
      // clock runs ahead of the database's, the row the trigger would refuse stays for a later night instead of
      // failing the whole purge.
      await tx.execute(sql`select set_config('repvisit.audit_purge', 'on', true)`);
      const auditRows = count(
        await tx
          .delete(adminAuditLog)
          .where(and(lt(adminAuditLog.at, weekAgo(ADMIN_AUDIT_DAYS)), sql`${adminAuditLog.at} < now() - make_interval(days => ${ADMIN_AUDIT_DAYS})`))
          .returning({ id: adminAuditLog.id }),
      );
      // The clinic's Activity log past its year (decision 075); a deleted clinic's rows went with it (ON DELETE CASCADE).
      const activityRows = count(
        await tx
          .delete(clinicActivity)
          .where(lt(clinicActivity.at, weekAgo(CLINIC_ACTIVITY_DAYS)))
          .returning({ id: clinicActivity.id }),
      );
      // Rate-limit windows that have ended (PostgreSQL keeps them in a table shared by the instances).
      const rateLimitWindows = count(
        await tx.delete(rateLimitCounters).where(lt(rateLimitCounters.windowEndsAt, now)).returning({ key: rateLimitCounters.key }),
      );
      // Pushes finished longer ago than the retention period, and bulk sends with nothing left to do (their e-mails
      // stay in the history, which is the spec's e-mail log; decision 028).
      const finishedPushes = count(
        await tx
          .delete(outbox)
          .where(and(eq(outbox.channel, 'push'), inArray(outbox.status, ['sent', 'failed']), lt(outbox.queuedAt, retentionInstant)))
          .returning({ id: outbox.id }),
      );
      const oldEmailJobs = count(
        await tx
          .delete(emailJobs)
          .where(and(eq(emailJobs.expanded, true), lt(emailJobs.createdAt, retentionInstant)))
          .returning({ id: emailJobs.id }),
      );
      return {
        appointments,
        pushes: finishedPushes,
        emailJobs: oldEmailJobs,
        dayClosures: closures,
        absences,
        waitlistEntries: waitlistRows,
        pendingRegistrations: pendingReps + pendingClinics + pendingCompanies,
        expiredCodes: repCodes + clinicCodes + profileCodes,
        resetTokens: resetTokens + repResetTokens,
        sessions: expiredSessions,
        idempotencyKeys: replayKeys,
        reminderClaims,
        jobRuns: oldRuns,
        rateLimitWindows,
        adminAuditRows: auditRows,
        clinicActivityRows: activityRows,
        securityEvents: securityRows,
      };
    },
    countsOf: (counts) => counts,
  });
}
