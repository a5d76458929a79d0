import { eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { loadConfig } from '../config';
import {
  clinicAbsences,
  doctorAppointments,
  idempotencyKeys,
  medicalReps,
  outbox,
  passwordResetTokens,
  pendingMedicalReps,
  profileUpdateCodes,
  sessions,
} from '../db/schema';
import { describeEachDatabase } from '../test/harness';
import { createAppointment, createClinic, createDoctor, createSubscribedRep, sessionCookie } from '../test/factories';
import { runNightlyPurge } from './nightly-purge.job';

// spec part 2, 1: appointment data deleted daily at 2:00 AM IST, keeping what the booking rules still need (decision 011).

const NIGHT = '2026-03-01T20:30:00.000Z'; // Monday 02 March 2026, 02:00 IST
const DAY = 86_400_000;

describeEachDatabase(
  'nightly purge',
  (ctx) => {
    it('deletes appointments past the retention period and expired codes, tokens, registrations, sessions and replay keys; keeps the rest', async () => {
      const db = ctx.app.db;
      ctx.clock.set(NIGHT);
      const now = ctx.clock.now();
      const ago = (days: number) => new Date(now.getTime() - days * DAY);
      const ahead = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
      const clinic = await createClinic(db);
      const doctor = await createDoctor(db, clinic.id, { settings: { callFrequency: 28 } });
      const rep = await createSubscribedRep(db);
      // RETENTION_DAYS=40 here: today 2026-03-02, so the cutoff is 2026-01-21.
      const tooOld = await createAppointment(db, {
        doctorId: doctor.id,
        clinicId: clinic.id,
        repId: rep.id,
        appointmentDate: '2026-01-20',
        status: 'completed',
      });
      const edge = await createAppointment(db, { doctorId: doctor.id, clinicId: clinic.id, repId: rep.id, appointmentDate: '2026-01-21', status: 'cancelled' });
      const lastVisit = await createAppointment(db, { doctorId: doctor.id, clinicId: clinic.id, repId: rep.id, appointmentDate: '2026-02-10' });
      const future = await createAppointment(db, { doctorId: doctor.id, clinicId: clinic.id, repId: rep.id, appointmentDate: '2026-03-20' });

      const pending = (email: string, createdAt: Date) => ({
        fullName: 'Pending Rep',
        email,
        phone: `98${Math.floor(Math.random() * 1e8)}`,
        company: 'X',
        state: 'Goa',
        password: 'x',
        verificationOtp: 'h',
        otpExpiry: new Date(createdAt.getTime() + 15 * 60_000),
        createdAt,
      });
      await db.insert(pendingMedicalReps).values([pending(`old-${ctx.kind}@example.com`, ago(8)), pending(`new-${ctx.kind}@example.com`, ago(6))]);

      await db.insert(passwordResetTokens).values([
        { userType: 'medrep', userId: rep.id, tokenHash: `used-${ctx.kind}`, expiresAt: ahead(30), usedAt: ago(0.01) },
        { userType: 'medrep', userId: rep.id, tokenHash: `expired-${ctx.kind}`, expiresAt: ago(0.01) },
        { userType: 'medrep', userId: rep.id, tokenHash: `live-${ctx.kind}`, expiresAt: ahead(30) },
      ]);
      const otherRep = await createSubscribedRep(db);
      await db.insert(profileUpdateCodes).values([
        { repId: rep.id, updateType: 'phone', codeHash: 'x', expiresAt: ago(0.01) },
        { repId: otherRep.id, updateType: 'phone', codeHash: 'y', expiresAt: ahead(5) },
      ]);
      await db
        .update(medicalReps)
        .set({ verificationOtp: 'old-hash', otpExpiry: ago(1) })
        .where(eq(medicalReps.id, otherRep.id));
      await db.insert(sessions).values({ id: `expired-${ctx.kind}`, userType: 'medrep', userId: rep.id, expiresAt: ago(0.01), lastSeenAt: ago(1) });
      const liveCookie = await sessionCookie(ctx.app, 'medrep', rep.id);
      await db.insert(idempotencyKeys).values([
        { key: `old-${ctx.kind}`, repId: rep.id, statusCode: 201, responseBody: {}, createdAt: ago(8) },
        { key: `new-${ctx.kind}`, repId: rep.id, statusCode: 201, responseBody: {}, createdAt: ago(1) },
      ]);

      // A push sent before the retention period goes; a recent one and every e-mail (the history) stay.
      const pushRow = (subject: string, at: Date) => ({
        channel: 'push',
        templateType: 'visit_reminder_push',
        recipientEmail: rep.email,
        subject,
        status: 'sent',
        queuedAt: at,
        nextAttemptAt: at,
        deadlineAt: at,
        sentAt: at,
      });
      await db
        .insert(outbox)
        .values([
          pushRow(`old push ${ctx.kind}`, ago(100)),
          pushRow(`new push ${ctx.kind}`, ago(1)),
          { ...pushRow(`old mail ${ctx.kind}`, ago(100)), channel: 'email' },
        ]);

      const outcome = await runNightlyPurge({ app: ctx.app, now });
      expect(outcome.status).toBe('succeeded');
      const messages = await db.select({ subject: outbox.subject }).from(outbox).where(eq(outbox.recipientEmail, rep.email));
      expect(messages.map((m) => m.subject).sort()).toEqual([`new push ${ctx.kind}`, `old mail ${ctx.kind}`]);
      expect(outcome.counts).toMatchObject({ pushes: 1 });
      expect(outcome.counts).toMatchObject({ appointments: 1, pendingRegistrations: 1, resetTokens: 2, sessions: 1, idempotencyKeys: 1 });
      expect(outcome.counts.expiredCodes).toBe(2);

      const left = await db
        .select({ id: doctorAppointments.id })
        .from(doctorAppointments)
        .where(inArray(doctorAppointments.id, [tooOld.id, edge.id, lastVisit.id, future.id]));
      expect(left.map((r) => r.id).sort((a, b) => a - b)).toEqual([edge.id, lastVisit.id, future.id].sort((a, b) => a - b));
      const pendingLeft = await db.select({ email: pendingMedicalReps.email }).from(pendingMedicalReps);
      expect(pendingLeft.map((p) => p.email)).toContain(`new-${ctx.kind}@example.com`);
      expect(pendingLeft.map((p) => p.email)).not.toContain(`old-${ctx.kind}@example.com`);
      const tokens = await db.select({ h: passwordResetTokens.tokenHash }).from(passwordResetTokens);
      expect(tokens.map((t) => t.h)).toEqual([`live-${ctx.kind}`]);
      const codes = await db.select({ repId: profileUpdateCodes.repId }).from(profileUpdateCodes);
      expect(codes).toEqual([{ repId: otherRep.id }]);
      const [other] = await db.select({ otp: medicalReps.verificationOtp }).from(medicalReps).where(eq(medicalReps.id, otherRep.id));
      expect(other!.otp).toBeNull();
      const keys = await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
      expect(keys.map((k) => k.key)).toEqual([`new-${ctx.kind}`]);

      // The live session still works and the rep still sees the future visit.
      const mine = await ctx.app.inject({ method: 'GET', url: `/api/rep-appointments?repId=${rep.id}`, headers: { cookie: liveCookie } });
      expect(mine.statusCode).toBe(200);
      expect(JSON.stringify(mine.json())).toContain('2026-03-20');

      // A second run the same night finds nothing left to do.
      ctx.clock.advanceMinutes(5);
      const again = await runNightlyPurge({ app: ctx.app, now: ctx.clock.now() });
      expect(again.counts).toMatchObject({ appointments: 0, sessions: 0, idempotencyKeys: 0 });
    });

    it('deletes planned absences over before the retention cutoff, as the visits of those days; keeps the rest', async () => {
      const db = ctx.app.db;
      // A run of its own the same night (a job runs once a minute at most).
      ctx.clock.set(NIGHT);
      ctx.clock.advanceMinutes(10);
      const clinic = await createClinic(db);
      const doctor = await createDoctor(db, clinic.id);
      // RETENTION_DAYS=40: the cutoff is 2026-01-21 (docs/decisions/040).
      const absence = (fromDate: string, toDate: string) => ({ clinicId: clinic.id, doctorId: doctor.id, fromDate, toDate, reason: 'Annual leave' });
      const rows = await db
        .insert(clinicAbsences)
        .values([
          absence('2026-01-10', '2026-01-20'),
          absence('2026-01-10', '2026-01-21'),
          absence('2026-03-09', '2026-03-13'),
          { ...absence('2026-04-01', '2026-04-02'), doctorId: null },
        ])
        .returning({ id: clinicAbsences.id });
      const outcome = await runNightlyPurge({ app: ctx.app, now: ctx.clock.now() });
      expect(outcome.status).toBe('succeeded');
      expect(outcome.counts).toMatchObject({ absences: 1 });
      const left = await db.select({ id: clinicAbsences.id }).from(clinicAbsences).where(eq(clinicAbsences.clinicId, clinic.id));
      expect(left.map((r) => r.id).sort((a, b) => a - b)).toEqual(rows.slice(1).map((r) => r.id));
    });

    it('tells the privacy page the retention period in force', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/legal/retention' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ retentionDays: 40 });
    });
  },
  { env: { RETENTION_DAYS: '40' }, pooler: true },
);

it('RETENTION_DAYS defaults to 90 and must outlast the 28-day call-frequency rule', () => {
  expect(loadConfig({}).RETENTION_DAYS).toBe(90);
  expect(loadConfig({ RETENTION_DAYS: '29' }).RETENTION_DAYS).toBe(29);
  expect(() => loadConfig({ RETENTION_DAYS: '28' })).toThrow(/RETENTION_DAYS: must be at least 29/);
});
