import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { emailAuditLog, remindersSent } from '../db/schema';
import { deliverOutbox, describeEachDatabase } from '../test/harness';
import { createAppointment, createClinic, createDoctor, createSubscribedRep } from '../test/factories';
import { runEveningReminders } from './evening-reminders.job';

// A reminder is queued once with its claim; when the mail server is down the outbox retries it on its schedule
// (about 30 s, 2 min, 10 min, 1 h, then hourly) and fails it after the deadline (docs/decisions/028-outbox.md).

describeEachDatabase(
  'reminders when the mail server is down',
  (ctx) => {
    it('queues the reminder once; the outbox retries it on the schedule, shows each attempt, and fails it after 24 hours', async () => {
      const db = ctx.app.db;
      const clinic = await createClinic(db);
      const doctor = await createDoctor(db, clinic.id);
      const rep = await createSubscribedRep(db);
      const appointment = await createAppointment(db, { doctorId: doctor.id, clinicId: clinic.id, repId: rep.id, appointmentDate: '2026-03-03' });
      ctx.clock.set('2026-03-02T12:30:00.000Z');
      const first = await runEveningReminders({ app: ctx.app, now: ctx.clock.now() });
      expect(first).toMatchObject({ status: 'succeeded', counts: { emailsQueued: 1 } });
      const claims = await db
        .select()
        .from(remindersSent)
        .where(eq(remindersSent.subjectKey, `appointment:${appointment.id}`));
      expect(claims).toHaveLength(1);
      await deliverOutbox(ctx);
      const history = async () => (await db.select().from(emailAuditLog).where(eq(emailAuditLog.recipientEmail, rep.email)))[0]!;
      expect(await history()).toMatchObject({
        templateType: 'reminder',
        status: 'retrying',
        attempts: 1,
        errorMessage: expect.stringMatching(/ECONNREFUSED|connect/),
      });
      expect((await history()).nextAttemptAt.getTime() - ctx.clock.now().getTime()).toBe(30_000);

      // A later run does not queue it again: the outbox owns it now.
      ctx.clock.advanceMinutes(15);
      const second = await runEveningReminders({ app: ctx.app, now: ctx.clock.now() });
      expect(second.counts).toMatchObject({ emailsQueued: 0 });
      await deliverOutbox(ctx);
      expect(await history()).toMatchObject({ status: 'retrying', attempts: 2 });
      expect((await history()).nextAttemptAt.getTime() - ctx.clock.now().getTime()).toBe(2 * 60_000);

      ctx.clock.advanceMinutes(2);
      await deliverOutbox(ctx);
      expect(await history()).toMatchObject({ status: 'retrying', attempts: 3 });
      expect((await history()).nextAttemptAt.getTime() - ctx.clock.now().getTime()).toBe(10 * 60_000);

      // Hourly from the fourth failure, until the 24-hour deadline: then failed, and kept for the admin to retry.
      for (let hour = 0; hour < 25; hour++) {
        ctx.clock.advanceMinutes(61);
        await deliverOutbox(ctx);
      }
      const last = await history();
      expect(last).toMatchObject({ status: 'failed', retryable: true });
      expect(last.attempts).toBeGreaterThan(20);
      expect(last.attempts).toBeLessThan(30);
    }, 120_000);
  },
  { env: { SMTP_URL: 'smtp://127.0.0.1:9' } },
);
