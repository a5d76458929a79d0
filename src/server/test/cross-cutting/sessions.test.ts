import { expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../plugins/auth';
import { describeEachDatabase } from '../harness';
import { linkIn } from '../mailbox';
import { createClinic, createRep, TEST_PASSWORD } from '../factories';

// Sessions (OWASP ASVS V3; decision 002): a new id at every login; idle and absolute timeouts; revoked by logout,
// password reset, deactivation and deletion. Time moves on the test clock.

const HOUR = 60;

describeEachDatabase(
  'sessions: new ids, timeouts and revocation',
  (ctx) => {
    const cookieOf = (res: { headers: Record<string, unknown> }) => {
      const raw = [res.headers['set-cookie']]
        .flat()
        .filter((c): c is string => typeof c === 'string')
        .find((c) => c.startsWith(`${SESSION_COOKIE}=`));
      return raw ? raw.split(';')[0]! : undefined;
    };
    const repLogin = async (email: string, rememberMe = false, cookie?: string) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/medrep/login',
        payload: { email, password: TEST_PASSWORD, rememberMe },
        headers: cookie ? { cookie } : {},
      });
      expect(res.statusCode, res.body).toBe(200);
      return cookieOf(res)!;
    };
    const me = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } }).then((r) => r.statusCode);
    const adminLogin = async () => {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/authenticate', payload: { password: 'Admin!Pass123' } });
      expect(res.statusCode, res.body).toBe(200);
      return cookieOf(res)!;
    };
    const adminSession = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie } }).then((r) => r.statusCode);

    it('gives a new session id at every login, and the previous cookie of that browser stops working', async () => {
      const rep = await createRep(ctx.app.db);
      const first = await repLogin(rep.email);
      const second = await repLogin(rep.email, false, first);
      expect(second).not.toBe(first);
      expect(await me(second)).toBe(200);
      expect(await me(first)).toBe(401);
      const clinic = await createClinic(ctx.app.db);
      const a = cookieOf(await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: clinic.email, password: TEST_PASSWORD } }))!;
      const b = cookieOf(await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: clinic.email, password: TEST_PASSWORD } }))!;
      expect(a).not.toBe(b);
      expect(await adminLogin()).not.toBe(await adminLogin());
    });

    it('ends a browser session after 12 hours however active, a remember-me session after 30 days', async () => {
      const rep = await createRep(ctx.app.db);
      const browser = await repLogin(rep.email);
      const remembered = await repLogin(rep.email, true);
      // Active every hour for 11 h 50 min: still in. At 12 h: out (absolute, not idle).
      for (let h = 0; h < 11; h++) {
        ctx.clock.advanceMinutes(HOUR);
        expect(await me(browser)).toBe(200);
      }
      ctx.clock.advanceMinutes(50);
      expect(await me(browser)).toBe(200);
      ctx.clock.advanceMinutes(11);
      expect(await me(browser)).toBe(401);
      expect(await me(remembered)).toBe(200);
      ctx.clock.advanceDays(29);
      expect(await me(remembered)).toBe(200);
      ctx.clock.advanceDays(1);
      expect(await me(remembered)).toBe(401);
    });

    it('ends an admin session after 30 minutes idle, but not while the admin keeps working', async () => {
      const admin = await adminLogin();
      for (let i = 0; i < 6; i++) {
        ctx.clock.advanceMinutes(25);
        expect(await adminSession(admin)).toBe(200);
      }
      ctx.clock.advanceMinutes(31);
      expect(await adminSession(admin)).toBe(401);
    });

    it('revokes on logout: the same cookie replayed opens nothing', async () => {
      const rep = await createRep(ctx.app.db);
      const cookie = await repLogin(rep.email);
      expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } })).statusCode).toBe(200);
      expect(await me(cookie)).toBe(401);
      const admin = await adminLogin();
      await ctx.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie: admin } });
      expect(await adminSession(admin)).toBe(401);
    });

    it('revokes every session of the account on a password reset', async () => {
      const rep = await createRep(ctx.app.db);
      const phone = await repLogin(rep.email, true);
      const laptop = await repLogin(rep.email);
      await ctx.app.inject({ method: 'POST', url: '/api/medrep/forgot-password', payload: { email: rep.email } });
      const mail = await ctx.mailbox.waitFor(rep.email, (m) => /reset/i.test(m.subject));
      const token = new URL(linkIn(mail, '/reset-password')).searchParams.get('token')!;
      const reset = await ctx.app.inject({ method: 'POST', url: '/api/medrep/reset-password', payload: { token, password: 'N3w!Passw0rd' } });
      expect(reset.statusCode, reset.body).toBe(200);
      expect(await me(phone)).toBe(401);
      expect(await me(laptop)).toBe(401);
    });

    it('revokes at once when the admin deactivates or deletes the account', async () => {
      const admin = await adminLogin();
      const rep = await createRep(ctx.app.db);
      const clinic = await createClinic(ctx.app.db);
      const repCookie = await repLogin(rep.email, true);
      const clinicCookie = cookieOf(
        await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: clinic.email, password: TEST_PASSWORD, rememberMe: true } }),
      )!;
      expect(await me(clinicCookie)).toBe(200);

      const off = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${rep.id}/status`,
        headers: { cookie: admin },
        payload: { userType: 'medrep', status: 'inactive' },
      });
      expect(off.statusCode, off.body).toBe(200);
      expect(await me(repCookie)).toBe(401);
      // Reactivated: the old session stays ended; a new login is needed.
      await ctx.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${rep.id}/status`,
        headers: { cookie: admin },
        payload: { userType: 'medrep', status: 'active' },
      });
      expect(await me(repCookie)).toBe(401);

      const del = await ctx.app.inject({ method: 'DELETE', url: `/api/admin/users/${clinic.id}`, headers: { cookie: admin }, payload: { userType: 'clinic' } });
      expect(del.statusCode, del.body).toBe(200);
      expect(await me(clinicCookie)).toBe(401);
    });
  },
  { env: { ADMIN_PASSWORD: 'Admin!Pass123' } },
);
