import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { clinicUsers, medicalReps } from '../../db/schema';
import { SESSION_COOKIE } from '../../plugins/auth';
import { createTestDatabase, testDatabaseKinds, TestClock } from '../harness';
import { codeIn, linkIn, Mailbox } from '../mailbox';
import { createClinic, createDoctor, createSubscribedRep, sessionCookie } from '../factories';
import { PASSWORD, repPayload } from '../../modules/auth/auth.test-support';

// Logs (ASVS V7.1): a full journey at LOG_LEVEL info, including failures, leaves no password,
// code, token, session cookie value or hash in the logs.

const ADMIN_PASSWORD = 'Admin!Pass123';
const NEW_PASSWORD = 'N3w!Secret#Pass';

for (const kind of testDatabaseKinds()) {
  describe(`log secrecy over a full journey [${kind}]`, () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const mailbox = new Mailbox();
    const clock = new TestClock();
    let app: FastifyInstance;
    let drop: () => Promise<void>;

    beforeAll(async () => {
      const smtp = await mailbox.start();
      const created = await createTestDatabase(kind);
      drop = created.drop;
      app = await buildApp({
        config: testConfig({ SMTP_URL: smtp, APP_URL: 'http://localhost:5000', LOG_LEVEL: 'info', ADMIN_PASSWORD }),
        database: created.database,
        clock,
        logStream: stream,
      });
      await app.ready();
    }, 60_000);
    afterAll(async () => {
      await app?.close();
      await drop?.();
      await mailbox.stop();
    }, 60_000);

    it("keeps the calendar feed's token out of the logs whichever spelling of its path is asked", async () => {
      const rep = await createSubscribedRep(app.db);
      const cookie = await sessionCookie(app, 'medrep', rep.id);
      const feed = await app.inject({ method: 'POST', url: '/api/medrep/calendar-feed', headers: { cookie } });
      expect(feed.statusCode, feed.body).toBe(200);
      const path = new URL(feed.json().url).pathname;
      const token = path
        .split('/')
        .pop()!
        .replace(/\.ics$/, '');
      // The router serves all of these as the feed (docs/decisions/029-request-edge-hardening.md).
      for (const url of [path, path.replace('/api/', '/%61pi/'), path.replace('/calendar/', '/%63alendar/'), `${path}?token=${token}`]) {
        expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
      }
      const log = lines.join('');
      expect(log).toMatch(/\/api\/calendar\/\[redacted\]/);
      expect(log).not.toContain(token);
    });

    it('writes request logs but none of the secrets the journey handled', async () => {
      const secrets: string[] = [PASSWORD, NEW_PASSWORD, ADMIN_PASSWORD, 'Wrong!Guess9'];
      const cookieOf = (res: { cookies: Array<{ name: string; value: string }> }) => {
        const c = res.cookies.find((x) => x.name === SESSION_COOKIE)!;
        secrets.push(c.value);
        return `${c.name}=${c.value}`;
      };
      const post = (url: string, payload: object, cookie?: string) => app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

      // Register and verify by code (and a wrong code first).
      const payload = repPayload();
      const registered = await post('/api/medrep/register', payload);
      expect(registered.statusCode).toBe(201);
      const registrationToken = registered.json<{ registrationToken: string }>().registrationToken;
      secrets.push(registrationToken);
      const welcome = await mailbox.waitFor(payload.email, () => true);
      const code = codeIn(welcome);
      secrets.push(code);
      try {
        const token = new URL(linkIn(welcome, '/verify-email')).searchParams.get('token');
        if (token) secrets.push(token);
      } catch {
        // the code mail may carry no link
      }
      await post('/api/verify-otp', { email: payload.email, otp: code === '111111' ? '222222' : '111111', type: 'medrep', registrationToken });
      expect((await post('/api/verify-otp', { email: payload.email, otp: code, type: 'medrep', registrationToken })).statusCode).toBe(200);

      // A failed and a good login; terms; free trial.
      await post('/api/medrep/login', { email: payload.email, password: 'Wrong!Guess9' });
      const login = await post('/api/medrep/login', { email: payload.email, password: PASSWORD, rememberMe: true });
      expect(login.statusCode).toBe(200);
      const cookie = cookieOf(login);
      const repId = login.json().user?.id ?? login.json().id;
      await post('/api/accept-terms', { userType: 'medrep', userId: repId }, cookie);
      await post('/api/subscription/activate-free-trial', { medicalRepId: repId }, cookie);

      // Book with a clinic's doctor.
      const clinic = await createClinic(app.db);
      const doctor = await createDoctor(app.db, clinic.id);
      const booked = await post('/api/book-appointment', { doctorId: doctor.id, clinicId: clinic.id, repId, appointmentDate: '2026-03-04' }, cookie);
      expect(booked.statusCode, booked.body).toBeLessThan(300);

      // The private calendar feed: its secret is in the path calendar apps poll.
      const feed = await post('/api/medrep/calendar-feed', {}, cookie);
      expect(feed.statusCode, feed.body).toBe(200);
      const feedUrl = new URL(feed.json().url);
      secrets.push(
        feedUrl.pathname
          .split('/')
          .pop()!
          .replace(/\.ics$/, ''),
      );
      expect((await app.inject({ method: 'GET', url: feedUrl.pathname })).statusCode).toBe(200);

      // Password reset by the e-mailed link; the new password logs in.
      await post('/api/medrep/forgot-password', { email: payload.email });
      const resetMail = await mailbox.waitFor(payload.email, (m) => /reset/i.test(m.subject));
      const resetToken = new URL(linkIn(resetMail, '/reset-password')).searchParams.get('token')!;
      secrets.push(resetToken);
      await app.inject({ method: 'GET', url: `/reset-password?token=${encodeURIComponent(resetToken)}&type=medrep` });
      expect((await post('/api/medrep/reset-password', { token: resetToken, password: NEW_PASSWORD })).statusCode).toBe(200);
      cookieOf(await post('/api/medrep/login', { email: payload.email, password: NEW_PASSWORD }));

      // Admin: a wrong and a right password.
      await post('/api/admin/authenticate', { password: 'Wrong!Guess9' });
      const admin = await post('/api/admin/authenticate', { password: ADMIN_PASSWORD });
      expect(admin.statusCode).toBe(200);
      const adminCookie = cookieOf(admin);
      await app.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie: adminCookie } });

      // Every stored hash.
      for (const t of [medicalReps, clinicUsers]) {
        for (const row of await app.db.select({ password: t.password }).from(t)) secrets.push(row.password);
      }

      const log = lines.join('');
      expect(log).toMatch(/"reqId"/); // the logs were written
      expect(log).toMatch(/\/api\/medrep\/login/);
      const leaked = secrets.filter((s) => s && s.length >= 6 && log.includes(s));
      expect(leaked).toEqual([]);
      // A hash by its shape, whatever its value.
      expect(log).not.toMatch(/\$argon2id\$/);
      expect(log).not.toMatch(/rv_session=/);
    }, 120_000);
  });
}
