import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { DEVICE_LIMIT, LIMITS } from '../../modules/auth/auth.limits';
import { DEVICE_COOKIE } from '../../modules/auth/login-throttle';
import { describeEachDatabase } from '../harness';
import { createClinic, createRep, TEST_PASSWORD } from '../factories';

// Brute force (OWASP ASVS V2.2; decision 005): the password, code and reset calls and the admin gate are
// throttled per account and per address. An attacker with many addresses (a botnet; here one X-Forwarded-For entry
// a guess, the address the one trusted proxy saw under TRUST_PROXY=true) must not get around the per-account budget.
// A client cannot pick its address by writing the header itself: trust-proxy.test.ts.

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

// Lockout as a denial of service (decision 031): the budgets above throttle guessers, and a browser that signed in
// to the account before (its device cookie) keeps its own budget, so the owner still gets in during an attack.
describeEachDatabase(
  'brute force: device cookies keep the owner in while guessers are throttled',
  (ctx) => {
    const post = (url: string, payload: object, o: { ip?: string; cookie?: string } = {}) =>
      ctx.app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': o.ip ?? rotatingIp(), ...(o.cookie ? { cookie: o.cookie } : {}) } });
    const deviceCookieOf = (res: LightMyRequestResponse) => {
      const c = res.cookies.find((x) => x.name === DEVICE_COOKIE);
      expect(c, 'a device cookie is set').toBeDefined();
      expect(c).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
      return `${DEVICE_COOKIE}=${c!.value}`;
    };
    const attack = async (url: string, payload: object, times: number) => {
      const statuses: number[] = [];
      for (let i = 0; i < times; i++) statuses.push((await post(url, payload)).statusCode);
      return statuses;
    };

    for (const [kind, url, create] of [
      ['rep', '/api/medrep/login', createRep],
      ['clinic', '/api/auth/login', createClinic],
    ] as const) {
      it(`${kind}: after ${LIMITS.login.account.max + 2} wrong passwords from an attacker the owner's browser still signs in`, async () => {
        const owner = await create(ctx.app.db);
        const other = await create(ctx.app.db);
        const first = await post(url, { email: owner.email, password: TEST_PASSWORD });
        expect(first.statusCode, first.body).toBe(200);
        const device = deviceCookieOf(first);
        const otherDevice = deviceCookieOf(await post(url, { email: other.email, password: TEST_PASSWORD }));

        const statuses = await attack(url, { email: owner.email, password: 'Wrong!Pass1' }, LIMITS.login.account.max + 2);
        expect(statuses.at(-1)).toBe(429);
        // Without a device cookie, or with another account's, the right password is throttled too.
        expect((await post(url, { email: owner.email, password: TEST_PASSWORD })).statusCode).toBe(429);
        expect((await post(url, { email: owner.email, password: TEST_PASSWORD }, { cookie: otherDevice })).statusCode).toBe(429);
        // A forged or tampered cookie is no device.
        expect((await post(url, { email: owner.email, password: TEST_PASSWORD }, { cookie: `${device.slice(0, -3)}AAA` })).statusCode).toBe(429);
        // The owner's browser gets in, from any address.
        const owners = await post(url, { email: ` ${owner.email.toUpperCase()} `, password: TEST_PASSWORD }, { cookie: device });
        expect(owners.statusCode, owners.body).toBe(200);
        // The other account's own device is not affected by the attack on this one.
        expect((await post(url, { email: other.email, password: TEST_PASSWORD }, { cookie: otherDevice })).statusCode).toBe(200);
      });
    }

    it('a device cookie that keeps failing locks itself; one browser keeps the cookies of several accounts', async () => {
      const rep = await createRep(ctx.app.db);
      const clinic = await createClinic(ctx.app.db);
      const first = await post('/api/medrep/login', { email: rep.email, password: TEST_PASSWORD });
      // The same browser signs in to a clinic: the cookie holds both accounts' entries.
      const both = deviceCookieOf(await post('/api/auth/login', { email: clinic.email, password: TEST_PASSWORD }, { cookie: deviceCookieOf(first) }));
      expect((await post('/api/medrep/login', { email: rep.email, password: TEST_PASSWORD }, { cookie: both })).statusCode).toBe(200);
      const statuses: number[] = [];
      for (let i = 0; i < DEVICE_LIMIT.max + 1; i++)
        statuses.push((await post('/api/medrep/login', { email: rep.email, password: 'Wrong!Pass1' }, { cookie: both })).statusCode);
      // One attempt went to the sign-in above; the device's budget then ends, the right password too.
      expect(statuses.filter((s) => s === 401).length).toBe(DEVICE_LIMIT.max - 1);
      expect(statuses.at(-1)).toBe(429);
      expect((await post('/api/medrep/login', { email: rep.email, password: TEST_PASSWORD }, { cookie: both })).statusCode).toBe(429);
      // Its lock is its own: a browser without the cookie still has the account's budget.
      expect((await post('/api/medrep/login', { email: rep.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    });

    it('the admin gate: the admin with a device cookie gets in while the gate is under attack', async () => {
      const first = await post('/api/admin/authenticate', { password: 'Admin!Pass123' });
      expect(first.statusCode).toBe(200);
      const device = deviceCookieOf(first);
      const statuses = await attack('/api/admin/authenticate', { password: 'guess' }, LIMITS.adminLogin.account.max + 2);
      expect(statuses.at(-1)).toBe(429);
      expect((await post('/api/admin/authenticate', { password: 'Admin!Pass123' })).statusCode).toBe(429);
      const rep = await createRep(ctx.app.db);
      const repDevice = deviceCookieOf(await post('/api/medrep/login', { email: rep.email, password: TEST_PASSWORD }));
      expect((await post('/api/admin/authenticate', { password: 'Admin!Pass123' }, { cookie: repDevice })).statusCode).toBe(429);
      const admin = await post('/api/admin/authenticate', { password: 'Admin!Pass123' }, { cookie: device });
      expect(admin.statusCode, admin.body).toBe(200);
      // Even from an address that guessed itself out of its own budget.
      const fixed = '203.0.113.99';
      for (let i = 0; i < LIMITS.adminLogin.ip.max + 1; i++) await post('/api/admin/authenticate', { password: `guess-${i}` }, { ip: fixed });
      expect((await post('/api/admin/authenticate', { password: 'Admin!Pass123' }, { ip: fixed, cookie: deviceCookieOf(admin) })).statusCode).toBe(200);
    });
  },
  { env: { ADMIN_PASSWORD: 'Admin!Pass123', TRUST_PROXY: 'true', SESSION_SECRET: 'device-cookie-test-secret-0123456789abcdef' } },
);
