import { ERROR_MESSAGES } from '../../../shared/errors';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { securityEvents } from '../../db/schema';
import { createClinic, createRep, sessionCookie } from '../../test/factories';
import { describeEachDatabase } from '../../test/harness';
import { ADMIN_ENV, ADMIN_PASSWORD, GUARDED_CALLS, adminCookie, call, sessionCookieFrom } from './admin-test-support';

describeEachDatabase(
  'admin: the gate, the session and refusals',
  (ctx) => {
    it('refuses a wrong password with 401 and records it; the right one opens a 30-minute idle admin session', async () => {
      const ip = '10.77.0.1';
      const wrong = await call(ctx.app, 'POST', '/api/admin/authenticate', { body: { password: 'nope-nope' }, ip });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().message).toBe('Invalid admin credentials');
      expect(wrong.cookies.find((c) => c.name === 'rv_session')).toBeUndefined();
      const failures = await ctx.app.db.select().from(securityEvents).where(eq(securityEvents.eventType, 'admin_login_failed'));
      expect(failures.length).toBeGreaterThan(0);

      const ok = await call(ctx.app, 'POST', '/api/admin/authenticate', { body: { password: ADMIN_PASSWORD }, ip });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().message).toBe('Admin authenticated');
      const sessionCookieSet = ok.cookies.find((c) => c.name === 'rv_session')!;
      expect(sessionCookieSet.httpOnly).toBe(true);
      expect(sessionCookieSet.maxAge).toBeUndefined();
      const cookie = sessionCookieFrom(ok);

      expect((await call(ctx.app, 'GET', '/api/admin/session', { cookie })).json()).toEqual({ authenticated: true });
      expect((await call(ctx.app, 'GET', '/api/admin/stats', { cookie })).statusCode).toBe(200);

      // Used within 30 minutes it stays open; 31 idle minutes close it.
      ctx.clock.advanceMinutes(20);
      expect((await call(ctx.app, 'GET', '/api/admin/users', { cookie })).statusCode).toBe(200);
      ctx.clock.advanceMinutes(20);
      expect((await call(ctx.app, 'GET', '/api/admin/users', { cookie })).statusCode).toBe(200);
      ctx.clock.advanceMinutes(31);
      const idle = await call(ctx.app, 'GET', '/api/admin/users', { cookie });
      expect(idle.statusCode).toBe(401);
      expect(idle.json().message).toBe('Admin authentication required');
    });

    it('logs out on the server: the same cookie no longer opens anything', async () => {
      const ok = await call(ctx.app, 'POST', '/api/admin/authenticate', { body: { password: ADMIN_PASSWORD }, ip: '10.77.0.2' });
      const cookie = sessionCookieFrom(ok);
      const out = await call(ctx.app, 'POST', '/api/admin/logout', { cookie });
      expect(out.statusCode).toBe(200);
      expect((await call(ctx.app, 'GET', '/api/admin/session', { cookie })).statusCode).toBe(401);
      expect((await call(ctx.app, 'GET', '/api/admin/stats', { cookie })).statusCode).toBe(401);
    });

    it('limits password attempts per address: the sixth within 15 minutes is a 429 with a message', async () => {
      const ip = '10.77.0.3';
      for (let i = 0; i < 5; i++) {
        expect((await call(ctx.app, 'POST', '/api/admin/authenticate', { body: { password: `guess-${i}xx` }, ip })).statusCode).toBe(401);
      }
      const limited = await call(ctx.app, 'POST', '/api/admin/authenticate', { body: { password: ADMIN_PASSWORD }, ip });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
      // Another address is not affected.
      expect((await call(ctx.app, 'POST', '/api/admin/authenticate', { body: { password: ADMIN_PASSWORD }, ip: '10.77.0.4' })).statusCode).toBe(200);
    });

    it('refuses every admin call without a session, and with a rep or a clinic session', async () => {
      const rep = await createRep(ctx.app.db);
      const clinic = await createClinic(ctx.app.db);
      const cookies = [undefined, await sessionCookie(ctx.app, 'medrep', rep.id), await sessionCookie(ctx.app, 'clinic', clinic.id)];
      for (const cookie of cookies) {
        for (const c of GUARDED_CALLS) {
          const res = await call(ctx.app, c.method, c.url, { cookie, body: c.body });
          expect(res.statusCode, `${c.method} ${c.url} with ${cookie ? 'a user session' : 'no session'}`).toBe(401);
          expect(res.json().message).toBe('Admin authentication required');
        }
      }
      // Nothing was changed by the refused calls.
      const users = await call(ctx.app, 'GET', '/api/admin/users', { cookie: await adminCookie(ctx.app) });
      expect(users.json().users.map((u: { id: number; type: string }) => `${u.type}:${u.id}`)).toEqual(
        expect.arrayContaining([`medrep:${rep.id}`, `clinic:${clinic.id}`]),
      );
      // A rep's logout call to the admin logout does not end the rep's session.
      const repCookie = cookies[1]!;
      await call(ctx.app, 'POST', '/api/admin/logout', { cookie: repCookie });
      expect((await call(ctx.app, 'GET', '/api/auth/me', { cookie: repCookie })).statusCode).toBe(200);
    });

    it('answers the active announcement publicly (null when there is none)', async () => {
      const res = await call(ctx.app, 'GET', '/api/admin/notifications/active');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ notification: null });
    });

    it('answers a restart with 202 and records it (tests have no supervisor, so nothing exits)', async () => {
      const res = await call(ctx.app, 'POST', '/api/admin/restart-server', { cookie: await adminCookie(ctx.app) });
      expect(res.statusCode).toBe(202);
      expect(res.json().message).toMatch(/restart/i);
      const events = await ctx.app.db
        .select()
        .from(securityEvents)
        .where(and(eq(securityEvents.eventType, 'admin_restart'), eq(securityEvents.userType, 'admin')));
      expect(events).toHaveLength(1);
      expect((await call(ctx.app, 'GET', '/api/health')).statusCode).toBe(200);

      // At most one a minute: a second click (or a storm of them) is refused with a clear message, not another restart.
      ctx.clock.advance(59_000);
      const again = await call(ctx.app, 'POST', '/api/admin/restart-server', { cookie: await adminCookie(ctx.app) });
      expect(again.statusCode).toBe(429);
      expect(again.json()).toEqual({ message: ERROR_MESSAGES.restart_too_soon, code: 'restart_too_soon' });
      // The one second left of the minute.
      expect(again.headers['retry-after']).toBe('1');
      ctx.clock.advance(2_000);
      expect((await call(ctx.app, 'POST', '/api/admin/restart-server', { cookie: await adminCookie(ctx.app) })).statusCode).toBe(202);
    });
  },
  ADMIN_ENV,
);

describeEachDatabase('admin: without ADMIN_PASSWORD the admin side is off', (ctx) => {
  it('answers 503 with how to turn it on', async () => {
    const res = await call(ctx.app, 'POST', '/api/admin/authenticate', { body: { password: 'anything-at-all' } });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('The admin side is off. Set ADMIN_PASSWORD to turn it on.');
    expect((await call(ctx.app, 'GET', '/api/admin/stats')).statusCode).toBe(401);
  });
});
