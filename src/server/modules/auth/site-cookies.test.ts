import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { SERVER_COOKIE_NAMES } from '../../../shared/site-cookies';
import { describeEachDatabase } from '../../test/harness';
import { createClinic, createRep, TEST_PASSWORD } from '../../test/factories';

// The privacy and cookies policies name every cookie the server sets (src/shared/site-cookies.ts): these are all
// of them, whatever a rep, a clinic or the admin does, and each one has a reason the policies give. (The language
// cookie, also listed, is set by the page: e2e/languages.spec.ts.)
const ADMIN_PASSWORD = 'Admin!Pass123';

const cookieNames = (res: LightMyRequestResponse) => res.cookies.map((c) => c.name);

describeEachDatabase(
  'the cookies the server sets',
  (ctx) => {
    it('are the ones the policies list, and no other', async () => {
      const db = ctx.app.db;
      const rep = await createRep(db);
      const clinic = await createClinic(db);
      const seen = new Set<string>();
      const call = async (method: 'GET' | 'POST', url: string, o: { payload?: object; cookie?: string } = {}) => {
        const res = await ctx.app.inject({ method, url, payload: o.payload, headers: o.cookie ? { cookie: o.cookie } : {} });
        cookieNames(res).forEach((n) => seen.add(n));
        return res;
      };
      const sessionOf = (res: LightMyRequestResponse) => res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

      await call('GET', '/api/health');
      await call('GET', '/api/auth/me');
      const repLogin = await call('POST', '/api/medrep/login', { payload: { email: rep.email, password: TEST_PASSWORD, rememberMe: true } });
      expect(repLogin.statusCode).toBe(200);
      const repCookie = sessionOf(repLogin);
      await call('GET', '/api/auth/me', { cookie: repCookie });
      await call('GET', `/api/rep-appointments?repId=${rep.id}`, { cookie: repCookie });
      await call('POST', '/api/auth/logout', { payload: {}, cookie: repCookie });
      const clinicLogin = await call('POST', '/api/auth/login', { payload: { email: clinic.email, password: TEST_PASSWORD } });
      expect(clinicLogin.statusCode).toBe(200);
      await call('GET', '/api/auth/me', { cookie: sessionOf(clinicLogin) });
      const admin = await call('POST', '/api/admin/authenticate', { payload: { password: ADMIN_PASSWORD } });
      expect(admin.statusCode).toBe(200);
      await call('GET', '/api/admin/session', { cookie: sessionOf(admin) });

      expect([...seen].sort()).toEqual([...SERVER_COOKIE_NAMES].sort());
    });
  },
  { env: { ADMIN_PASSWORD } },
);
