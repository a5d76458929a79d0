import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../../shared/errors';
import { sessions } from '../../db/schema';
import { createRep, sessionCookie } from '../../test/factories';
import { describeEachDatabase, deliverOutbox } from '../../test/harness';
import { ADMIN_ENV, ADMIN_PASSWORD, adminCookie, call, sessionCookieFrom } from './admin-test-support';
import {
  TEAM_PASSWORD,
  enrolWithToken,
  inviteAndEnrol,
  linkTokenFor,
  nextCode,
  signIn,
  signInWithCode,
  uniqueEmail,
  type Enrolled,
} from './admin-team.test-support';

// The admin team (docs/decisions/042-admin-team.md): the bootstrap from ADMIN_PASSWORD, the roles, deactivation and
// the reset of a second factor, through the API as the screens call it, with the invitation read from a real mailbox.

describeEachDatabase(
  'admin team: from the single password to a named owner',
  (ctx) => {
    let owner: Enrolled;

    it('the single-password session invites the first owner; once enrolled, the gate asks for e-mail, password and code', async () => {
      expect((await call(ctx.app, 'GET', '/api/admin/gate')).json()).toEqual({ mode: 'password', adminOff: false });
      const single = sessionCookieFrom(await signIn(ctx, { password: ADMIN_PASSWORD }));
      expect((await call(ctx.app, 'GET', '/api/admin/me', { cookie: single })).json()).toEqual({
        id: 0,
        name: 'Administrator',
        email: null,
        role: 'owner',
        twoFactor: false,
      });

      // The single password creates an owner first, nobody else.
      const staffFirst = await call(ctx.app, 'POST', '/api/admin/admins', { cookie: single, body: { name: 'S', email: uniqueEmail('s'), role: 'staff' } });
      expect(staffFirst.statusCode).toBe(409);
      expect(staffFirst.json().code).toBe('admin_first_owner');

      const email = uniqueEmail('asha');
      const invited = await call(ctx.app, 'POST', '/api/admin/admins', {
        cookie: single,
        body: { name: 'Asha Rao', email: email.toUpperCase(), role: 'owner' },
      });
      expect(invited.statusCode).toBe(201);
      expect(invited.json()).toEqual({ admin: { id: expect.any(Number), name: 'Asha Rao', email, role: 'owner' } });
      const again = await call(ctx.app, 'POST', '/api/admin/admins', { cookie: single, body: { name: 'Asha', email, role: 'owner' } });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('admin_email_taken');

      const token = await linkTokenFor(ctx, email);
      const check = await call(ctx.app, 'POST', '/api/admin/invite/check', { body: { token } });
      expect(check.json()).toEqual({ name: 'Asha Rao', email, role: 'owner', twoFactorRequired: true, accepted: false });
      // A short password is refused: an admin's is at least 12 characters.
      expect((await call(ctx.app, 'POST', '/api/admin/invite/accept', { body: { token, password: 'Short-Pw1!' } })).statusCode).toBe(400);

      const accepted = await call(ctx.app, 'POST', '/api/admin/invite/accept', { body: { token, password: TEAM_PASSWORD } });
      expect(accepted.statusCode).toBe(200);
      const { totpSecret, otpauthUrl } = accepted.json<{ totpSecret: string; otpauthUrl: string }>();
      expect(totpSecret).toMatch(/^[A-Z2-7]{32}$/);
      expect(otpauthUrl).toContain(`secret=${totpSecret}`);
      expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/RepVisit:.*period=30/);
      // A reloaded page with the same password sees the same secret; another password does not.
      expect((await call(ctx.app, 'POST', '/api/admin/invite/accept', { body: { token, password: TEAM_PASSWORD } })).json().totpSecret).toBe(totpSecret);
      expect((await call(ctx.app, 'POST', '/api/admin/invite/accept', { body: { token, password: 'Another-Pass-12!' } })).statusCode).toBe(400);

      // Not confirmed yet: the single password still opens the gate, and the owner cannot sign in.
      expect((await call(ctx.app, 'GET', '/api/admin/gate')).json().mode).toBe('password');
      expect((await call(ctx.app, 'GET', '/api/admin/stats', { cookie: single })).statusCode).toBe(200);

      const wrong = await call(ctx.app, 'POST', '/api/admin/invite/confirm', { body: { token, code: '000000' } });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe('admin_code_invalid');
      const confirmed = await call(ctx.app, 'POST', '/api/admin/invite/confirm', { body: { token, code: nextCode(ctx, totpSecret) } });
      expect(confirmed.statusCode).toBe(200);
      const { recoveryCodes } = confirmed.json<{ recoveryCodes: string[] }>();
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);
      // The link worked once.
      expect((await call(ctx.app, 'POST', '/api/admin/invite/check', { body: { token } })).json().code).toBe('admin_invite_invalid');

      // Team mode: the single password's session has ended and the password alone opens nothing.
      expect((await call(ctx.app, 'GET', '/api/admin/gate')).json()).toEqual({ mode: 'team', adminOff: false });
      expect((await call(ctx.app, 'GET', '/api/admin/stats', { cookie: single })).statusCode).toBe(401);
      const passwordOnly = await signIn(ctx, { password: ADMIN_PASSWORD });
      expect(passwordOnly.statusCode).toBe(401);
      expect(passwordOnly.json()).toEqual({ message: ERROR_MESSAGES.admin_team_required, code: 'admin_team_required' });
      // The admin password with the owner's e-mail is no password of hers.
      expect((await signIn(ctx, { email, password: ADMIN_PASSWORD, code: nextCode(ctx, totpSecret) })).json().message).toBe('Invalid admin credentials');

      owner = { id: invited.json().admin.id, name: 'Asha Rao', email, secret: totpSecret, recoveryCodes };
      const cookie = await signInWithCode(ctx, owner);
      expect((await call(ctx.app, 'GET', '/api/admin/me', { cookie })).json()).toEqual({
        id: owner.id,
        name: 'Asha Rao',
        email,
        role: 'owner',
        twoFactor: true,
      });
      expect((await call(ctx.app, 'GET', '/api/admin/session', { cookie })).json()).toEqual({ authenticated: true });
      const team = await call(ctx.app, 'GET', '/api/admin/admins', { cookie });
      expect(team.json().admins).toEqual([
        expect.objectContaining({ id: owner.id, status: 'active', role: 'owner', twoFactor: true, recoveryCodesLeft: 10, lastSignInAt: expect.any(String) }),
      ]);
    });

    it('an invitation link lives 48 hours', async () => {
      const email = uniqueEmail('late');
      const cookie = await signInWithCode(ctx, owner);
      expect((await call(ctx.app, 'POST', '/api/admin/admins', { cookie, body: { name: 'Late', email, role: 'staff' } })).statusCode).toBe(201);
      const token = await linkTokenFor(ctx, email);
      ctx.clock.advance(49 * 3_600_000);
      expect((await call(ctx.app, 'POST', '/api/admin/invite/accept', { body: { token, password: TEAM_PASSWORD } })).json().code).toBe('admin_invite_invalid');
    });
  },
  ADMIN_ENV,
);

describeEachDatabase(
  'admin team: roles, deactivation and a reset of the second factor',
  (ctx) => {
    let owner: Enrolled;
    let ownerCookie: string;
    let staff: Enrolled;

    it('staff are refused managing admins, restarting and deleting accounts (403); they do the rest', async () => {
      owner = await inviteAndEnrol(ctx, await adminCookie(ctx.app), { role: 'owner' });
      ownerCookie = await signInWithCode(ctx, owner);
      // Two-factor is optional for staff: this one stops after choosing a password and signs in without a code.
      staff = await inviteAndEnrol(ctx, ownerCookie, { role: 'staff', confirm: false });
      const staffIn = await signIn(ctx, { email: staff.email, password: TEAM_PASSWORD });
      expect(staffIn.statusCode, staffIn.body).toBe(200);
      const staffCookie = sessionCookieFrom(staffIn);

      const rep = await createRep(ctx.app.db);
      const refused: Array<[string, string, unknown?]> = [
        ['GET', '/api/admin/admins'],
        ['POST', '/api/admin/admins', { name: 'X', email: uniqueEmail('x'), role: 'staff' }],
        ['PATCH', `/api/admin/admins/${owner.id}`, { active: false }],
        ['POST', `/api/admin/admins/${owner.id}/reset-two-factor`],
        ['POST', '/api/admin/restart-server'],
        ['DELETE', `/api/admin/users/${rep.id}`, { userType: 'medrep' }],
      ];
      for (const [method, url, body] of refused) {
        const res = await call(ctx.app, method as 'GET', url, { cookie: staffCookie, body });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({ message: ERROR_MESSAGES.admin_owner_only, code: 'admin_owner_only' });
      }
      // Nothing of it happened.
      expect((await call(ctx.app, 'GET', '/api/admin/users?type=medrep', { cookie: ownerCookie })).json().users.map((u: { id: number }) => u.id)).toContain(
        rep.id,
      );

      for (const [method, url, body] of [
        ['GET', '/api/admin/stats'],
        ['GET', '/api/admin/audit'],
        ['GET', '/api/admin/security-events'],
        ['PATCH', `/api/admin/users/${rep.id}/status`, { userType: 'medrep', status: 'inactive' }],
      ] as Array<[string, string, unknown?]>) {
        expect((await call(ctx.app, method as 'GET', url, { cookie: staffCookie, body })).statusCode, `${method} ${url}`).toBe(200);
      }
      // The owner may.
      expect((await call(ctx.app, 'DELETE', `/api/admin/users/${rep.id}`, { cookie: ownerCookie, body: { userType: 'medrep' } })).statusCode).toBe(200);
      expect((await call(ctx.app, 'POST', '/api/admin/restart-server', { cookie: ownerCookie })).statusCode).toBe(202);
    });

    it('deactivating an admin ends their sessions at once; reactivating lets them sign in again', async () => {
      const staffCookie = sessionCookieFrom(await signIn(ctx, { email: staff.email, password: TEAM_PASSWORD }));
      expect((await call(ctx.app, 'GET', '/api/admin/stats', { cookie: staffCookie })).statusCode).toBe(200);

      const off = await call(ctx.app, 'PATCH', `/api/admin/admins/${staff.id}`, { cookie: ownerCookie, body: { active: false } });
      expect(off.statusCode).toBe(200);
      expect(off.json().admin).toMatchObject({ id: staff.id, status: 'inactive' });
      const after = await call(ctx.app, 'GET', '/api/admin/stats', { cookie: staffCookie });
      expect(after.statusCode).toBe(401);
      expect(after.json().message).toBe('Admin authentication required');
      // Refused as any attempt without a code is (docs/decisions/054): nothing tells the account is off.
      expect((await signIn(ctx, { email: staff.email, password: TEAM_PASSWORD })).json().code).toBe('two_factor_required');
      // Their session rows are gone, and a session of an inactive admin would open nothing anyway.
      expect(
        await ctx.app.db
          .select()
          .from(sessions)
          .where(and(eq(sessions.userType, 'admin'), eq(sessions.userId, staff.id))),
      ).toEqual([]);
      expect((await call(ctx.app, 'GET', '/api/admin/stats', { cookie: await sessionCookie(ctx.app, 'admin', staff.id) })).statusCode).toBe(401);

      // Nobody deactivates themselves.
      const self = await call(ctx.app, 'PATCH', `/api/admin/admins/${owner.id}`, { cookie: ownerCookie, body: { active: false } });
      expect(self.statusCode).toBe(409);
      expect(self.json().code).toBe('admin_self');

      expect((await call(ctx.app, 'PATCH', `/api/admin/admins/${staff.id}`, { cookie: ownerCookie, body: { active: true } })).json().admin.status).toBe(
        'active',
      );
      expect((await signIn(ctx, { email: staff.email, password: TEAM_PASSWORD })).statusCode).toBe(200);
    });

    it("an owner resets another admin's second factor: their sessions end, the old factor fails, a new link enrols them again", async () => {
      const second = await inviteAndEnrol(ctx, ownerCookie, { role: 'owner' });
      const secondCookie = await signInWithCode(ctx, second);
      const reset = await call(ctx.app, 'POST', `/api/admin/admins/${second.id}/reset-two-factor`, { cookie: ownerCookie });
      expect(reset.statusCode).toBe(200);
      expect((await call(ctx.app, 'GET', '/api/admin/stats', { cookie: secondCookie })).statusCode).toBe(401);
      expect((await signIn(ctx, { email: second.email, password: TEAM_PASSWORD, code: nextCode(ctx, second.secret) })).statusCode).toBe(401);
      expect((await signIn(ctx, { email: second.email, password: TEAM_PASSWORD, code: second.recoveryCodes[0] })).statusCode).toBe(401);
      expect((await call(ctx.app, 'GET', '/api/admin/admins', { cookie: ownerCookie })).json().admins).toContainEqual(
        expect.objectContaining({ id: second.id, status: 'invited', twoFactor: false, recoveryCodesLeft: 0 }),
      );

      const token = await linkTokenFor(ctx, second.email, /again/);
      const renewed = await enrolWithToken(ctx, token);
      expect(renewed.secret).not.toBe(second.secret);
      expect((await signInWithCode(ctx, { ...second, ...renewed })).length).toBeGreaterThan(10);

      // Their own second factor is another owner's to reset.
      expect((await call(ctx.app, 'POST', `/api/admin/admins/${owner.id}/reset-two-factor`, { cookie: ownerCookie })).json().code).toBe('admin_self');
      await deliverOutbox(ctx);
    });
  },
  ADMIN_ENV,
);
