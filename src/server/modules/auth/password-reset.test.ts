import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { emailAuditLog, medicalReps, passwordResetTokens, securityEvents } from '../../db/schema';
import { createClinic, createRep, sessionCookie, TEST_PASSWORD } from '../../test/factories';
import { describeEachDatabase } from '../../test/harness';
import { codeIn, linkIn } from '../../test/mailbox';
import { LIMITS } from './auth.limits';
import { get, post, sessionCookieOf } from './auth.test-support';

const NEW_PASSWORD = 'Brand!New2pass';

describeEachDatabase('accounts: forgotten password', (ctx) => {
  async function requestReset(type: 'clinic' | 'medrep', email: string) {
    // Only reset mails count: a password-changed notice may still be on its way from the outbox.
    const resets = () => ctx.mailbox.to(email).filter((m) => /Reset your/.test(m.subject));
    const before = resets().length;
    const res = await post(ctx.app, `/api/${type}/forgot-password`, { email });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Reset instructions sent!' });
    const mail = await ctx.mailbox.waitFor(email, (m) => /Reset your/.test(m.subject) && resets().length > before);
    return linkIn(mail, '/reset-password');
  }

  it('e-mails a one-hour single-use link; the reset ends every session and sends a notice', async () => {
    const rep = await createRep(ctx.app.db);
    const loginA = await post(ctx.app, '/api/medrep/login', { email: rep.email, password: TEST_PASSWORD });
    const loginB = await post(ctx.app, '/api/medrep/login', { email: rep.email, password: TEST_PASSWORD, rememberMe: true });
    expect(loginA.statusCode).toBe(200);

    const link = await requestReset('medrep', rep.email.toUpperCase());
    expect(link.origin).toBe('http://localhost:5000');
    expect(link.searchParams.get('type')).toBe('medrep');
    const token = link.searchParams.get('token')!;
    expect(Buffer.from(token, 'base64url').length).toBe(32);
    const [stored] = await ctx.app.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, rep.id));
    expect(stored!.tokenHash).not.toContain(token);

    const res = await post(ctx.app, '/api/medrep/reset-password', { token, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password reset successful. You can now log in with your new password.' });
    expect(res.body).not.toContain(token);

    for (const old of [loginA, loginB]) expect((await get(ctx.app, '/api/auth/me', { cookie: sessionCookieOf(old) })).statusCode).toBe(401);
    expect((await post(ctx.app, '/api/medrep/login', { email: rep.email, password: TEST_PASSWORD })).statusCode).toBe(401);
    expect((await post(ctx.app, '/api/medrep/login', { email: rep.email, password: NEW_PASSWORD })).statusCode).toBe(200);
    const [row] = await ctx.app.db.select().from(medicalReps).where(eq(medicalReps.id, rep.id));
    expect(row!.passwordChangedAt!.toISOString()).toBe(ctx.clock.now().toISOString());

    const notice = await ctx.mailbox.waitFor(rep.email, (m) => /password was changed/i.test(m.subject));
    expect(notice.text).not.toContain(NEW_PASSWORD);
    const audit = await ctx.app.db.select().from(emailAuditLog).where(eq(emailAuditLog.recipientEmail, rep.email));
    expect(audit.map((a) => a.templateType)).toEqual(expect.arrayContaining(['password_reset', 'password_changed']));

    const reused = await post(ctx.app, '/api/medrep/reset-password', { token, password: 'Another!Pass3' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('This password reset link is invalid or has expired. Please request a new one.');
    const events = await ctx.app.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.eventType, 'password_reset'), eq(securityEvents.userId, rep.id)));
    expect(events).toHaveLength(1);
  });

  it('refuses an expired link, a link of the other type and an older link', async () => {
    const clinic = await createClinic(ctx.app.db);
    const first = (await requestReset('clinic', clinic.email)).searchParams.get('token')!;
    expect((await post(ctx.app, '/api/medrep/reset-password', { token: first, password: NEW_PASSWORD })).statusCode).toBe(400);
    ctx.clock.advanceMinutes(1);
    const second = (await requestReset('clinic', clinic.email)).searchParams.get('token')!;
    // Only the newest link works.
    expect((await post(ctx.app, '/api/clinic/reset-password', { token: first, password: NEW_PASSWORD })).statusCode).toBe(400);
    ctx.clock.advanceMinutes(61);
    const expired = await post(ctx.app, '/api/clinic/reset-password', { token: second, password: NEW_PASSWORD });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe('This password reset link is invalid or has expired. Please request a new one.');

    const third = (await requestReset('clinic', clinic.email)).searchParams.get('token')!;
    ctx.clock.advanceMinutes(59);
    const ok = await post(ctx.app, '/api/clinic/reset-password', { token: third, password: NEW_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect((await post(ctx.app, '/api/auth/login', { email: clinic.email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown e-mail, validates the new password, and limits requests per account', async () => {
    const unknown = await post(ctx.app, '/api/clinic/forgot-password', { email: 'nobody-here@example.com' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No account found with that email address.');
    const badEmail = await post(ctx.app, '/api/clinic/forgot-password', { email: 'not-an-email' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toBe('Please enter a valid email address');
    const empty = await post(ctx.app, '/api/medrep/forgot-password', { email: '' });
    expect(empty.json().message).toBe('Email is required');
    const short = await post(ctx.app, '/api/medrep/reset-password', { token: 'abc', password: 'Ab1!' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 8 characters long');

    const rep = await createRep(ctx.app.db);
    const statuses: number[] = [];
    const max = LIMITS.forgotPassword.account.max;
    for (let i = 0; i <= max; i++) statuses.push((await post(ctx.app, '/api/medrep/forgot-password', { email: rep.email })).statusCode);
    expect(statuses).toEqual([...Array(max).fill(200), 429]);
  });

  // A link sent before a change of the password or of the e-mail address may have gone to whoever made the change
  // (decision 031): it stops working.
  it('a reset link sent before an e-mail change or a password change stops working (rep and clinic)', async () => {
    const refused = async (type: 'clinic' | 'medrep', token: string) => {
      const res = await post(ctx.app, `/api/${type}/reset-password`, { token, password: NEW_PASSWORD });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('reset_link_invalid');
    };
    const codeFor = async (to: string, before: number) =>
      codeIn(await ctx.mailbox.waitFor(to, () => ctx.mailbox.to(to).filter((m) => /verification code/.test(m.subject)).length > before));

    // A rep's e-mail change.
    const rep = await createRep(ctx.app.db);
    const cookie = await sessionCookie(ctx.app, 'medrep', rep.id);
    const beforeEmail = (await requestReset('medrep', rep.email)).searchParams.get('token')!;
    const newEmail = `changed-${rep.id}@example.com`;
    const sent = await post(
      ctx.app,
      '/api/medrep/send-update-otp',
      { userId: rep.id, updateType: 'email', newValue: newEmail, currentPassword: TEST_PASSWORD },
      { cookie },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const emailCode = await codeFor(newEmail, 0);
    expect((await post(ctx.app, '/api/medrep/verify-update-otp', { userId: rep.id, updateType: 'email', otp: emailCode }, { cookie })).statusCode).toBe(200);
    await refused('medrep', beforeEmail);

    // A rep's password change (by the profile's code).
    const beforePassword = (await requestReset('medrep', newEmail)).searchParams.get('token')!;
    const codes = ctx.mailbox.to(newEmail).filter((m) => /verification code/.test(m.subject)).length;
    await post(ctx.app, '/api/medrep/send-update-otp', { userId: rep.id, updateType: 'password', currentPassword: TEST_PASSWORD }, { cookie });
    const passwordCode = await codeFor(newEmail, codes);
    const changed = await post(
      ctx.app,
      '/api/medrep/verify-update-otp',
      { userId: rep.id, updateType: 'password', otp: passwordCode, newPassword: 'Chang3d!Pass' },
      { cookie },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    await refused('medrep', beforePassword);

    // A clinic's password change (Settings).
    const clinic = await createClinic(ctx.app.db);
    const clinicCookie = await sessionCookie(ctx.app, 'clinic', clinic.id);
    const beforeClinic = (await requestReset('clinic', clinic.email)).searchParams.get('token')!;
    const clinicChange = await post(
      ctx.app,
      '/api/clinic/change-password',
      { currentPassword: TEST_PASSWORD, newPassword: 'Chang3d!Pass', confirmPassword: 'Chang3d!Pass' },
      { cookie: clinicCookie },
    );
    expect(clinicChange.statusCode, clinicChange.body).toBe(200);
    await refused('clinic', beforeClinic);
    // A link asked for after the change works.
    const after = (await requestReset('clinic', clinic.email)).searchParams.get('token')!;
    expect((await post(ctx.app, '/api/clinic/reset-password', { token: after, password: NEW_PASSWORD })).statusCode).toBe(200);
  });
});
