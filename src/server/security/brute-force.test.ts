import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { LIMITS } from '../modules/auth/auth.limits';
import { describeEachDatabase } from '../test/harness';
import { createClinic, createRep, TEST_PASSWORD } from '../test/factories';

// Brute force (OWASP ASVS V2.2; decision 005): the password, code and reset calls and the admin gate are
// throttled per account and per address. Behind a trusted proxy (TRUST_PROXY=true) an attacker can send any
// X-Forwarded-For: a new address on every guess must not get around the per-account budget.

let n = 0;
const rotatingIp = () => `198.51.${(n >> 8) & 255}.${n++ & 255}`;

describeEachDatabase(
  'brute force: per-account limits hold against rotating addresses',
  (ctx) => {
    const post = (url: string, payload: object, ip = rotatingIp()) => ctx.app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': ip } });
    const expectThrottled = (res: LightMyRequestResponse) => {
      expect(res.statusCode, res.body).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    };

    /** `max` guesses from `max` addresses are answered; the next, from yet another address, is a 429. */
    async function exhaustAccount(url: string, payload: () => object, max: number) {
      for (let i = 0; i < max; i++) expect((await post(url, payload())).statusCode, `attempt ${i + 1} at ${url}`).not.toBe(429);
      expectThrottled(await post(url, payload()));
    }

    it('rep and clinic login: the right password is refused too once the account budget is spent', async () => {
      const rep = await createRep(ctx.app.db);
      await exhaustAccount('/api/medrep/login', () => ({ email: rep.email, password: 'Wrong!Pass1' }), LIMITS.login.account.max);
      expectThrottled(await post('/api/medrep/login', { email: ` ${rep.email.toUpperCase()} `, password: TEST_PASSWORD }));
      const clinic = await createClinic(ctx.app.db);
      await exhaustAccount('/api/auth/login', () => ({ email: clinic.email, password: 'Wrong!Pass1' }), LIMITS.login.account.max);
      expectThrottled(await post('/api/auth/login', { email: clinic.email, password: TEST_PASSWORD }));
    });

    it('e-mailed codes: verify-otp per account across addresses', async () => {
      const rep = await createRep(ctx.app.db, { emailVerified: false });
      let code = 100000;
      await exhaustAccount('/api/verify-otp', () => ({ email: rep.email, otp: String(code++), type: 'medrep' }), LIMITS.verifyOtp.account.max);
    });

    it('password reset: requests per account, and guesses per token, across addresses', async () => {
      const rep = await createRep(ctx.app.db);
      await exhaustAccount('/api/medrep/forgot-password', () => ({ email: rep.email }), LIMITS.forgotPassword.account.max);
      const token = 'A'.repeat(43);
      await exhaustAccount('/api/medrep/reset-password', () => ({ token, password: 'N3w!Passw0rd' }), LIMITS.resetPassword.account.max);
    });

    it('the admin gate: per address, and for the one admin account across addresses', async () => {
      const fixed = '203.0.113.77';
      for (let i = 0; i < 5; i++) expect((await post('/api/admin/authenticate', { password: `guess-${i}` }, fixed)).statusCode).toBe(401);
      expectThrottled(await post('/api/admin/authenticate', { password: 'guess-x' }, fixed));
      // Rotating addresses: the account budget (10 in 15 minutes) ends the guessing, the right password too.
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await post('/api/admin/authenticate', { password: `rotate-${i}` })).statusCode);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
      expect(statuses.at(-1)).toBe(429);
      expectThrottled(await post('/api/admin/authenticate', { password: 'Admin!Pass123' }));
    });

    it('per address: one address guessing many accounts is throttled', async () => {
      const ip = '203.0.113.200';
      const statuses: number[] = [];
      for (let i = 0; i <= LIMITS.login.ip.max; i++)
        statuses.push((await post('/api/auth/login', { email: `guess-${i}@example.com`, password: 'Wrong!Pass1' }, ip)).statusCode);
      expect(statuses.filter((s) => s === 429)).toHaveLength(1);
      expect(statuses.at(-1)).toBe(429);
    }, 120_000);
  },
  { env: { ADMIN_PASSWORD: 'Admin!Pass123', TRUST_PROXY: 'true' } },
);
