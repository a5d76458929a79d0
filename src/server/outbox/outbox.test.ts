import { createServer, type Server, type Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../bench/processes';
import { buildApp } from '../app';
import { readTestEnv, testConfig } from '../config';
import { openDatabase } from '../db/client';
import { emailAuditLog, outbox } from '../db/schema';
import { ADMIN_ENV, adminCookie, call } from '../modules/admin/admin-test-support';
import { post, repPayload } from '../modules/auth/auth.test-support';
import { createAppointment, createClinic, createDoctor, createRep, sessionCookie } from '../test/factories';
import { createTestDatabase, deliverOutbox, describeEachDatabase, TestClock } from '../test/harness';
import { codeIn, Mailbox } from '../test/mailbox';
import { createOutbox } from './outbox';

// The outbox (docs/decisions/028-outbox.md): a request only writes its messages; the worker delivers them, retries
// through an outage, hurries them out once the mail server is back, and several instances never send one twice.

const REGISTERED = 'Registration successful. Please check your email for the 6-digit verification code.';

/** An SMTP port with nothing behind it until `open()` starts a real SMTP server there. */
const down = { env: { SMTP_URL: '' } as Record<string, string>, port: 0 };
beforeAll(async () => {
  down.port = await freePort();
  down.env.SMTP_URL = `smtp://127.0.0.1:${down.port}`;
});

describeEachDatabase(
  'the outbox while the mail server is down, then back',
  (ctx) => {
    // Each database's run starts with the port refusing; this is the server that comes back on it.
    const back = new Mailbox();
    afterAll(() => back.stop().catch(() => {}));

    it('registration answers at once; the code is delivered when SMTP is back, without the user asking, and verifies', async () => {
      const payload = repPayload({ fullName: 'Nazir Lone' });
      const started = Date.now();
      const res = await post(ctx.app, '/api/medrep/register', payload);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().message).toBe(REGISTERED);
      expect(Date.now() - started).toBeLessThan(2000);
      await deliverOutbox(ctx);
      const [first] = await ctx.app.db.select().from(emailAuditLog).where(eq(emailAuditLog.recipientEmail, payload.email));
      expect(first).toMatchObject({ templateType: 'verification', status: 'retrying', attempts: 1 });
      expect(first!.errorMessage).toMatch(/ECONNREFUSED/);

      // Nothing was handed to SMTP, so the one-minute wait has not started: a resend works, and replaces the queued code.
      const resend = await post(ctx.app, '/api/resend-verification', { email: payload.email, type: 'medrep' });
      expect(resend.statusCode, resend.body).toBe(200);
      await deliverOutbox(ctx);
      const rows = await ctx.app.db.select().from(emailAuditLog).where(eq(emailAuditLog.recipientEmail, payload.email));
      expect(rows.map((r) => r.status).sort()).toEqual(['replaced', 'retrying']);

      // The mail server comes back; nobody touches the app or its clock.
      await back.start(down.port);
      const mail = await back.waitFor(payload.email, () => true, 15_000);
      const ok = await post(ctx.app, '/api/verify-otp', { email: payload.email, otp: codeIn(mail), type: 'medrep' });
      expect(ok.statusCode, ok.body).toBe(200);
      await deliverOutbox(ctx);
      // Only the newest code went out; the history shows it sent on its second attempt or later.
      expect(back.to(payload.email)).toHaveLength(1);
      const sent = await ctx.app.db.select().from(emailAuditLog).where(eq(emailAuditLog.recipientEmail, payload.email));
      expect(sent.find((r) => r.status === 'sent')!.attempts).toBeGreaterThanOrEqual(2);
    }, 60_000);

    it('the resend wait starts when a code is handed to SMTP', async () => {
      const payload = repPayload();
      expect((await post(ctx.app, '/api/medrep/register', payload)).statusCode).toBe(201);
      await back.waitFor(payload.email, () => true, 15_000);
      await deliverOutbox(ctx);
      const again = await post(ctx.app, '/api/resend-verification', { email: payload.email, type: 'medrep' });
      expect(again.statusCode).toBe(429);
      expect(again.json().message).toMatch(/^Please wait \d+ seconds before requesting a new code\.$/);
      ctx.clock.advance(61_000);
      expect((await post(ctx.app, '/api/resend-verification', { email: payload.email, type: 'medrep' })).statusCode).toBe(200);
    }, 30_000);
  },
  { env: down.env, pooler: true },
);

/** A mail server that accepts the connection and never says a word. */
const hung = { env: { SMTP_URL: '' } as Record<string, string>, server: null as Server | null, sockets: [] as Socket[] };
beforeAll(async () => {
  hung.server = createServer((socket) => hung.sockets.push(socket));
  await new Promise<void>((resolve) => hung.server!.listen(0, '127.0.0.1', resolve));
  hung.env.SMTP_URL = `smtp://127.0.0.1:${(hung.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  for (const s of hung.sockets) s.destroy();
  await new Promise<void>((resolve) => (hung.server ? hung.server.close(() => resolve()) : resolve()));
});

describeEachDatabase(
  'the outbox while the mail server hangs',
  (ctx) => {
    it("registration and Cancel Today's Calls with 5 visits answer at once; the messages wait in the outbox", async () => {
      const started = Date.now();
      const payload = repPayload();
      expect((await post(ctx.app, '/api/medrep/register', payload)).statusCode).toBe(201);
      expect(Date.now() - started).toBeLessThan(2000);

      const clinic = await createClinic(ctx.app.db);
      const doctor = await createDoctor(ctx.app.db, clinic.id);
      const reps = await Promise.all(Array.from({ length: 5 }, (_, i) => createRep(ctx.app.db, { phone: `90000011${String(i).padStart(2, '0')}` })));
      for (const rep of reps) await createAppointment(ctx.app.db, { doctorId: doctor.id, clinicId: clinic.id, repId: rep.id, appointmentDate: '2026-03-02' });
      const cookie = await sessionCookie(ctx.app, 'clinic', clinic.id);
      const t = Date.now();
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/clinic/cancel-today-calls',
        headers: { cookie },
        payload: { clinicId: clinic.id, doctorId: doctor.id, date: '2026-03-02', reason: 'Clinic will be closed today' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ cancelledCount: 5, emailsSent: 5 });
      expect(Date.now() - t).toBeLessThan(2000);
      const rows = await ctx.app.db.select().from(emailAuditLog).where(eq(emailAuditLog.templateType, 'cancellation'));
      expect(rows).toHaveLength(5);
      for (const r of rows) expect(['queued', 'sending']).toContain(r.status);
    }, 30_000);
  },
  { env: hung.env, pooler: true },
);

describeEachDatabase(
  'failed e-mails in the admin history',
  (ctx) => {
    it('a failed e-mail shows its attempts and error; the admin sends it again, one or all of a send', async () => {
      const cookie = await adminCookie(ctx.app);
      const rep = await createRep(ctx.app.db, { fullName: 'Retry Me' });
      // Written as the app writes it, then failed by the deadline while the mail server refuses (by hand here).
      await ctx.app.outbox.queueEmail(ctx.app.db, { to: rep.email, toName: rep.fullName, subject: 'Hello again', text: 'Hi', templateType: 'custom' });
      await ctx.app.db
        .update(outbox)
        .set({ status: 'failed', attempts: 27, errorMessage: 'connect ECONNREFUSED 127.0.0.1:25' })
        .where(eq(outbox.recipientEmail, rep.email));
      const logs = (await call(ctx.app, 'GET', '/api/admin/email-audit-logs?limit=50', { cookie })).json().logs;
      const log = logs.find((l: { recipient_email: string }) => l.recipient_email === rep.email);
      expect(log).toMatchObject({ status: 'failed', attempts: 27, error_message: 'connect ECONNREFUSED 127.0.0.1:25', retryable: true, sent_at: null });

      const retried = await call(ctx.app, 'POST', `/api/admin/email-audit-logs/${log.id}/retry`, { cookie });
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.json()).toEqual({ retried: 1, message: 'The email is queued again' });
      const mail = await ctx.mailbox.waitFor(rep.email);
      expect(mail.subject).toBe('Hello again');
      await deliverOutbox(ctx);
      const again = await call(ctx.app, 'POST', `/api/admin/email-audit-logs/${log.id}/retry`, { cookie });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ code: 'not_retryable' });

      // Every failed e-mail of one send.
      const a = await createRep(ctx.app.db);
      const b = await createRep(ctx.app.db);
      const sent = await call(ctx.app, 'POST', '/api/admin/send-bulk-email', {
        cookie,
        body: { recipientIds: [a.id, b.id], subject: 'Bulk', content: 'Hello {{name}}', templateType: 'custom' },
      });
      const jobId = sent.json().jobId as string;
      await deliverOutbox(ctx);
      await deliverOutbox(ctx);
      await ctx.app.db
        .update(outbox)
        .set({ status: 'failed', body: { text: 'Hello again, by retry' } })
        .where(eq(outbox.jobId, jobId));
      const failedJob = (await call(ctx.app, 'GET', `/api/admin/email-jobs/${jobId}`, { cookie })).json();
      expect(failedJob).toMatchObject({ total: 2, sent: 0, failed: 2, pending: 0, done: true });
      const all = await call(ctx.app, 'POST', `/api/admin/email-jobs/${jobId}/retry-failed`, { cookie });
      expect(all.json()).toEqual({ retried: 2, message: '2 failed emails queued again' });
      await ctx.mailbox.waitFor(b.email, (m) => m.text.includes('by retry'));
      await deliverOutbox(ctx);
      expect((await call(ctx.app, 'GET', `/api/admin/email-jobs/${jobId}`, { cookie })).json()).toMatchObject({ sent: 2, failed: 0, done: true });
    }, 30_000);
  },
  { ...ADMIN_ENV, pooler: true },
);

// Two instances on one PostgreSQL database: each message is claimed by one of them only (SKIP LOCKED).
describe.runIf(!!readTestEnv().testDatabaseUrl)('two instances draining one outbox', () => {
  it('deliver every message exactly once', async () => {
    const mailbox = new Mailbox();
    const smtpUrl = await mailbox.start();
    const created = await createTestDatabase('postgres');
    const clock = new TestClock();
    const config = testConfig({ SMTP_URL: smtpUrl, OUTBOX_POLL_MS: '10', OUTBOX_CONCURRENCY: '4' });
    const a = await buildApp({ config, database: created.database, clock });
    const second = await openDatabase({ url: created.url!, dataDir: 'unused' });
    const b = await buildApp({ config, database: second, clock });
    try {
      const queue = createOutbox({ clock });
      const mails = Array.from({ length: 300 }, (_, i) => ({ to: `twice-${i}@example.com`, subject: `Once ${i}`, text: 'Only once', templateType: 'custom' }));
      await queue.queueEmails(created.database.db, mails);
      await Promise.all([a.ready(), b.ready()]);
      const until = Date.now() + 60_000;
      while (mailbox.messages.length < 300 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      await Promise.all([deliverOutbox({ app: a }), deliverOutbox({ app: b })]);
      expect(mailbox.messages).toHaveLength(300);
      expect(new Set(mailbox.messages.map((m) => m.to[0])).size).toBe(300);
      const rows = await created.database.db.select().from(outbox);
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    } finally {
      await a.close();
      await b.close();
      await second.close();
      await created.drop();
      await mailbox.stop();
    }
  }, 120_000);
});
