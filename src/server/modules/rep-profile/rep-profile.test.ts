import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { emailChangeRestores, medicalReps, pendingMedicalReps, profileUpdateCodes, sessions } from '../../db/schema';
import { describeEachDatabase, type TestContext } from '../../test/harness';
import { codeIn, linkIn } from '../../test/mailbox';
import { LIMITS } from '../auth/auth.limits';
import { createClinic, createSubscribedRep, sessionCookie, TEST_PASSWORD } from '../../test/factories';

const NOW = '2026-03-02T04:30:00.000Z';

async function signedInRep(ctx: TestContext) {
  const rep = await createSubscribedRep(ctx.app.db);
  return { rep, cookie: await sessionCookie(ctx.app, 'medrep', rep.id) };
}

const post = (ctx: TestContext, cookie: string, url: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url, headers: { cookie }, payload });

describeEachDatabase('profile changes by e-mailed code', (ctx) => {
  beforeEach(() => ctx.clock.set(NOW));

  it('changes the phone with the code sent to the current address; the code works once', async () => {
    const { rep, cookie } = await signedInRep(ctx);
    const sent = await post(ctx, cookie, '/api/medrep/send-update-otp', {
      userId: rep.id,
      updateType: 'phone',
      newValue: '+91 98765-43210',
      currentPassword: TEST_PASSWORD,
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe('OTP sent to your email address');
    const mail = await ctx.mailbox.waitFor(rep.email);
    expect(mail.text).toContain('10 minutes');
    const otp = codeIn(mail);
    const [stored] = await ctx.app.db.select().from(profileUpdateCodes).where(eq(profileUpdateCodes.repId, rep.id));
    expect(stored!.codeHash).not.toContain(otp);

    const res = await post(ctx, cookie, '/api/medrep/verify-update-otp', { userId: rep.id, updateType: 'phone', otp });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Phone number updated successfully',
      user: { id: rep.id, email: rep.email, fullName: rep.fullName, phone: '+919876543210', company: rep.company, state: rep.state },
    });
    const again = await post(ctx, cookie, '/api/medrep/verify-update-otp', { userId: rep.id, updateType: 'phone', otp });
    expect(again.statusCode).toBe(400);
  });

  it('changes name and company', async () => {
    const { rep, cookie } = await signedInRep(ctx);
    for (const [updateType, newValue, field] of [
      ['name', 'Ravi K. Sharma', 'fullName'],
      ['company', 'Cipla', 'company'],
    ] as const) {
      ctx.mailbox.clear();
      await post(ctx, cookie, '/api/medrep/send-update-otp', { userId: rep.id, updateType, newValue });
      const otp = codeIn(await ctx.mailbox.waitFor(rep.email));
      const res = await post(ctx, cookie, '/api/medrep/verify-update-otp', { userId: rep.id, updateType, otp });
      expect(res.statusCode).toBe(200);
      expect(res.json().user[field]).toBe(newValue);
    }
  });

  it('sends the code for a new e-mail to the new address and tells the current one', async () => {
    const { rep, cookie } = await signedInRep(ctx);
    const newEmail = `new-${rep.id}@example.com`;
    const sent = await post(ctx, cookie, '/api/medrep/send-update-otp', {
      userId: rep.id,
      updateType: 'email',
      newValue: newEmail,
      currentPassword: TEST_PASSWORD,
    });
    expect(sent.statusCode).toBe(200);
    const otp = codeIn(await ctx.mailbox.waitFor(newEmail));
    const notice = await ctx.mailbox.waitFor(rep.email);
    expect(notice.text).toContain(newEmail);
    expect(notice.text).not.toContain(otp);
    const res = await post(ctx, cookie, '/api/medrep/verify-update-otp', { userId: rep.id, updateType: 'email', otp });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(newEmail);
  });

  it('refuses an e-mail or phone already in use by a rep, a clinic or a pending registration (409)', async () => {
    const { rep, cookie } = await signedInRep(ctx);
    const otherRep = await createSubscribedRep(ctx.app.db);
    const clinic = await createClinic(ctx.app.db);
    await ctx.app.db.insert(pendingMedicalReps).values({
      fullName: 'Pending Person',
      email: 'pending-person@example.com',
      phone: '+919000011111', // stored canonical (docs/decisions/032)
      company: 'X',
      state: 'Goa',
      password: 'x',
      verificationOtp: 'x',
      otpExpiry: new Date(NOW),
    });
    for (const [updateType, newValue, message] of [
      ['email', otherRep.email.toUpperCase(), 'This email address is already in use'],
      ['email', clinic.email, 'This email address is already in use'],
      ['email', 'pending-person@example.com', 'This email address is already in use'],
      ['phone', otherRep.phone, 'This phone number is already in use'],
      ['phone', clinic.contactNumber, 'This phone number is already in use'],
      ['phone', '9000011111', 'This phone number is already in use'],
    ] as const) {
      const res = await post(ctx, cookie, '/api/medrep/send-update-otp', { userId: rep.id, updateType, newValue, currentPassword: TEST_PASSWORD });
      expect(res.statusCode, newValue).toBe(409);
      expect(res.json().message).toBe(message);
    }
  });

  it("validates with the spec's messages", async () => {
    const { rep, cookie } = await signedInRep(ctx);
    for (const [payload, message] of [
      [{ updateType: 'name', newValue: '   ' }, 'Please enter a new value'],
      [{ updateType: 'email', newValue: 'nope' }, 'Please enter a valid email address'],
      [{ updateType: 'phone', newValue: '12-34' }, 'Please enter a valid phone number'],
      [{ updateType: 'email', newValue: rep.email, currentPassword: TEST_PASSWORD }, 'Please enter a new value'],
    ] as const) {
      const res = await post(ctx, cookie, '/api/medrep/send-update-otp', { userId: rep.id, ...payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const noOtp = await post(ctx, cookie, '/api/medrep/verify-update-otp', { userId: rep.id, updateType: 'name', otp: '' });
    expect(noOtp.json().message).toBe('Please enter the OTP');
  });

  it('acts only for the signed-in rep (403) and needs a session (401)', async () => {
    const { cookie } = await signedInRep(ctx);
    const other = await createSubscribedRep(ctx.app.db);
    const res = await post(ctx, cookie, '/api/medrep/send-update-otp', { userId: other.id, updateType: 'name', newValue: 'Mallory' });
    expect(res.statusCode).toBe(403);
    const verify = await post(ctx, cookie, '/api/medrep/verify-update-otp', { userId: other.id, updateType: 'name', otp: '123456' });
    expect(verify.statusCode).toBe(403);
    expect((await post(ctx, '', '/api/medrep/send-update-otp', { userId: other.id, updateType: 'name', newValue: 'X' })).statusCode).toBe(401);
  });

  it('allows 3 attempts, then asks for a new code; a resend replaces the code', async () => {
    const { rep, cookie } = await signedInRep(ctx);
    await post(ctx, cookie, '/api/medrep/send-update-otp', { userId: rep.id, updateType: 'company', newValue: 'Lupin' });
    const otp = codeIn(await ctx.mailbox.waitFor(rep.email));
    const wrong = otp === '000000' ? '111111' : '000000';
    const verify = (code: string) => post(ctx, cookie, '/api/medrep/verify-update-otp', { userId: rep.id, updateType: 'company', otp: code });
    expect((await verify(wrong)).json().message).toBe('Invalid OTP. 2 attempts remaining.');
    expect((await verify(wrong)).json().message).toBe('Invalid OTP. 1 attempt remaining.');
    expect((await verify(wrong)).json().message).toBe('Too many incorrect attempts. Please request a new code.');
    const blocked = await verify(otp);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many incorrect attempts. Please request a new code.');

    ctx.mailbox.clear();
    await post(ctx, cookie, '/api/medrep/send-update-otp', { userId: rep.id, updateType: 'company', newValue: 'Lupin' });
    const fresh = codeIn(await ctx.mailbox.waitFor(rep.email));
    expect((await verify(fresh)).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const { rep, cookie } = await signedInRep(ctx);
    await post(ctx, cookie, '/api/medrep/send-update-otp', { userId: rep.id, updateType: 'name', newValue: 'Late Person' });
    const otp = codeIn(await ctx.mailbox.waitFor(rep.email));
    ctx.clock.advanceMinutes(11);
    const res = await post(ctx, cookie, '/api/medrep/verify-update-otp', { userId: rep.id, updateType: 'name', otp });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The verification code has expired. Please request a new code.');
  });

  it('changes the password by the legal policy and ends the other sessions', async () => {
    const { rep, cookie } = await signedInRep(ctx);
    const otherDevice = await sessionCookie(ctx.app, 'medrep', rep.id);
    const sent = await post(ctx, cookie, '/api/medrep/send-update-otp', { userId: rep.id, updateType: 'password', currentPassword: TEST_PASSWORD });
    expect(sent.statusCode).toBe(200);
    const otp = codeIn(await ctx.mailbox.waitFor(rep.email));

    const weak = await post(ctx, cookie, '/api/medrep/verify-update-otp', { userId: rep.id, updateType: 'password', otp, newPassword: 'abcdefg' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/at least 8 characters.*uppercase.*lowercase.*number.*special/);
    const short = await post(ctx, cookie, '/api/medrep/verify-update-otp', { userId: rep.id, updateType: 'password', otp, newPassword: 'ab' });
    expect(short.json().message).toBe('Password must be at least 6 characters long');

    const res = await post(ctx, cookie, '/api/medrep/verify-update-otp', { userId: rep.id, updateType: 'password', otp, newPassword: 'N3w!Password' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Password updated successfully');
    const [row] = await ctx.app.db.select().from(medicalReps).where(eq(medicalReps.id, rep.id));
    expect(row!.passwordChangedAt).not.toBeNull();

    // The new password signs in, the old does not; this session lives on, the other device's does not.
    const login = (password: string) => ctx.app.inject({ method: 'POST', url: '/api/medrep/login', payload: { email: rep.email, password } });
    expect((await login(TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login('N3w!Password')).statusCode).toBe(200);
    const me = (c: string) => ctx.app.inject({ method: 'GET', url: `/api/rep-appointments?repId=${rep.id}`, headers: { cookie: c } });
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(otherDevice)).statusCode).toBe(401);
    const left = await ctx.app.db.select().from(sessions).where(eq(sessions.userId, rep.id));
    expect(left.length).toBeGreaterThanOrEqual(1);
  });

  // Proof of the account holder (decision 031): whoever holds a session alone cannot move the account's e-mail or phone.
  it('e-mail and phone changes need the current password: 400 without, 401 wrong (no code sent), counted by the sign-in limits', async () => {
    const { rep, cookie } = await signedInRep(ctx);
    const send = (o: Record<string, unknown>) => post(ctx, cookie, '/api/medrep/send-update-otp', { userId: rep.id, ...o });
    for (const [updateType, newValue] of [
      ['email', `taken-over-${rep.id}@example.com`],
      ['phone', '+91 91234 56789'],
    ] as const) {
      const without = await send({ updateType, newValue });
      expect(without.statusCode).toBe(400);
      expect(without.json().message).toBe('Please enter your current password');
      const wrong = await send({ updateType, newValue, currentPassword: 'Not!MyPass1' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ message: 'Current password is incorrect.', code: 'wrong_password' });
    }
    expect(await ctx.app.db.select().from(profileUpdateCodes).where(eq(profileUpdateCodes.repId, rep.id))).toEqual([]);
    await new Promise((r) => setTimeout(r, 300));
    expect(ctx.mailbox.to(rep.email)).toEqual([]);
    // The two wrong ones count in the account's sign-in budget: eight wrong sign-ins spend it, the right password then waits.
    const login = (password: string) => ctx.app.inject({ method: 'POST', url: '/api/medrep/login', payload: { email: rep.email, password } });
    for (let i = 0; i < LIMITS.login.account.max - 2; i++) expect((await login('Not!MyPass1')).statusCode).toBe(401);
    expect((await login(TEST_PASSWORD)).statusCode).toBe(429);
    // And a spent budget holds the profile check too, right password or not.
    const throttled = await send({ updateType: 'email', newValue: `later-${rep.id}@example.com`, currentPassword: TEST_PASSWORD });
    expect(throttled.statusCode).toBe(429);
    // Name and company changes need no password here.
    expect((await send({ updateType: 'company', newValue: 'Cipla' })).statusCode).toBe(200);
  });

  // The dialog's Current Password (decision 038): a password change proves the account holder too, and a wrong one is
  // answered with the code the dialog puts under that field.
  it('a password change needs the current password: 400 without, 401 wrong_password when wrong, no code sent', async () => {
    const { rep, cookie } = await signedInRep(ctx);
    const send = (o: Record<string, unknown>) => post(ctx, cookie, '/api/medrep/send-update-otp', { userId: rep.id, updateType: 'password', ...o });
    const without = await send({});
    expect(without.statusCode).toBe(400);
    expect(without.json().message).toBe('Please enter your current password');
    const wrong = await send({ currentPassword: 'Not!MyPass1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Current password is incorrect.', code: 'wrong_password' });
    expect(await ctx.app.db.select().from(profileUpdateCodes).where(eq(profileUpdateCodes.repId, rep.id))).toEqual([]);
    await new Promise((r) => setTimeout(r, 300));
    expect(ctx.mailbox.to(rep.email)).toEqual([]);
    expect((await send({ currentPassword: TEST_PASSWORD })).statusCode).toBe(200);
    await ctx.mailbox.waitFor(rep.email);
  });

  it('after an e-mail change the old address gets a notice with an undo link: it restores the address once and signs everyone out', async () => {
    const { rep, cookie } = await signedInRep(ctx);
    const otherDevice = await sessionCookie(ctx.app, 'medrep', rep.id);
    const newEmail = `moved-${rep.id}@example.com`;
    await post(ctx, cookie, '/api/medrep/send-update-otp', { userId: rep.id, updateType: 'email', newValue: newEmail, currentPassword: TEST_PASSWORD });
    const otp = codeIn(await ctx.mailbox.waitFor(newEmail));
    expect((await post(ctx, cookie, '/api/medrep/verify-update-otp', { userId: rep.id, updateType: 'email', otp })).statusCode).toBe(200);

    const notice = await ctx.mailbox.waitFor(rep.email, (m) => /e-mail address was changed/.test(m.subject));
    expect(notice.text).toContain(newEmail);
    const link = linkIn(notice, '/restore-email');
    const token = link.searchParams.get('token')!;
    expect(Buffer.from(token, 'base64url').length).toBe(32);
    const [stored] = await ctx.app.db.select().from(emailChangeRestores).where(eq(emailChangeRestores.repId, rep.id));
    expect(stored!.tokenHash).not.toContain(token);
    expect(ctx.mailbox.to(newEmail).some((m) => m.text.includes(token))).toBe(false);

    const restore = (t: string) => ctx.app.inject({ method: 'POST', url: '/api/medrep/restore-email', payload: { token: t } });
    const res = await restore(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/restored.*signed out/);
    const [row] = await ctx.app.db.select().from(medicalReps).where(eq(medicalReps.id, rep.id));
    expect(row!.email).toBe(rep.email);
    for (const c of [cookie, otherDevice]) expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: c } })).statusCode).toBe(401);
    // A link to choose a new password goes to the restored address, and works.
    const reset = linkIn(await ctx.mailbox.waitFor(rep.email, (m) => /Reset your/.test(m.subject)), '/reset-password');
    const done = await ctx.app.inject({
      method: 'POST',
      url: '/api/medrep/reset-password',
      payload: { token: reset.searchParams.get('token'), password: 'Back!Again2' },
    });
    expect(done.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/medrep/login', payload: { email: rep.email, password: 'Back!Again2' } })).statusCode).toBe(200);

    const reused = await restore(token);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('restore_link_invalid');
    expect((await restore('x'.repeat(43))).statusCode).toBe(400);
  });

  it('an undo link expires after 72 hours', async () => {
    const { rep, cookie } = await signedInRep(ctx);
    const newEmail = `late-${rep.id}@example.com`;
    await post(ctx, cookie, '/api/medrep/send-update-otp', { userId: rep.id, updateType: 'email', newValue: newEmail, currentPassword: TEST_PASSWORD });
    const otp = codeIn(await ctx.mailbox.waitFor(newEmail));
    await post(ctx, cookie, '/api/medrep/verify-update-otp', { userId: rep.id, updateType: 'email', otp });
    const link = linkIn(await ctx.mailbox.waitFor(rep.email, (m) => /e-mail address was changed/.test(m.subject)), '/restore-email');
    ctx.clock.advanceMinutes(72 * 60 + 1);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/medrep/restore-email', payload: { token: link.searchParams.get('token') } });
    expect(res.statusCode).toBe(400);
    const [row] = await ctx.app.db.select().from(medicalReps).where(eq(medicalReps.id, rep.id));
    expect(row!.email).toBe(newEmail);
  });
});
