import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailAuditLog, jobRuns, medicalReps, outbox } from '../db/schema';
import { deliverOutbox, describeEachDatabase } from '../test/harness';
import { browserSubscription, PushService } from '../test/push-service';
import { createAppointment, createClinic, createDoctor, createSubscribedRep, sessionCookie } from '../test/factories';
import { runEveningReminders } from './evening-reminders.job';

// The evening-before reminder (18:00 IST), by e-mail and web push, once, to the right reps.

const push = new PushService();
beforeAll(() => push.start());
afterAll(() => push.stop());

const EVENING = '2026-03-02T12:30:00.000Z'; // Monday 18:00 IST; tomorrow is Tuesday 03/03/2026
const TOMORROW = '2026-03-03';

describeEachDatabase(
  'evening reminders',
  (ctx) => {
    async function setting() {
      const db = ctx.app.db;
      const clinic = await createClinic(db, { clinicName: 'Dal Lake Clinic', city: 'Srinagar' });
      const cardio = await createDoctor(db, clinic.id, { name: 'Dr. Mir Cardio', specialty: 'Cardiology' });
      const derma = await createDoctor(db, clinic.id, { name: 'Dr. Kaul Derma', specialty: 'Dermatology' });
      return { db, clinic, cardio, derma };
    }

    it('e-mails each rep once, listing tomorrow’s active visits with doctor, clinic and date; not the cancelled, later or opted-out', async () => {
      const { db, clinic, cardio, derma } = await setting();
      const both = await createSubscribedRep(db, { fullName: 'Ravi Both' });
      const cancelled = await createSubscribedRep(db);
      const later = await createSubscribedRep(db);
      const optedOut = await createSubscribedRep(db, { emailNotifications: false });
      const inactive = await createSubscribedRep(db, { status: 'inactive' });
      await createAppointment(db, { doctorId: cardio.id, clinicId: clinic.id, repId: both.id, appointmentDate: TOMORROW, status: 'booked' });
      await createAppointment(db, { doctorId: derma.id, clinicId: clinic.id, repId: both.id, appointmentDate: TOMORROW, status: 'confirmed' });
      await createAppointment(db, { doctorId: cardio.id, clinicId: clinic.id, repId: cancelled.id, appointmentDate: TOMORROW, status: 'cancelled' });
      await createAppointment(db, { doctorId: cardio.id, clinicId: clinic.id, repId: later.id, appointmentDate: '2026-03-04' });
      await createAppointment(db, { doctorId: derma.id, clinicId: clinic.id, repId: optedOut.id, appointmentDate: TOMORROW });
      await createAppointment(db, { doctorId: derma.id, clinicId: clinic.id, repId: inactive.id, appointmentDate: TOMORROW });

      ctx.clock.set(EVENING);
      const outcome = await runEveningReminders({ app: ctx.app, now: ctx.clock.now() });
      await deliverOutbox(ctx);
      expect(outcome.status).toBe('succeeded');

      const mails = ctx.mailbox.to(both.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Reminder: your 2 visits tomorrow, 03/03/2026');
      expect(mails[0]!.text).toContain('Dr. Mir Cardio (Cardiology) at Dal Lake Clinic, Srinagar');
      expect(mails[0]!.text).toContain('Dr. Kaul Derma (Dermatology) at Dal Lake Clinic, Srinagar');
      expect(mails[0]!.text).toContain('Tuesday, 03/03/2026');
      for (const rep of [cancelled, later, optedOut, inactive]) expect(ctx.mailbox.to(rep.email)).toHaveLength(0);

      const [audit] = await db.select().from(emailAuditLog).where(eq(emailAuditLog.recipientEmail, both.email));
      expect(audit).toMatchObject({ templateType: 'reminder', status: 'sent' });

      // Run again later the same evening (a restart, a second timer): nothing goes twice.
      ctx.clock.advanceMinutes(30);
      const again = await runEveningReminders({ app: ctx.app, now: ctx.clock.now() });
      await deliverOutbox(ctx);
      expect(again).toMatchObject({ status: 'succeeded', counts: { emailsQueued: 0 } });
      expect(ctx.mailbox.to(both.email)).toHaveLength(1);
    });

    it('two instances racing at the same moment run the job once and send once', async () => {
      const { db, clinic, cardio } = await setting();
      const rep = await createSubscribedRep(db);
      await createAppointment(db, { doctorId: cardio.id, clinicId: clinic.id, repId: rep.id, appointmentDate: TOMORROW });
      ctx.clock.set('2026-03-02T13:10:00.000Z');
      const now = ctx.clock.now();
      const outcomes = await Promise.all([
        runEveningReminders({ app: ctx.app, now }),
        runEveningReminders({ app: ctx.app, now }),
        runEveningReminders({ app: ctx.app, now }),
      ]);
      expect(outcomes.map((o) => o.status).sort()).toEqual(['skipped', 'skipped', 'succeeded']);
      expect(outcomes.find((o) => o.status === 'succeeded')!.counts).toMatchObject({ emailsQueued: 1 });
      await deliverOutbox(ctx);
      expect(ctx.mailbox.to(rep.email)).toHaveLength(1);
      const runs = await db
        .select()
        .from(jobRuns)
        .where(and(eq(jobRuns.name, 'evening-reminders'), eq(jobRuns.startedAt, now)));
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ status: 'succeeded', counts: { emailsQueued: 1 } });
    });

    // Visiting hours (docs/decisions/039): each visit with its time and token, in the day's order; the push says it too.
    it('lists a rep’s visits by time with their tokens; the push gives the time', async () => {
      const { db, clinic, derma } = await setting();
      const hours = await createDoctor(db, clinic.id, {
        name: 'Dr. Shah Hours',
        specialty: 'Cardiology',
        settings: { visitWindows: [{ start: '15:30', end: '16:30' }], slotMinutes: 15 },
      });
      const rep = await createSubscribedRep(db, { fullName: 'Ravi Timed' });
      const first = await createSubscribedRep(db);
      const tag = `${ctx.kind}-${randomBytes(3).toString('hex')}`;
      const sub = browserSubscription(`http://127.0.0.1:${push.port}/ok/${tag}-${rep.id}`);
      const cookie = await sessionCookie(ctx.app, 'medrep', rep.id);
      await ctx.app.inject({ method: 'POST', url: '/api/medrep/push-subscription', headers: { cookie }, payload: { subscription: sub.json } });
      await createAppointment(db, { doctorId: derma.id, clinicId: clinic.id, repId: rep.id, appointmentDate: TOMORROW });
      await createAppointment(db, { doctorId: hours.id, clinicId: clinic.id, repId: rep.id, appointmentDate: TOMORROW, startTime: '15:45' });
      await createAppointment(db, { doctorId: hours.id, clinicId: clinic.id, repId: first.id, appointmentDate: TOMORROW, startTime: '15:30' });

      ctx.clock.set('2026-03-02T13:20:00.000Z'); // a moment of its own: one run of the job per moment
      await runEveningReminders({ app: ctx.app, now: ctx.clock.now() });
      await deliverOutbox(ctx);
      const [mail] = ctx.mailbox.to(rep.email);
      expect(mail!.text).toContain(
        '\n- 15:45, token #2: Dr. Shah Hours (Cardiology) at Dal Lake Clinic, Srinagar, Jammu and Kashmir\n- Token #1: Dr. Kaul Derma (Dermatology) at Dal Lake Clinic',
      );
      const [other] = ctx.mailbox.to(first.email);
      expect(other!.subject).toBe('Reminder: your visit tomorrow, 03/03/2026 at 15:30');
      expect(other!.text).toContain('- 15:30, token #1: Dr. Shah Hours (Cardiology) at Dal Lake Clinic');
      const received = push.received.filter((r) => r.path === `/ok/${tag}-${rep.id}`);
      expect(received).toHaveLength(1);
      expect(sub.decrypt(received[0]!.body)).toMatchObject({ title: '2 visits tomorrow', body: 'Dr. Shah Hours 15:45, Dr. Kaul Derma' });
    });

    it('sends a web push to reps who allowed it, encrypted for their browser; a gone subscription is removed', async () => {
      const { db, clinic, cardio, derma } = await setting();
      const allowed = await createSubscribedRep(db);
      const gone = await createSubscribedRep(db);
      const pushOff = await createSubscribedRep(db);
      const tag = `${ctx.kind}-${randomBytes(3).toString('hex')}`;
      const subAllowed = browserSubscription(`http://127.0.0.1:${push.port}/ok/${tag}-${allowed.id}`);
      const subGone = browserSubscription(`http://127.0.0.1:${push.port}/gone/${tag}-${gone.id}`);
      const subOff = browserSubscription(`http://127.0.0.1:${push.port}/ok/${tag}-${pushOff.id}`);
      for (const [rep, sub] of [
        [allowed, subAllowed],
        [gone, subGone],
        [pushOff, subOff],
      ] as const) {
        const cookie = await sessionCookie(ctx.app, 'medrep', rep.id);
        const res = await ctx.app.inject({ method: 'POST', url: '/api/medrep/push-subscription', headers: { cookie }, payload: { subscription: sub.json } });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ pushSubscribed: true, pushNotifications: true });
      }
      const offCookie = await sessionCookie(ctx.app, 'medrep', pushOff.id);
      const off = await ctx.app.inject({
        method: 'PUT',
        url: '/api/medrep/notification-preferences',
        headers: { cookie: offCookie },
        payload: { emailNotifications: true, pushNotifications: false, renewalReminders: true },
      });
      expect(off.json()).toMatchObject({ pushNotifications: false });
      for (const rep of [allowed, gone, pushOff]) {
        await createAppointment(db, { doctorId: derma.id, clinicId: clinic.id, repId: rep.id, appointmentDate: TOMORROW });
      }
      await createAppointment(db, { doctorId: cardio.id, clinicId: clinic.id, repId: gone.id, appointmentDate: '2026-03-10' });

      ctx.clock.set('2026-03-02T13:30:00.000Z');
      const outcome = await runEveningReminders({ app: ctx.app, now: ctx.clock.now() });
      await deliverOutbox(ctx);
      // Both subscribed reps' pushes are queued; the push service's 410 fails the gone one without retries.
      expect(outcome.counts).toMatchObject({ pushesQueued: 2 });
      const pushes = await db.select().from(outbox).where(eq(outbox.channel, 'push'));
      expect(pushes.find((m) => m.recipientId === gone.id)).toMatchObject({ status: 'failed', attempts: 1, errorMessage: expect.stringContaining('gone') });
      expect(pushes.find((m) => m.recipientId === allowed.id)).toMatchObject({ status: 'sent', body: null });

      const toAllowed = push.received.filter((r) => r.path === `/ok/${tag}-${allowed.id}`);
      expect(toAllowed).toHaveLength(1);
      expect(toAllowed[0]!.headers['content-encoding']).toBe('aes128gcm');
      expect(toAllowed[0]!.headers.authorization).toMatch(/^vapid t=.+, k=.+/);
      expect(subAllowed.decrypt(toAllowed[0]!.body)).toMatchObject({
        title: 'Visit tomorrow',
        body: expect.stringContaining('Dr. Kaul Derma at Dal Lake Clinic'),
      });
      expect(push.received.filter((r) => r.path === `/ok/${tag}-${pushOff.id}`)).toHaveLength(0);
      expect(ctx.mailbox.to(pushOff.email)).toHaveLength(1); // e-mail still on

      const [goneRow] = await db.select({ sub: medicalReps.pushSubscription }).from(medicalReps).where(eq(medicalReps.id, gone.id));
      expect(goneRow!.sub).toBeNull();
      const prefs = await ctx.app.inject({
        method: 'GET',
        url: '/api/medrep/notification-preferences',
        headers: { cookie: await sessionCookie(ctx.app, 'medrep', gone.id) },
      });
      expect(prefs.json()).toMatchObject({ pushSubscribed: false });

      // Once only, also for push.
      ctx.clock.advanceMinutes(5);
      await runEveningReminders({ app: ctx.app, now: ctx.clock.now() });
      await deliverOutbox(ctx);
      expect(push.received.filter((r) => r.path === `/ok/${tag}-${allowed.id}`)).toHaveLength(1);
    });
  },
  { env: { PUSH_SERVICE_ORIGINS: 'http://127.0.0.1:*' } },
);

describe('push endpoints', () => {
  it('are refused unless on an allowed push service', async () => {
    const { isAllowedPushEndpoint } = await import('../modules/notifications/push.service');
    const origins = 'https://fcm.googleapis.com,https://*.push.services.mozilla.com';
    expect(isAllowedPushEndpoint(origins, 'https://fcm.googleapis.com/fcm/send/abc')).toBe(true);
    expect(isAllowedPushEndpoint(origins, 'https://updates.push.services.mozilla.com/wpush/v2/x')).toBe(true);
    expect(isAllowedPushEndpoint(origins, 'http://fcm.googleapis.com/fcm/send/abc')).toBe(false);
    expect(isAllowedPushEndpoint(origins, 'https://fcm.googleapis.com.evil.example/x')).toBe(false);
    expect(isAllowedPushEndpoint(origins, 'https://169.254.169.254/latest')).toBe(false);
    expect(isAllowedPushEndpoint(origins, 'not a url')).toBe(false);
  });
});
