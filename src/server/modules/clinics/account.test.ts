import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { describeEachDatabase } from '../../test/harness';
import { createClinic, createRep, sessionCookie, TEST_PASSWORD } from '../../test/factories';

/** What the preferences answer of WhatsApp while it is not configured (docs/decisions/044). */
const WHATSAPP_OFF = { whatsappNotifications: false, whatsappNumber: null, whatsappAvailable: false };

describeEachDatabase('clinic account settings', (ctx) => {
  const change = (cookie: string, body: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/clinic/change-password', headers: { cookie }, payload: body });

  it('changes the password with the right current one, ends the other sessions and keeps this one', async () => {
    const clinic = await createClinic(ctx.app.db);
    const here = await sessionCookie(ctx.app, 'clinic', clinic.id);
    const elsewhere = await sessionCookie(ctx.app, 'clinic', clinic.id);

    const res = await change(here, { currentPassword: TEST_PASSWORD, newPassword: 'N3w!Password' });
    expect(res.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/clinic/preferences', headers: { cookie: here } })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/clinic/preferences', headers: { cookie: elsewhere } })).statusCode).toBe(401);
    const left = await ctx.app.db.select().from(sessions).where(eq(sessions.userId, clinic.id));
    expect(left.filter((s) => s.userType === 'clinic')).toHaveLength(1);
    const notice = await ctx.mailbox.waitFor(clinic.email, (m) => m.subject.includes('password was changed'));
    expect(notice.text).not.toContain('N3w!Password');

    // The old password no longer is the current one.
    const again = await change(here, { currentPassword: TEST_PASSWORD, newPassword: 'An0ther!Pass' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Current password is incorrect.');
  });

  it.each([
    ['short', 'Password must be at least 8 characters'],
    ['alllowercase1!', 'Password must contain at least one uppercase letter'],
    ['NoDigits!!', 'Password must contain at least one number'],
    ['NoSpecial12', 'Password must contain at least one special character'],
  ])('refuses the weak new password %s', async (newPassword, message) => {
    const clinic = await createClinic(ctx.app.db);
    const cookie = await sessionCookie(ctx.app, 'clinic', clinic.id);
    const res = await change(cookie, { currentPassword: TEST_PASSWORD, newPassword });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses a wrong current password and a rep session', async () => {
    const clinic = await createClinic(ctx.app.db);
    const cookie = await sessionCookie(ctx.app, 'clinic', clinic.id);
    const res = await change(cookie, { currentPassword: 'Wr0ng!Pass', newPassword: 'N3w!Password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Current password is incorrect.');
    const rep = await createRep(ctx.app.db);
    expect((await change(await sessionCookie(ctx.app, 'medrep', rep.id), { currentPassword: TEST_PASSWORD, newPassword: 'N3w!Password' })).statusCode).toBe(
      401,
    );
  });

  it('stores the e-mail and SMS notification choices on the server', async () => {
    const clinic = await createClinic(ctx.app.db);
    const cookie = await sessionCookie(ctx.app, 'clinic', clinic.id);
    const first = await ctx.app.inject({ method: 'GET', url: '/api/clinic/preferences', headers: { cookie } });
    expect(first.json()).toEqual({ emailNotifications: true, smsNotifications: false, ...WHATSAPP_OFF });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/clinic/preferences',
      headers: { cookie },
      payload: { emailNotifications: false, smsNotifications: true },
    });
    expect(put.statusCode).toBe(200);
    const after = await ctx.app.inject({ method: 'GET', url: '/api/clinic/preferences', headers: { cookie } });
    expect(after.json()).toEqual({ emailNotifications: false, smsNotifications: true, ...WHATSAPP_OFF });
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/clinic/preferences',
      headers: { cookie },
      payload: { emailNotifications: 'yes', smsNotifications: true },
    });
    expect(bad.statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/clinic/preferences' })).statusCode).toBe(401);
  });
});
