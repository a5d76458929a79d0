import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { medicalReps, pendingMedicalReps } from '../../db/schema';
import { describeEachDatabase, type TestContext } from '../../test/harness';
import { codeIn, linkIn } from '../../test/mailbox';
import { post, repPayload, TestBrowser, waitUntilCodesSent, wrongCode } from './auth.test-support';

// A code works only for the registration it was sent for, in the browser that registered; the e-mailed link
// finishes a registration only with the password chosen on the link page (docs/decisions/030).

const VICTIM_PASSWORD = 'Victim#Pass1';
const ATTACKER_PASSWORD = 'Attacker#Pass1';

/** Registers in `browser` and answers the newest e-mail's code and link token. */
async function register(ctx: TestContext, browser: TestBrowser, payload: { email: string }) {
  const before = ctx.mailbox.to(payload.email).length;
  const res = await post(ctx.app, '/api/medrep/register', payload, { browser });
  expect(res.statusCode, res.body).toBe(201);
  const mail = await ctx.mailbox.waitFor(payload.email, () => ctx.mailbox.to(payload.email).length > before);
  return { code: codeIn(mail), linkToken: linkIn(mail, '/verify-email').searchParams.get('token')! };
}

const logIn = (ctx: TestContext, email: string, password: string) => post(ctx.app, '/api/medrep/login', { email, password });

describeEachDatabase('accounts: a registration is bound to its browser', (ctx) => {
  it('an attacker who registers a pending address again gets no account out of the owner entering the code', async () => {
    const victim = new TestBrowser();
    const attacker = new TestBrowser();
    const owner = repPayload({ fullName: 'Asha Owner', password: VICTIM_PASSWORD });
    const first = await register(ctx, victim, owner);

    // The attacker registers the same pending address with a password of their own (re-registration).
    const taken = repPayload({ email: owner.email, fullName: 'Mallory', phone: owner.phone, password: ATTACKER_PASSWORD });
    const second = await register(ctx, attacker, taken);

    // The owner enters the newest code from their inbox (and the first one) in their own browser: no account.
    for (const otp of [second.code, first.code]) {
      const res = await post(ctx.app, '/api/verify-otp', { email: owner.email, otp, type: 'medrep' }, { browser: victim });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'registration_replaced',
        message:
          'This e-mail address was registered again since you registered in this browser, so this code cannot be used here. Please register again, or open the link in the latest verification e-mail.',
      });
    }
    expect(await ctx.app.db.select().from(medicalReps).where(eq(medicalReps.email, owner.email))).toHaveLength(0);
    const early = await logIn(ctx, owner.email, ATTACKER_PASSWORD);
    expect(early.json().code).toBe('registration_pending'); // still only a pending registration

    // The owner opens the newest link and chooses a password there: the account is theirs alone.
    const mine = 'Owner#Chosen1';
    const linked = await post(ctx.app, '/api/verify-email', { token: second.linkToken, type: 'medrep', password: mine }, { browser: victim });
    expect(linked.statusCode).toBe(200);
    expect((await logIn(ctx, owner.email, ATTACKER_PASSWORD)).statusCode).toBe(401);
    expect((await logIn(ctx, owner.email, mine)).statusCode).toBe(200);
  });

  it('the owner who registers again in their browser gets the account with their own password', async () => {
    const victim = new TestBrowser();
    const attacker = new TestBrowser();
    const owner = repPayload({ password: VICTIM_PASSWORD });
    await register(ctx, victim, owner);
    const hijack = await register(ctx, attacker, repPayload({ email: owner.email, phone: owner.phone, password: ATTACKER_PASSWORD }));
    // Register again, as the refusal says: the attacker's registration and its code are gone.
    const again = await register(ctx, victim, owner);
    const stale = await post(ctx.app, '/api/verify-otp', { email: owner.email, otp: hijack.code, type: 'medrep' }, { browser: attacker });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('registration_replaced');
    const ok = await post(ctx.app, '/api/verify-otp', { email: owner.email, otp: again.code, type: 'medrep' }, { browser: victim });
    expect(ok.statusCode).toBe(200);
    expect((await logIn(ctx, owner.email, ATTACKER_PASSWORD)).statusCode).toBe(401);
    expect((await logIn(ctx, owner.email, VICTIM_PASSWORD)).statusCode).toBe(200);
  });

  it('a code entered in another browser is refused with its own message and spends no attempt', async () => {
    const home = new TestBrowser();
    const elsewhere = new TestBrowser();
    const payload = repPayload();
    const { code } = await register(ctx, home, payload);

    for (let i = 0; i < 5; i++) {
      const res = await post(
        ctx.app,
        '/api/verify-otp',
        { email: payload.email, otp: i === 4 ? code : wrongCode(code), type: 'medrep' },
        { browser: elsewhere },
      );
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        code: 'registration_not_in_browser',
        message: 'Please enter the code in the browser where you registered, or open the link in the verification e-mail to choose your password there.',
      });
    }
    // A made-up token is a replaced registration as far as the server can tell.
    const forged = await post(ctx.app, '/api/verify-otp', { email: payload.email, otp: code, type: 'medrep', registrationToken: 'A'.repeat(43) });
    expect(forged.json().code).toBe('registration_replaced');
    const [pending] = await ctx.app.db.select().from(pendingMedicalReps).where(eq(pendingMedicalReps.email, payload.email));
    expect(pending!.otpAttempts).toBe(0);

    const ok = await post(ctx.app, '/api/verify-otp', { email: payload.email, otp: code, type: 'medrep' }, { browser: home });
    expect(ok.statusCode).toBe(200);
    expect((await logIn(ctx, payload.email, payload.password)).statusCode).toBe(200);
  });

  it('a resend from another browser sends a code that still works only in the registering one', async () => {
    const home = new TestBrowser();
    const payload = repPayload();
    await register(ctx, home, payload);
    await waitUntilCodesSent(ctx.app, payload.email);
    ctx.clock.advanceMinutes(1);
    const before = ctx.mailbox.to(payload.email).length;
    const resent = await post(ctx.app, '/api/resend-verification', { email: payload.email, type: 'medrep' }, { browser: new TestBrowser() });
    expect(resent.statusCode).toBe(200);
    const code = codeIn(await ctx.mailbox.waitFor(payload.email, () => ctx.mailbox.to(payload.email).length > before));
    const elsewhere = await post(ctx.app, '/api/verify-otp', { email: payload.email, otp: code, type: 'medrep' }, { browser: new TestBrowser() });
    expect(elsewhere.statusCode).toBe(403);
    const ok = await post(ctx.app, '/api/verify-otp', { email: payload.email, otp: code, type: 'medrep' }, { browser: home });
    expect(ok.statusCode).toBe(200);
  });
});
