import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { emailAuditLog, medicalReps } from '../../db/schema';
import { describeEachDatabase } from '../../test/harness';
import { createRep, createSubscribedRep, sessionCookie } from '../../test/factories';

// Status, free trial and plans (spec part 2, 4 and 7).

const DAY = 86_400_000;

describeEachDatabase('subscription status and free trial', (ctx) => {
  const signedInRep = async (o: Parameters<typeof createRep>[1] = {}) => {
    const rep = await createRep(ctx.database.db, o);
    return { rep, cookie: await sessionCookie(ctx.app, 'medrep', rep.id) };
  };
  const status = (repId: number, cookie: string) => ctx.app.inject({ method: 'GET', url: `/api/subscription/status/${repId}`, headers: { cookie } });
  const startTrial = (repId: number, cookie: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/subscription/activate-free-trial', headers: { cookie }, payload: { medicalRepId: repId } });

  it('reads a new rep as inactive', async () => {
    const { rep, cookie } = await signedInRep();
    const res = await status(rep.id, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ subscriptionStatus: 'inactive', isActive: false, subscriptionId: null, expiresAt: null, freeTrialUsed: false, refund: null });
  });

  it("needs a signed-in rep, and only the rep's own id", async () => {
    const { rep } = await signedInRep();
    const other = await signedInRep();
    expect((await ctx.app.inject({ method: 'GET', url: `/api/subscription/status/${rep.id}` })).statusCode).toBe(401);
    expect((await status(rep.id, other.cookie)).statusCode).toBe(403);
    expect((await startTrial(rep.id, other.cookie)).statusCode).toBe(403);
    const clinicCookie = await sessionCookie(ctx.app, 'clinic', rep.id);
    expect((await status(rep.id, clinicCookie)).statusCode).toBe(401);
    const bad = await status(0, other.cookie);
    expect(bad.statusCode).toBe(400);
  });

  it('starts a 30-day free trial once, with an e-mail receipt', async () => {
    const { rep, cookie } = await signedInRep();
    const now = ctx.clock.now();
    const res = await startTrial(rep.id, cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ subscriptionStatus: 'free_trial', isActive: true });
    expect(body.subscriptionId).toMatch(/^trial_/);
    expect(Date.parse(body.expiresAt)).toBe(now.getTime() + 30 * DAY);
    expect(typeof body.message).toBe('string');

    const after = (await status(rep.id, cookie)).json();
    expect(after).toEqual({
      subscriptionStatus: 'free_trial',
      isActive: true,
      subscriptionId: body.subscriptionId,
      expiresAt: body.expiresAt,
      freeTrialUsed: true,
      refund: null,
    });

    const mail = await ctx.mailbox.waitFor(rep.email, (m) => /free trial/i.test(m.subject));
    expect(mail.text).toContain('until 01/04/2026');
    const logged = await ctx.database.db
      .select()
      .from(emailAuditLog)
      .where(and(eq(emailAuditLog.recipientId, rep.id), eq(emailAuditLog.templateType, 'subscription')));
    expect(logged).toHaveLength(1);

    const again = await startTrial(rep.id, cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already used your free trial. Please choose a plan to continue.');
    // Even after the trial ends, it is not offered again.
    ctx.clock.advanceDays(31);
    try {
      const later = await sessionCookie(ctx.app, 'medrep', rep.id);
      expect((await status(rep.id, later)).json()).toMatchObject({ subscriptionStatus: 'expired', isActive: false, freeTrialUsed: true });
      expect((await startTrial(rep.id, later)).statusCode).toBe(409);
    } finally {
      ctx.clock.advanceDays(-31);
    }
  });

  it('lets exactly one of 5 concurrent trial attempts through', async () => {
    const { rep, cookie } = await signedInRep();
    const answers = await Promise.all(Array.from({ length: 5 }, () => startTrial(rep.id, cookie)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const [row] = await ctx.database.db.select().from(medicalReps).where(eq(medicalReps.id, rep.id));
    expect(row!.subscriptionId).toBe(answers.find((a) => a.statusCode === 200)!.json().subscriptionId);
  });

  it('does not let a trial replace a running paid subscription', async () => {
    const { rep, cookie } = await signedInRep({
      subscriptionStatus: 'active',
      subscriptionId: 'pay_x',
      subscriptionExpiresAt: new Date('2026-12-01T00:00:00Z'),
    });
    const res = await startTrial(rep.id, cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You already have an active subscription.');
    expect((await status(rep.id, cookie)).json()).toMatchObject({ subscriptionStatus: 'active', isActive: true, subscriptionId: 'pay_x' });
  });

  it('reads an active kind past its expiry as expired and not active', async () => {
    const rep = await createSubscribedRep(ctx.database.db, { subscriptionStatus: 'paid', subscriptionExpiresAt: new Date(ctx.clock.now().getTime() - 1000) });
    const cookie = await sessionCookie(ctx.app, 'medrep', rep.id);
    expect((await status(rep.id, cookie)).json()).toMatchObject({ subscriptionStatus: 'expired', isActive: false });
  });

  it('refuses a malformed trial request with a clear message', async () => {
    const { cookie } = await signedInRep();
    const res = await ctx.app.inject({ method: 'POST', url: '/api/subscription/activate-free-trial', headers: { cookie }, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Medical rep id is required');
  });

  it('lists the plans, the promotion date, the trial length and test mode', async () => {
    const { cookie } = await signedInRep();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/subscription/plans', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      plans: [
        { planType: 'monthly', label: 'Monthly', priceInr: 99, amountPaise: 9900, days: 30 },
        { planType: 'yearly', label: 'Yearly', priceInr: 990, amountPaise: 99000, days: 365 },
      ],
      currency: 'INR',
      yearlySavingInr: 198,
      promoUntil: '2025-07-31',
      freeTrialDays: 30,
      testMode: true,
    });
  });
});

describeEachDatabase(
  'free trial length from configuration',
  (ctx) => {
    it('uses FREE_TRIAL_DAYS and FREE_ACCESS_PROMO_UNTIL', async () => {
      const rep = await createRep(ctx.database.db);
      const cookie = await sessionCookie(ctx.app, 'medrep', rep.id);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/subscription/activate-free-trial',
        headers: { cookie },
        payload: { medicalRepId: rep.id },
      });
      expect(Date.parse(res.json().expiresAt)).toBe(ctx.clock.now().getTime() + 7 * DAY);
      const plans = await ctx.app.inject({ method: 'GET', url: '/api/subscription/plans', headers: { cookie } });
      expect(plans.json()).toMatchObject({ freeTrialDays: 7, promoUntil: '2026-12-31' });
    });
  },
  { env: { FREE_TRIAL_DAYS: '7', FREE_ACCESS_PROMO_UNTIL: '2026-12-31' } },
);
