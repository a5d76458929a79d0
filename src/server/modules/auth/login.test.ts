import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { clinicUsers, medicalReps, securityEvents, sessions } from '../../db/schema';
import { createClinic, createRep, TEST_PASSWORD } from '../../test/factories';
import { describeEachDatabase } from '../../test/harness';
import { LIMITS } from './auth.limits';
import { get, PASSWORD, post, registerAndReadCode, repPayload, sessionCookieOf } from './auth.test-support';

describeEachDatabase(
  'accounts: login, sessions and terms',
  (ctx) => {
    const login = (path: string, email: string, password: string, o: { ip?: string; rememberMe?: boolean; cookie?: string } = {}) =>
      post(ctx.app, path, { email, password, rememberMe: o.rememberMe ?? false, deviceFingerprint: 'fp_abc' }, o);

    it('logs a clinic in with the clinic shape, sets a new httpOnly cookie each time, and /me and logout follow it', async () => {
      const clinic = await createClinic(ctx.app.db, { termsAccepted: false, termsAcceptedAt: null });
      const first = await login('/api/auth/login', clinic.email.toUpperCase(), TEST_PASSWORD);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({
        user: {
          id: clinic.id,
          contactPerson: clinic.contactPerson,
          clinicName: clinic.clinicName,
          city: clinic.city,
          state: clinic.state,
          email: clinic.email,
          contactNumber: clinic.contactNumber,
        },
        // The clinic account is the owner (docs/decisions/072-clinic-team.md).
        person: { name: clinic.contactPerson, role: 'owner' },
        termsAccepted: false,
        message: 'Login successful',
        language: null,
      });
      const cookie = first.cookies.find((c) => c.name === 'rv_session')!;
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.sameSite).toBe('Lax');
      expect(cookie.maxAge).toBeUndefined(); // without 'Remember me' it ends with the browser

      const second = await login('/api/auth/login', clinic.email, TEST_PASSWORD, { rememberMe: true });
      const cookie2 = second.cookies.find((c) => c.name === 'rv_session')!;
      expect(cookie2.value).not.toBe(cookie.value);
      expect(cookie2.maxAge).toBe(30 * 24 * 3600);

      const me = await get(ctx.app, '/api/auth/me', { cookie: sessionCookieOf(second) });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ userType: 'clinic', user: { id: clinic.id, clinicName: clinic.clinicName }, termsAccepted: false });
      expect(me.body).not.toContain('password');

      const out = await post(ctx.app, '/api/auth/logout', {}, { cookie: sessionCookieOf(second) });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ message: 'Logged out' });
      const after = await get(ctx.app, '/api/auth/me', { cookie: sessionCookieOf(second) });
      expect(after.statusCode).toBe(401);
      expect(after.json().message).toBeTruthy();
      // The first login's session still lives (another browser); logging out ends only this one.
      expect((await get(ctx.app, '/api/auth/me', { cookie: sessionCookieOf(first) })).statusCode).toBe(200);
      expect((await get(ctx.app, '/api/auth/me')).statusCode).toBe(401);
    });

    it('logs a freshly registered rep in with the rep shape and stores the device fingerprint', async () => {
      const payload = repPayload();
      const code = await registerAndReadCode(ctx.app, ctx.mailbox, 'medrep', payload);
      const early = await login('/api/medrep/login', payload.email, PASSWORD);
      expect(early.statusCode).toBe(403);
      expect(early.json()).toMatchObject({ code: 'registration_pending', message: expect.stringContaining('waiting for its e-mail verification') });
      expect(early.cookies).toHaveLength(0);

      await post(ctx.app, '/api/verify-otp', { email: payload.email, otp: code, type: 'medrep' });
      const res = await login('/api/medrep/login', payload.email, PASSWORD);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        user: {
          id: expect.any(Number),
          email: payload.email,
          fullName: 'Ravi Sharma',
          phone: `+91${payload.phone}`,
          company: 'Sun Pharma',
          state: 'Jammu and Kashmir',
        },
        termsAccepted: false,
        message: 'Login successful',
        language: null,
      });
      const [rep] = await ctx.app.db.select().from(medicalReps).where(eq(medicalReps.id, body.user.id));
      expect(rep!.deviceFingerprint).toBe('fp_abc');
      const me = await get(ctx.app, '/api/auth/me', { cookie: sessionCookieOf(res) });
      expect(me.json()).toMatchObject({ userType: 'medrep', user: { id: body.user.id, fullName: 'Ravi Sharma' } });
    });

    it('gives an unknown e-mail and a wrong password the same answer, and records the failures', async () => {
      const rep = await createRep(ctx.app.db);
      const unknown = await login('/api/medrep/login', 'nobody-at-all@example.com', TEST_PASSWORD);
      const wrong = await login('/api/medrep/login', rep.email, 'Wrong!Pass1');
      expect(unknown.statusCode).toBe(401);
      expect(wrong.statusCode).toBe(401);
      expect(unknown.json()).toEqual(wrong.json());
      expect(wrong.json()).toEqual({ message: 'Invalid email or password', code: 'invalid_credentials' });
      // Similar time: both verify an argon2id hash (loose bound, a busy CI machine is noisy).
      const time = async (email: string) => {
        const t = performance.now();
        await login('/api/medrep/login', email, 'Wrong!Pass1');
        return performance.now() - t;
      };
      // Medians of interleaved samples: one sample each was at the mercy of whatever else the machine did.
      const unknownTimes: number[] = [];
      const wrongTimes: number[] = [];
      for (let i = 0; i < 5; i++) {
        unknownTimes.push(await time('nobody-else@example.com'));
        wrongTimes.push(await time(rep.email));
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[2]!;
      expect(median(unknownTimes)).toBeGreaterThan(median(wrongTimes) / 4);
      const events = await ctx.app.db
        .select()
        .from(securityEvents)
        .where(and(eq(securityEvents.eventType, 'login_failed'), eq(securityEvents.userId, rep.id)));
      expect(events.length).toBeGreaterThanOrEqual(1);
      expect(JSON.stringify(events)).not.toContain('Wrong!Pass1');
    });

    it('hints a rep whose password changed in the last 7 days when the login fails', async () => {
      const now = ctx.clock.now();
      const rep = await createRep(ctx.app.db, { passwordChangedAt: new Date(now.getTime() - 2 * 86_400_000) });
      const res = await login('/api/medrep/login', rep.email, 'Old!Password1');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid email or password', code: 'invalid_credentials', hint: 'password_recently_changed' });
      const longAgo = await createRep(ctx.app.db, { passwordChangedAt: new Date(now.getTime() - 8 * 86_400_000) });
      expect((await login('/api/medrep/login', longAgo.email, 'Old!Password1')).json().hint).toBeUndefined();
    });

    it('refuses an inactive account and a clinic e-mail at the rep login', async () => {
      const rep = await createRep(ctx.app.db, { status: 'inactive' });
      const res = await login('/api/medrep/login', rep.email, TEST_PASSWORD);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Your account is inactive. Please contact support.');
      const wrongPassword = await login('/api/medrep/login', rep.email, 'Wrong!Pass1');
      expect(wrongPassword.statusCode).toBe(401);
      const clinic = await createClinic(ctx.app.db);
      expect((await login('/api/medrep/login', clinic.email, TEST_PASSWORD)).statusCode).toBe(401);
      // A deactivated account's live session stops working at once.
      const active = await createRep(ctx.app.db);
      const ok = await login('/api/medrep/login', active.email, TEST_PASSWORD);
      await ctx.app.db.update(medicalReps).set({ status: 'inactive' }).where(eq(medicalReps.id, active.id));
      expect((await get(ctx.app, '/api/auth/me', { cookie: sessionCookieOf(ok) })).statusCode).toBe(401);
    });

    it('answers and records terms only for the signed-in account itself', async () => {
      const clinic = await createClinic(ctx.app.db, { termsAccepted: false, termsAcceptedAt: null });
      const other = await createClinic(ctx.app.db, { termsAccepted: false, termsAcceptedAt: null });
      const rep = await createRep(ctx.app.db, { termsAccepted: false, termsAcceptedAt: null });
      const res = await login('/api/auth/login', clinic.email, TEST_PASSWORD);
      const cookie = sessionCookieOf(res);

      expect((await get(ctx.app, `/api/terms-status/clinic/${clinic.id}`)).statusCode).toBe(401);
      expect((await post(ctx.app, '/api/accept-terms', { userId: clinic.id, userType: 'clinic' })).statusCode).toBe(401);

      const status = await get(ctx.app, `/api/terms-status/clinic/${clinic.id}`, { cookie });
      expect(status.statusCode).toBe(200);
      expect(status.json()).toEqual({ termsAccepted: false });
      expect((await get(ctx.app, `/api/terms-status/clinic/${other.id}`, { cookie })).statusCode).toBe(403);
      expect((await get(ctx.app, `/api/terms-status/medrep/${rep.id}`, { cookie })).statusCode).toBe(403);
      const stolen = await post(ctx.app, '/api/accept-terms', { userId: other.id, userType: 'clinic' }, { cookie });
      expect(stolen.statusCode).toBe(403);
      const [otherRow] = await ctx.app.db.select().from(clinicUsers).where(eq(clinicUsers.id, other.id));
      expect(otherRow!.termsAccepted).toBe(false);
      const refused = await ctx.app.db
        .select()
        .from(securityEvents)
        .where(and(eq(securityEvents.eventType, 'access_refused'), eq(securityEvents.userId, clinic.id)));
      expect(refused.length).toBeGreaterThanOrEqual(1);

      const accepted = await post(ctx.app, '/api/accept-terms', { userId: clinic.id, userType: 'clinic' }, { cookie });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toEqual({ message: 'Terms accepted', termsAccepted: true });
      const [row] = await ctx.app.db.select().from(clinicUsers).where(eq(clinicUsers.id, clinic.id));
      expect(row).toMatchObject({ termsAccepted: true, termsVersion: '2025-06-01' });
      expect(row!.termsAcceptedAt!.toISOString()).toBe(ctx.clock.now().toISOString());
      expect((await get(ctx.app, `/api/terms-status/clinic/${clinic.id}`, { cookie })).json()).toEqual({ termsAccepted: true });
      expect((await get(ctx.app, '/api/auth/me', { cookie })).json().termsAccepted).toBe(true);
    });

    it('limits logins per account across addresses and per address across accounts, with Retry-After', async () => {
      const rep = await createRep(ctx.app.db);
      const statuses: number[] = [];
      const perAccount = LIMITS.login.account.max;
      for (let i = 0; i < perAccount; i++) statuses.push((await login('/api/medrep/login', rep.email, 'Wrong!Pass1')).statusCode);
      expect(statuses).toEqual(Array(perAccount).fill(401));
      const limited = await login('/api/medrep/login', rep.email.toUpperCase(), TEST_PASSWORD);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
      // The clinic login of another account is not affected.
      const clinic = await createClinic(ctx.app.db);
      expect((await login('/api/auth/login', clinic.email, TEST_PASSWORD)).statusCode).toBe(200);

      const ip = '10.66.0.1';
      const max = LIMITS.login.ip.max;
      const byIp = await Promise.all(Array.from({ length: max + 1 }, (_, i) => login('/api/auth/login', `guess-${i}@example.com`, 'Wrong!Pass1', { ip })));
      const codes = byIp.map((r) => r.statusCode);
      expect(codes.filter((s) => s === 401)).toHaveLength(max);
      expect(codes.filter((s) => s === 429)).toHaveLength(1);
      const events = await ctx.app.db.select().from(securityEvents).where(eq(securityEvents.eventType, 'rate_limited'));
      expect(events.length).toBeGreaterThanOrEqual(2);
    }, 120_000);

    it('keeps sessions server-side: a session row per login, removed at logout', async () => {
      const rep = await createRep(ctx.app.db);
      const res = await login('/api/medrep/login', rep.email, TEST_PASSWORD);
      const rows = await ctx.app.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userType, 'medrep'), eq(sessions.userId, rep.id)));
      expect(rows).toHaveLength(1);
      expect(res.body).not.toContain(rows[0]!.id);
      await post(ctx.app, '/api/auth/logout', {}, { cookie: sessionCookieOf(res) });
      expect(
        await ctx.app.db
          .select()
          .from(sessions)
          .where(and(eq(sessions.userType, 'medrep'), eq(sessions.userId, rep.id))),
      ).toHaveLength(0);
    });
  },
  { pooler: 'both' },
);
