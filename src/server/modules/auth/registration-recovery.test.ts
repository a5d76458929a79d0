import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { passwordResetTokens } from '../../db/schema';
import { createClinic, createRep } from '../../test/factories';
import { describeEachDatabase, type TestContext } from '../../test/harness';
import { codeIn, linkIn } from '../../test/mailbox';
import { clinicPayload, post, repPayload, TestBrowser } from './auth.test-support';

// The ways on from a registration left unverified (docs/decisions/036): the availability check and the login say it
// waits for its code; a verification link or code used once more says the account is ready (spec part 2, 4); a reset
// link is judged on load by a check that changes nothing.

const KINDS = [
  { kind: 'medrep', payload: repPayload, phoneOf: (p: Record<string, unknown>) => p.phone as string, login: '/api/medrep/login' },
  { kind: 'clinic', payload: clinicPayload, phoneOf: (p: Record<string, unknown>) => p.contactNumber as string, login: '/api/auth/login' },
] as const;

async function registerAndReadMail(ctx: TestContext, kind: 'clinic' | 'medrep', payload: { email: string }, browser?: TestBrowser) {
  const before = ctx.mailbox.to(payload.email).length;
  const res = await post(ctx.app, `/api/${kind}/register`, payload, { browser });
  expect(res.statusCode, res.body).toBe(201);
  const mail = await ctx.mailbox.waitFor(payload.email, () => ctx.mailbox.to(payload.email).length > before);
  return { code: codeIn(mail), linkToken: linkIn(mail, '/verify-email').searchParams.get('token')! };
}

const check = (ctx: TestContext, body: Record<string, unknown>) => post(ctx.app, '/api/check-availability', body);

describeEachDatabase('accounts: the ways on from an unverified registration', (ctx) => {
  for (const { kind, payload: makePayload, phoneOf, login } of KINDS) {
    it(`${kind}: the availability check says a pending e-mail waits for its code, and registering again is accepted`, async () => {
      const payload = makePayload();
      const phone = phoneOf(payload);
      await registerAndReadMail(ctx, kind, payload, new TestBrowser());

      const email = await check(ctx, { field: 'email', value: payload.email.toUpperCase() });
      expect(email.statusCode).toBe(200);
      expect(email.json()).toEqual({ available: true, pending: kind, message: 'Waiting for verification' });
      // The phone of that pending registration, typed with its e-mail, is the same registration.
      expect((await check(ctx, { field: 'phone', value: phone, email: payload.email })).json()).toEqual({
        available: true,
        pending: kind,
        message: 'Waiting for verification',
      });
      // With another e-mail (or none) the number belongs to someone else's registration: still in use.
      for (const other of [{ email: 'someone-else@example.com' }, {}]) {
        expect((await check(ctx, { field: 'phone', value: phone, ...other })).json()).toEqual({ available: false, message: 'Already in use' });
      }
      // What the check promises, the server does: a fresh registration from another browser replaces the pending one.
      const again = await post(ctx.app, `/api/${kind}/register`, payload, { browser: new TestBrowser() });
      expect(again.statusCode, again.body).toBe(201);
    });

    it(`${kind}: the login of a pending registration says it waits for its code`, async () => {
      const payload = makePayload();
      await registerAndReadMail(ctx, kind, payload);
      const res = await post(ctx.app, login, { email: payload.email, password: payload.password });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        code: 'registration_pending',
        message:
          'Your registration is waiting for its e-mail verification. Enter the 6-digit code we e-mailed you, or open the link in that e-mail to finish it.',
      });
      // A wrong password learns nothing about the pending registration (decision 005).
      const wrong = await post(ctx.app, login, { email: payload.email, password: 'Wrong#Pass99' });
      expect(wrong.statusCode).toBe(401);
    });
  }

  it('a verified account is still in use for the availability check', async () => {
    const rep = await createRep(ctx.app.db);
    expect((await check(ctx, { field: 'email', value: rep.email })).json()).toEqual({ available: false, message: 'Already in use' });
    expect((await check(ctx, { field: 'phone', value: rep.phone, email: rep.email })).json()).toEqual({ available: false, message: 'Already in use' });
    const clinic = await createClinic(ctx.app.db);
    expect((await check(ctx, { field: 'email', value: clinic.email })).json()).toEqual({ available: false, message: 'Already in use' });
  });

  it('a verification link opened again after it verified says the account is ready, and keeps the chosen password', async () => {
    const payload = repPayload();
    const { linkToken } = await registerAndReadMail(ctx, 'medrep', payload);
    const linkCheck = () => post(ctx.app, '/api/verify-email/check', { token: linkToken, type: 'medrep' });
    expect((await linkCheck()).json()).toEqual({ status: 'pending', message: 'Choose your password to finish verifying your e-mail address.' });

    const chosen = 'Linked#Pass2';
    const first = await post(ctx.app, '/api/verify-email', { token: linkToken, type: 'medrep', password: chosen });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'Email verified successfully. Your account is ready.' });

    // spec part 2, 4: 'already verified' is success. The second opening sets no password.
    const again = await post(ctx.app, '/api/verify-email', { token: linkToken, type: 'medrep', password: 'Other#Pass33' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: 'Email already verified. Your account is ready.' });
    expect((await post(ctx.app, '/api/medrep/login', { email: payload.email, password: 'Other#Pass33' })).statusCode).toBe(401);
    expect((await post(ctx.app, '/api/medrep/login', { email: payload.email, password: chosen })).statusCode).toBe(200);
    // The page asks before it shows the password form.
    expect((await linkCheck()).json()).toEqual({ status: 'verified', message: 'Email already verified. Your account is ready.' });
    // The link of one kind says nothing about the other kind's accounts.
    expect((await post(ctx.app, '/api/verify-email/check', { token: linkToken, type: 'clinic' })).json()).toMatchObject({ status: 'invalid' });
  });

  it('the link of an e-mail whose code verified the account says the account is ready, and so does the code again', async () => {
    const payload = clinicPayload();
    const { code, linkToken } = await registerAndReadMail(ctx, 'clinic', payload);
    const verified = await post(ctx.app, '/api/verify-otp', { email: payload.email, otp: code, type: 'clinic' });
    expect(verified.statusCode).toBe(200);

    const linked = await post(ctx.app, '/api/verify-email', { token: linkToken, type: 'clinic', password: 'Other#Pass33' });
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toEqual({ message: 'Email already verified. Your account is ready.' });
    expect((await post(ctx.app, '/api/auth/login', { email: payload.email, password: payload.password })).statusCode).toBe(200);
    const codeAgain = await post(ctx.app, '/api/verify-otp', { email: payload.email, otp: code, type: 'clinic' }, { browser: new TestBrowser() });
    expect(codeAgain.statusCode).toBe(200);
    expect(codeAgain.json()).toEqual({ message: 'Email already verified. Your account is ready.' });
  });

  it('an unknown or expired verification link is invalid for the check', async () => {
    const unknown = await post(ctx.app, '/api/verify-email/check', { token: 'x'.repeat(43), type: 'medrep' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ status: 'invalid', message: 'This verification link is invalid or has expired. Please request a new one.' });
    const payload = repPayload();
    const { linkToken } = await registerAndReadMail(ctx, 'medrep', payload);
    ctx.clock.advanceDays(3);
    expect((await post(ctx.app, '/api/verify-email/check', { token: linkToken, type: 'medrep' })).json()).toMatchObject({ status: 'invalid' });
    expect((await post(ctx.app, '/api/verify-email/check', { type: 'medrep' })).statusCode).toBe(400);
  });

  it('a reset link is checked on load without being used: valid, then used; expired; unknown', async () => {
    const rep = await createRep(ctx.app.db);
    const resetLink = async (type: 'medrep' | 'clinic', email: string) => {
      const resets = () => ctx.mailbox.to(email).filter((m) => /Reset your/.test(m.subject));
      const before = resets().length;
      expect((await post(ctx.app, `/api/${type}/forgot-password`, { email })).statusCode).toBe(200);
      const mail = await ctx.mailbox.waitFor(email, (m) => /Reset your/.test(m.subject) && resets().length > before);
      return linkIn(mail, '/reset-password').searchParams.get('token')!;
    };
    const token = await resetLink('medrep', rep.email);
    const checkReset = (type: 'medrep' | 'clinic', t: string) => post(ctx.app, `/api/${type}/reset-password/check`, { token: t });

    for (let i = 0; i < 2; i++) {
      const res = await checkReset('medrep', token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'valid', message: 'Choose a new password for your account.' });
    }
    const [row] = await ctx.app.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, rep.id));
    expect(row!.usedAt).toBeNull();
    // Of the other kind it is not a link at all.
    expect((await checkReset('clinic', token)).json()).toMatchObject({ status: 'invalid' });

    expect((await post(ctx.app, '/api/medrep/reset-password', { token, password: 'Brand!New2pass' })).statusCode).toBe(200);
    expect((await checkReset('medrep', token)).json()).toEqual({
      status: 'used',
      message: 'This password reset link has already been used. Please request a new one.',
    });

    const clinic = await createClinic(ctx.app.db);
    const stale = await resetLink('clinic', clinic.email);
    ctx.clock.advanceMinutes(61);
    expect((await checkReset('clinic', stale)).json()).toEqual({
      status: 'expired',
      message: 'This password reset link has expired. Please request a new one.',
    });
    expect((await checkReset('clinic', 'y'.repeat(43))).json()).toEqual({
      status: 'invalid',
      message: 'This password reset link is invalid or has expired. Please request a new one.',
    });
  });
});
