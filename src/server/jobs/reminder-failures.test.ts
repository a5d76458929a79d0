import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { emailAuditLog, remindersSent } from '../db/schema';
import { describeEachDatabase } from '../test/harness';
import { createAppointment, createClinic, createDoctor, createSubscribedRep } from '../test/factories';
import { runEveningReminders } from './evening-reminders.job';

// A reminder whose e-mail could not be sent is not marked sent, so a later run tries it again (decision 011).

describeEachDatabase(
  'reminders when the mail server is down',
  (ctx) => {
    it('counts the failure, logs it, and leaves the reminder for the next run', async () => {
      const db = ctx.app.db;
      const clinic = await createClinic(db);
      const doctor = await createDoctor(db, clinic.id);
      const rep = await createSubscribedRep(db);
      const appointment = await createAppointment(db, { doctorId: doctor.id, clinicId: clinic.id, repId: rep.id, appointmentDate: '2026-03-03' });
      ctx.clock.set('2026-03-02T12:30:00.000Z');
      const first = await runEveningReminders({ app: ctx.app, now: ctx.clock.now() });
      expect(first).toMatchObject({ status: 'succeeded', counts: { emailsSent: 0, emailsFailed: 1 } });
      const claims = await db
        .select()
        .from(remindersSent)
        .where(eq(remindersSent.subjectKey, `appointment:${appointment.id}`));
      expect(claims).toHaveLength(0);
      const [audit] = await db.select().from(emailAuditLog).where(eq(emailAuditLog.recipientEmail, rep.email));
      expect(audit).toMatchObject({ templateType: 'reminder', status: 'failed' });

      ctx.clock.advanceMinutes(15);
      const second = await runEveningReminders({ app: ctx.app, now: ctx.clock.now() });
      expect(second.counts).toMatchObject({ emailsFailed: 1 });
    }, 60_000);
  },
  { env: { SMTP_URL: 'smtp://127.0.0.1:9' } },
);
