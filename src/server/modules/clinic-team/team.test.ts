import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../../shared/errors';
import { clinicActivity, sessions } from '../../db/schema';
import { createClinic, createDoctor, sessionCookie, TEST_PASSWORD } from '../../test/factories';
import { describeEachDatabase, deliverOutbox, type TestContext } from '../../test/harness';
import { call, sessionCookieFrom } from '../admin/admin-test-support';

// The clinic's team (docs/decisions/072-clinic-team.md) through the API as the dashboard and the invitation page
// call it, with the invitation read from the real test mailbox.

const MEMBER_PASSWORD = 'Recep7ion!Pass';
const uniqueEmail = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.com`;

async function inviteTokenFor(ctx: TestContext, email: string): Promise<string> {
  await deliverOutbox(ctx);
  const mail = await ctx.mailbox.waitFor(email, (m) => /Join/.test(m.subject));
  const token = /\/clinic\/invite\?token=([\w-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no invitation link in the e-mail to ${email}`);
  return token;
}

describeEachDatabase('clinic team: invitations, roles and sign-in', (ctx) => {
  it('the owner invites a receptionist, who accepts the e-mailed link, signs in and is named with the role', async () => {
    const clinic = await createClinic(ctx.app.db, { contactPerson: 'Asha Kaul', language: 'hi' });
    const owner = await sessionCookie(ctx.app, 'clinic', clinic.id);
    const email = uniqueEmail('ravi');

    const invited = await call(ctx.app, 'POST', '/api/clinic/team', {
      cookie: owner,
      body: { name: 'Ravi Bhat', email: email.toUpperCase(), role: 'reception' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const member = invited.json().member;
    expect(member).toEqual({ id: expect.any(Number), name: 'Ravi Bhat', email, role: 'reception', status: 'invited', lastSignInAt: null });

    // One address, one person: the clinic's own address, and the same invitee again, are taken.
    for (const taken of [email, clinic.email]) {
      const again = await call(ctx.app, 'POST', '/api/clinic/team', { cookie: owner, body: { name: 'Someone', email: taken, role: 'manager' } });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('email_taken');
    }

    // Not accepted yet: the login says so.
    const early = await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password: MEMBER_PASSWORD } });
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('invite_pending');

    // The e-mail is in the clinic's language (Hindi) until the member chooses one, and holds the link.
    await deliverOutbox(ctx);
    const mail = await ctx.mailbox.waitFor(email, () => true);
    expect(mail.text).toMatch(/[\u0900-\u097F]/);
    const token = /\/clinic\/invite\?token=([\w-]+)/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();

    // The registration's password rule.
    const weak = await call(ctx.app, 'POST', '/api/clinic/team/accept', { body: { token, password: 'weakpass' } });
    expect(weak.statusCode).toBe(400);

    const accepted = await call(ctx.app, 'POST', '/api/clinic/team/accept', { body: { token, password: MEMBER_PASSWORD } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ person: { name: 'Ravi Bhat', role: 'reception' }, clinicName: clinic.clinicName });
    const acceptedSession = sessionCookieFrom(accepted);
    expect((await call(ctx.app, 'GET', '/api/auth/me', { cookie: acceptedSession })).json().person).toEqual({ name: 'Ravi Bhat', role: 'reception' });

    // Used once: the same link again is refused with the one code.
    const reused = await call(ctx.app, 'POST', '/api/clinic/team/accept', { body: { token, password: MEMBER_PASSWORD } });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'invite_invalid', message: ERROR_MESSAGES.invite_invalid });

    // Signs in on the clinic login with their own e-mail and password; the clinic's session names them.
    const wrong = await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password: 'Wrong!Pass99' } });
    expect(wrong.statusCode).toBe(401);
    const login = await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password: MEMBER_PASSWORD } });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toMatchObject({ user: { id: clinic.id, clinicName: clinic.clinicName }, person: { name: 'Ravi Bhat', role: 'reception' } });
    const session = sessionCookieFrom(login);
    const me = (await call(ctx.app, 'GET', '/api/auth/me', { cookie: session })).json();
    expect(me).toMatchObject({ userType: 'clinic', user: { id: clinic.id }, person: { name: 'Ravi Bhat', role: 'reception' } });
    expect((await call(ctx.app, 'GET', '/api/auth/me', { cookie: owner })).json().person).toEqual({ name: 'Asha Kaul', role: 'owner' });

    // Reception runs the day but not the doctors: 403 forbidden_role, naming who may.
    const doctor = await createDoctor(ctx.app.db, clinic.id);
    expect((await call(ctx.app, 'GET', `/api/clinic/doctors/${clinic.id}`, { cookie: session })).statusCode).toBe(200);
    const refused = await call(ctx.app, 'DELETE', `/api/clinic/doctors/${clinic.id}/${doctor.id}`, { cookie: session });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'forbidden_role', message: "Only the clinic's owner or a manager can do this." });
    expect((await call(ctx.app, 'GET', '/api/clinic/team', { cookie: session })).json().code).toBe('forbidden_role');

    // The member's language is their own, not the clinic's.
    const language = await ctx.app.inject({ method: 'PUT', url: '/api/account/language', headers: { cookie: session }, payload: { language: 'ur' } });
    expect(language.statusCode).toBe(200);
    const team = (await call(ctx.app, 'GET', '/api/clinic/team', { cookie: owner })).json().members;
    expect(team.map((m: { role: string; status: string }) => [m.role, m.status])).toEqual([
      ['owner', 'active'],
      ['reception', 'active'],
    ]);
    expect(team[0]).toMatchObject({ id: 0, name: 'Asha Kaul', email: clinic.email });
    expect(team[1].lastSignInAt).not.toBeNull();
    expect((await call(ctx.app, 'POST', '/api/auth/login', { body: { email: clinic.email, password: TEST_PASSWORD } })).json().language).toBe('hi');

    // Recorded in the clinic's Activity log with who did it.
    const log = await ctx.app.db.select().from(clinicActivity).where(eq(clinicActivity.clinicId, clinic.id));
    expect(log.map((r) => [r.action, r.actorKind, r.actorName])).toEqual([
      ['team.invited', 'owner', 'Asha Kaul'],
      ['team.joined', 'reception', 'Ravi Bhat'],
    ]);
  });

  it('an expired or unknown link is refused; the owner stays; a manager sees the team but cannot change it; deactivation ends sessions at once', async () => {
    const clinic = await createClinic(ctx.app.db);
    let owner = await sessionCookie(ctx.app, 'clinic', clinic.id);

    const unknown = await call(ctx.app, 'POST', '/api/clinic/team/accept', { body: { token: 'x'.repeat(43), password: MEMBER_PASSWORD } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('invite_invalid');

    const lateEmail = uniqueEmail('late');
    await call(ctx.app, 'POST', '/api/clinic/team', { cookie: owner, body: { name: 'Late Comer', email: lateEmail, role: 'manager' } });
    const lateToken = await inviteTokenFor(ctx, lateEmail);
    ctx.clock.advance(72 * 3_600_000 + 60_000);
    const expired = await call(ctx.app, 'POST', '/api/clinic/team/accept', { body: { token: lateToken, password: MEMBER_PASSWORD } });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('invite_invalid');
    owner = await sessionCookie(ctx.app, 'clinic', clinic.id); // the first one has expired with the days gone by

    // A manager: invited, accepted and signed in by the link.
    const email = uniqueEmail('meera');
    const invited = await call(ctx.app, 'POST', '/api/clinic/team', { cookie: owner, body: { name: 'Meera Rao', email, role: 'manager' } });
    const id = invited.json().member.id as number;
    const accepted = await call(ctx.app, 'POST', '/api/clinic/team/accept', { body: { token: await inviteTokenFor(ctx, email), password: MEMBER_PASSWORD } });
    const manager = sessionCookieFrom(accepted);
    const other = sessionCookieFrom(await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password: MEMBER_PASSWORD } }));

    expect((await call(ctx.app, 'GET', '/api/clinic/team', { cookie: manager })).statusCode).toBe(200);
    const managerInvites = await call(ctx.app, 'POST', '/api/clinic/team', {
      cookie: manager,
      body: { name: 'X Y', email: uniqueEmail('x'), role: 'reception' },
    });
    expect(managerInvites.statusCode).toBe(403);
    expect(managerInvites.json()).toEqual({ code: 'forbidden_role', message: "Only the clinic's owner can do this." });
    expect((await call(ctx.app, 'PATCH', `/api/clinic/team/${id}`, { cookie: manager, body: { active: false } })).statusCode).toBe(403);
    // The owner's password is the owner's alone.
    expect(
      (await call(ctx.app, 'POST', '/api/clinic/change-password', { cookie: manager, body: { currentPassword: 'x', newPassword: 'N3w!Password9' } }))
        .statusCode,
    ).toBe(403);

    // The owner cannot be demoted or deactivated.
    for (const body of [{ role: 'manager' }, { active: false }]) {
      const res = await call(ctx.app, 'PATCH', '/api/clinic/team/0', { cookie: owner, body });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('owner_fixed');
    }
    // Another clinic's member is not found.
    const otherClinic = await sessionCookie(ctx.app, 'clinic', (await createClinic(ctx.app.db)).id);
    expect((await call(ctx.app, 'PATCH', `/api/clinic/team/${id}`, { cookie: otherClinic, body: { active: false } })).statusCode).toBe(404);

    const demoted = await call(ctx.app, 'PATCH', `/api/clinic/team/${id}`, { cookie: owner, body: { role: 'reception' } });
    expect(demoted.json().member.role).toBe('reception');
    expect((await call(ctx.app, 'GET', '/api/auth/me', { cookie: manager })).json().person.role).toBe('reception');

    // Deactivated: both of the member's sessions end at once, and the login says the account is inactive.
    const off = await call(ctx.app, 'PATCH', `/api/clinic/team/${id}`, { cookie: owner, body: { active: false } });
    expect(off.json().member.status).toBe('inactive');
    for (const cookie of [manager, other]) expect((await call(ctx.app, 'GET', '/api/auth/me', { cookie })).statusCode).toBe(401);
    // Gone, not only refused: a reactivation does not bring them back.
    expect(await ctx.app.db.select().from(sessions).where(eq(sessions.memberId, id))).toEqual([]);
    const refused = await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password: MEMBER_PASSWORD } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('account_inactive');
    expect((await call(ctx.app, 'GET', '/api/auth/me', { cookie: owner })).statusCode).toBe(200);

    const on = await call(ctx.app, 'PATCH', `/api/clinic/team/${id}`, { cookie: owner, body: { active: true } });
    expect(on.json().member.status).toBe('active');
    expect((await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password: MEMBER_PASSWORD } })).statusCode).toBe(200);
    const actions = (await ctx.app.db.select().from(clinicActivity).where(eq(clinicActivity.clinicId, clinic.id))).map((r) => r.action);
    expect(actions).toEqual(['team.invited', 'team.invited', 'team.joined', 'team.role_changed', 'team.deactivated', 'team.reactivated']);
  });

  it("a member's Forgot password mails a one-hour link to choose a new one, which ends the old sessions; an inactive member gets none", async () => {
    const clinic = await createClinic(ctx.app.db);
    const owner = await sessionCookie(ctx.app, 'clinic', clinic.id);
    const email = uniqueEmail('nisha');
    const invited = await call(ctx.app, 'POST', '/api/clinic/team', { cookie: owner, body: { name: 'Nisha Koul', email, role: 'reception' } });
    const id = invited.json().member.id as number;
    await call(ctx.app, 'POST', '/api/clinic/team/accept', { body: { token: await inviteTokenFor(ctx, email), password: MEMBER_PASSWORD } });
    const signedIn = sessionCookieFrom(await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password: MEMBER_PASSWORD } }));

    const asked = await call(ctx.app, 'POST', '/api/clinic/forgot-password', { body: { email: email.toUpperCase() } });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().message).toBe('Reset instructions sent!');
    await deliverOutbox(ctx);
    const mail = await ctx.mailbox.waitFor(email, (m) => /Reset/.test(m.subject));
    const token = /\/clinic\/invite\?token=([\w-]+)&reset=1/.exec(mail.text)?.[1];
    expect(token, mail.text).toBeTruthy();
    // Until it is used, the old password still signs in.
    expect((await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password: MEMBER_PASSWORD } })).statusCode).toBe(200);

    const NEW = 'N3w!Reception9';
    const reset = await call(ctx.app, 'POST', '/api/clinic/team/accept', { body: { token, password: NEW } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().message).toBe('Your new password is saved. You are signed in.');
    expect((await call(ctx.app, 'GET', '/api/auth/me', { cookie: sessionCookieFrom(reset) })).json().person).toEqual({ name: 'Nisha Koul', role: 'reception' });
    // The sessions of the old password are over, the old password no longer works, the link works once.
    expect((await call(ctx.app, 'GET', '/api/auth/me', { cookie: signedIn })).statusCode).toBe(401);
    expect((await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password: MEMBER_PASSWORD } })).statusCode).toBe(401);
    expect((await call(ctx.app, 'POST', '/api/auth/login', { body: { email, password: NEW } })).statusCode).toBe(200);
    expect((await call(ctx.app, 'POST', '/api/clinic/team/accept', { body: { token, password: 'An0ther!Pass' } })).json().code).toBe('invite_invalid');
    // Not a second 'joined' in the Activity log: a new password is not a new member.
    const actions = (await ctx.app.db.select().from(clinicActivity).where(eq(clinicActivity.clinicId, clinic.id))).map((r) => r.action);
    expect(actions.filter((a) => a === 'team.joined')).toHaveLength(1);

    // A link older than an hour is refused.
    await call(ctx.app, 'POST', '/api/clinic/forgot-password', { body: { email } });
    await deliverOutbox(ctx);
    const second = await ctx.mailbox.waitFor(email, (m) => /Reset/.test(m.subject) && !m.text.includes(token!));
    const late = /\/clinic\/invite\?token=([\w-]+)&reset=1/.exec(second.text)![1];
    ctx.clock.advance(3_600_000 + 60_000);
    expect((await call(ctx.app, 'POST', '/api/clinic/team/accept', { body: { token: late, password: 'An0ther!Pass' } })).json().code).toBe('invite_invalid');

    // A deactivated member is no account to reset.
    const freshOwner = await sessionCookie(ctx.app, 'clinic', clinic.id);
    await call(ctx.app, 'PATCH', `/api/clinic/team/${id}`, { cookie: freshOwner, body: { active: false } });
    expect((await call(ctx.app, 'POST', '/api/clinic/forgot-password', { body: { email } })).statusCode).toBe(404);
  });
});
