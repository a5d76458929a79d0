import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../../shared/errors';
import { adminRecoveryCodes, securityEvents } from '../../db/schema';
import { describeEachDatabase } from '../../test/harness';
import { LIMITS } from '../auth/auth.limits';
import { ADMIN_ENV, adminCookie, call, sessionCookieFrom } from './admin-test-support';
import { TEAM_PASSWORD, inviteAndEnrol, nextCode, signIn, type Enrolled } from './admin-team.test-support';
import { markRecoveryCodeUsed } from './admin-team.repo';
import { withWrite } from '../../db/write';
import { hashRecoveryCode, totpCodeAt } from './admin-two-factor';

// Two-factor sign-in of named admins (docs/decisions/042-admin-team.md): TOTP codes (RFC 6238, one step of drift either
// side, each code once), recovery codes (each once), and the login's attempt budgets over the codes too.

describeEachDatabase(
  'admin two-factor sign-in',
  (ctx) => {
    let owner: Enrolled;
    let ownerCookie: string;
    let other: Enrolled;
    // The owner's browser: a right password gave it a device cookie, so its attempts have their own budget (decision 031).
    let device: string;
    const asOwner = (code?: string, password = TEAM_PASSWORD) => signIn(ctx, { email: owner.email, password, ...(code ? { code } : {}) }, { cookie: device });

    const codeAt = (admin: Enrolled, offsetSteps: number) =>
      totpCodeAt({ secret: admin.secret, now: new Date(ctx.clock.now().getTime() + offsetSteps * 30_000) });

    it('takes the current code once: right, wrong, reused and older codes', async () => {
      owner = await inviteAndEnrol(ctx, await adminCookie(ctx.app), { role: 'owner' });
      const first = await signIn(ctx, { email: owner.email, password: TEAM_PASSWORD, code: nextCode(ctx, owner.secret) });
      ownerCookie = sessionCookieFrom(first);
      device = `rv_device=${first.cookies.find((c) => c.name === 'rv_device')!.value}`;

      ctx.clock.advance(30_000);
      const code = codeAt(owner, 0);
      const wrongCode = code === '000000' ? '111111' : '000000';
      const wrong = await asOwner(wrongCode);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().message).toBe('Invalid admin credentials');
      expect((await asOwner(code)).statusCode).toBe(200);
      // The same code again, within its 30 seconds: refused (it may have been seen over a shoulder).
      expect((await asOwner(code)).statusCode).toBe(401);
      // The previous step's code is within the drift window but older than the one used: refused too.
      expect((await asOwner(codeAt(owner, -1))).statusCode).toBe(401);
      // The next step's (a phone's clock a little ahead) works; two steps away does not.
      expect((await asOwner(codeAt(owner, 1))).statusCode).toBe(200);
      ctx.clock.advance(5 * 30_000);
      expect((await asOwner(codeAt(owner, 2))).statusCode).toBe(401);
    });

    it('answers an attempt without a code the same whatever the e-mail, password or account; judges password and code together', async () => {
      // Without a code: one answer, whether the password is right or not, the e-mail known or not, the admin active or
      // not (a refusal that told a right password from a wrong one would let the password be guessed alone).
      const askForCode = { message: ERROR_MESSAGES.two_factor_required, code: 'two_factor_required' };
      const staff = await inviteAndEnrol(ctx, ownerCookie, { role: 'staff', confirm: false });
      const retired = await inviteAndEnrol(ctx, ownerCookie, { role: 'staff' });
      expect((await call(ctx.app, 'PATCH', `/api/admin/admins/${retired.id}`, { cookie: ownerCookie, body: { active: false } })).statusCode).toBe(200);
      const codeless = [
        await asOwner(),
        await asOwner(undefined, 'Not-Her-Password-1!'),
        await signIn(ctx, { email: 'nobody-here@example.com', password: TEAM_PASSWORD }),
        await signIn(ctx, { email: retired.email, password: TEAM_PASSWORD }),
        await signIn(ctx, { email: staff.email, password: 'Not-His-Password-1!' }),
      ];
      for (const res of codeless) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual(askForCode);
      }
      // A staff admin without two-factor still signs in with the right password alone.
      expect((await signIn(ctx, { email: staff.email, password: TEAM_PASSWORD })).statusCode).toBe(200);

      // With a code: any wrong part is the same refusal, and a right code sent with a wrong password is not used up.
      const refused = { message: 'Invalid admin credentials', code: 'unauthorized' };
      const code = nextCode(ctx, owner.secret);
      expect((await asOwner(code, 'Not-Her-Password-1!')).json()).toEqual(refused);
      expect((await signIn(ctx, { email: 'nobody-here@example.com', password: TEAM_PASSWORD, code: '123456' })).json()).toEqual(refused);
      expect((await signIn(ctx, { email: retired.email, password: TEAM_PASSWORD, code: nextCode(ctx, retired.secret) })).json()).toEqual(refused);
      expect((await asOwner(code)).statusCode).toBe(200);
    });

    it('takes each recovery code once, in any case and with or without its dash', async () => {
      const [first, second] = owner.recoveryCodes as [string, string];
      expect(first).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
      expect((await asOwner(first)).statusCode).toBe(200);
      expect((await asOwner(first)).statusCode).toBe(401);
      expect((await asOwner(second.replace('-', '').toUpperCase())).statusCode).toBe(200);
      // Two sign-ins racing with one code: the code is used up by a conditional update, so the later one finds it gone.
      const [used] = await ctx.app.db
        .select({ id: adminRecoveryCodes.id })
        .from(adminRecoveryCodes)
        .where(and(eq(adminRecoveryCodes.adminId, owner.id), eq(adminRecoveryCodes.codeHash, hashRecoveryCode(first))));
      expect(await withWrite(ctx.app, (w) => markRecoveryCodeUsed(w, { id: used!.id, now: ctx.clock.now() }))).toBe(false);
      const team = await call(ctx.app, 'GET', '/api/admin/admins', { cookie: ownerCookie });
      expect(team.json().admins).toContainEqual(expect.objectContaining({ id: owner.id, recoveryCodesLeft: 8 }));
      // Another admin's code is not hers.
      other = await inviteAndEnrol(ctx, ownerCookie, { role: 'owner' });
      expect((await asOwner(other.recoveryCodes[0])).statusCode).toBe(401);
      expect((await signIn(ctx, { email: other.email, password: TEAM_PASSWORD, code: other.recoveryCodes[0] })).statusCode).toBe(200);
    });

    it('counts every code against the login budgets: guesses from many addresses lock the account, not the owner elsewhere', async () => {
      const target = await inviteAndEnrol(ctx, ownerCookie, { role: 'owner' });
      const statuses: number[] = [];
      for (let i = 0; i < LIMITS.adminLogin.account.max + 1; i++) {
        statuses.push((await signIn(ctx, { email: target.email, password: TEAM_PASSWORD, code: String(100000 + i) })).statusCode);
      }
      expect(statuses.slice(0, LIMITS.adminLogin.account.max).every((s) => s === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      // The right code is refused too while the account's budget is spent (from a browser without its device cookie).
      expect((await signIn(ctx, { email: target.email, password: TEAM_PASSWORD, code: nextCode(ctx, target.secret) })).statusCode).toBe(429);
      const limited = await ctx.app.db
        .select()
        .from(securityEvents)
        .where(and(eq(securityEvents.eventType, 'rate_limited'), eq(securityEvents.threatLevel, 'high')));
      expect(limited.length).toBeGreaterThan(0);
      // Another admin's budget is their own.
      expect((await signIn(ctx, { email: other.email, password: TEAM_PASSWORD, code: nextCode(ctx, other.secret) })).statusCode).toBe(200);
    });

    it('an owner who has not confirmed a first code cannot sign in', async () => {
      const half = await inviteAndEnrol(ctx, ownerCookie, { role: 'owner', confirm: false });
      const sign = await signIn(ctx, { email: half.email, password: TEAM_PASSWORD, code: nextCode(ctx, half.secret) });
      // An owner who has not confirmed a code cannot sign in.
      expect(sign.statusCode).toBe(401);
      expect((await call(ctx.app, 'GET', '/api/admin/admins', { cookie: ownerCookie })).json().admins).toContainEqual(
        expect.objectContaining({ id: half.id, status: 'invited', twoFactor: false }),
      );
    });
  },
  ADMIN_ENV,
);
