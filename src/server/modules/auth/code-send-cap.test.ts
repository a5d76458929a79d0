import { inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { outbox } from '../../db/schema';
import { describeEachDatabase, type TestContext } from '../../test/harness';
import { post, repPayload, TestBrowser, waitUntilCodesSent } from './auth.test-support';
import { CODES_PER_ADDRESS_PER_DAY } from './code-send-cap';
import { verificationMailKey } from './registration.service';

// At most CODES_PER_ADDRESS_PER_DAY codes reach one address in 24 hours, whatever the route (register, register
// again, resend), so one pending registration allows at most 3 guesses per code times the cap (docs/decisions/030).

const codesTo = async (ctx: TestContext, email: string) =>
  (
    await ctx.app.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(inArray(outbox.replaceKey, [verificationMailKey('clinic', email), verificationMailKey('medrep', email)]))
  ).length;

const TOO_MANY =
  /^Too many verification codes were sent to this e-mail address\. Please use the latest code or link we sent, or try again in \d+ (hours?|minutes?)\.$/;

describeEachDatabase('accounts: codes e-mailed to one address', (ctx) => {
  it(`registering again and resending together stop at ${CODES_PER_ADDRESS_PER_DAY} codes a day, then free up`, async () => {
    expect(CODES_PER_ADDRESS_PER_DAY).toBe(5);
    const payload = repPayload();
    const register = (o: Record<string, unknown> = {}) => post(ctx.app, '/api/medrep/register', { ...payload, ...o }, { browser: new TestBrowser() });
    const resend = () => post(ctx.app, '/api/resend-verification', { email: payload.email, type: 'medrep' });

    // Registering again skips the resend wait: four codes in a row, then a resend a minute later.
    for (let i = 0; i < 4; i++) expect((await register()).statusCode).toBe(201);
    await waitUntilCodesSent(ctx.app, payload.email);
    ctx.clock.advanceMinutes(1);
    expect((await resend()).statusCode).toBe(200);
    expect(await codesTo(ctx, payload.email)).toBe(5);

    await waitUntilCodesSent(ctx.app, payload.email);
    ctx.clock.advanceMinutes(1);
    // As a clinic, too: the cap is the address's.
    const clinic = await post(ctx.app, '/api/clinic/register', {
      clinicName: 'Dal Lake Clinic',
      contactPerson: 'Asha Kaul',
      state: 'Jammu and Kashmir',
      city: 'Srinagar',
      email: payload.email,
      contactNumber: payload.phone,
      password: payload.password,
    });
    for (const res of [clinic, await resend()]) {
      expect(res.statusCode).toBe(429);
      expect(res.json().code).toBe('too_many_codes');
      expect(res.json().message).toMatch(TOO_MANY);
      // The first code leaves the 24 hours two minutes after it was sent.
      expect(Number(res.headers['retry-after'])).toBe(24 * 3600 - 120);
    }
    expect(await codesTo(ctx, payload.email)).toBe(5);
    // The registration in place stays, and its latest code is the one that was e-mailed.
    ctx.clock.advanceMinutes(24 * 60 - 2);
    expect((await resend()).statusCode).toBe(200);
    expect(await codesTo(ctx, payload.email)).toBe(6);
  });

  it('counts parallel registrations and resends of one address one after another', async () => {
    const payload = repPayload();
    const register = () => post(ctx.app, '/api/medrep/register', payload, { browser: new TestBrowser() });
    expect((await register()).statusCode).toBe(201);
    await waitUntilCodesSent(ctx.app, payload.email);
    ctx.clock.advanceMinutes(1);
    expect((await post(ctx.app, '/api/resend-verification', { email: payload.email, type: 'medrep' })).statusCode).toBe(200);
    await waitUntilCodesSent(ctx.app, payload.email);
    ctx.clock.advanceMinutes(1);

    // Three places left; seven requests race for them.
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, register),
      ...Array.from({ length: 3 }, () => post(ctx.app, '/api/resend-verification', { email: payload.email, type: 'medrep' })),
    ]);
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200 || s === 201)).toHaveLength(CODES_PER_ADDRESS_PER_DAY - 2);
    // The rest are over the cap (a resend may also meet the once-a-minute wait once a new code went out).
    for (const a of answers.filter((x) => x.statusCode >= 300)) {
      expect(a.statusCode).toBe(429);
      expect(['too_many_codes', 'rate_limited']).toContain(a.json().code);
    }
    expect(answers.some((a) => a.json().code === 'too_many_codes')).toBe(true);
    expect(await codesTo(ctx, payload.email)).toBe(CODES_PER_ADDRESS_PER_DAY);
  });

  it('counts each address on its own', async () => {
    const a = repPayload();
    const b = repPayload();
    for (let i = 0; i < CODES_PER_ADDRESS_PER_DAY; i++) {
      expect((await post(ctx.app, '/api/medrep/register', a, { browser: new TestBrowser() })).statusCode).toBe(201);
    }
    await waitUntilCodesSent(ctx.app, a.email);
    ctx.clock.advanceMinutes(1);
    const over = await post(ctx.app, '/api/resend-verification', { email: a.email, type: 'medrep' });
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('too_many_codes');
    expect((await post(ctx.app, '/api/medrep/register', b)).statusCode).toBe(201);
    expect(await codesTo(ctx, b.email)).toBe(1);
  });
});
