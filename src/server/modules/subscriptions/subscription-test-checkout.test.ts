import { ERROR_MESSAGES } from '../../../shared/errors';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { medicalReps } from '../../db/schema';
import { describeEachDatabase } from '../../test/harness';
import { createRep, sessionCookie } from '../../test/factories';

// Without Razorpay keys the paid plans run through the labelled test checkout, which completes the SAME
// verify flow (docs/decisions/006-test-checkout.md).

const DAY = 86_400_000;

describeEachDatabase('test checkout without Razorpay keys', (ctx) => {
  const signedInRep = async () => {
    const rep = await createRep(ctx.database.db);
    return { rep, cookie: await sessionCookie(ctx.app, 'medrep', rep.id) };
  };
  const post = (url: string, cookie: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers: { cookie }, payload });

  it('creates a local test order, completes it, and verify activates the plan once', async () => {
    const { rep, cookie } = await signedInRep();
    const created = await post('/api/subscription/create', cookie, {
      planType: 'monthly',
      medicalRepId: rep.id,
      customerEmail: rep.email,
      customerName: rep.fullName,
    });
    expect(created.statusCode).toBe(200);
    const order = created.json();
    expect(order).toMatchObject({ amount: 9900, currency: 'INR', keyId: null, testMode: true });
    expect(order.orderId).toMatch(/^order_test_/);

    const paid = await post('/api/subscription/test-checkout/complete', cookie, { orderId: order.orderId });
    expect(paid.statusCode).toBe(200);
    const result = paid.json();
    expect(result.razorpay_order_id).toBe(order.orderId);
    expect(result.razorpay_payment_id).toMatch(/^pay_test_/);

    const verified = await post('/api/subscription/verify', cookie, { ...result, medicalRepId: rep.id, planType: 'monthly' });
    expect(verified.statusCode).toBe(200);
    const expiresAt = new Date(ctx.clock.now().getTime() + 30 * DAY).toISOString();
    expect(verified.json()).toEqual({ subscriptionId: result.razorpay_payment_id, expiresAt });
    const status = await ctx.app.inject({ method: 'GET', url: `/api/subscription/status/${rep.id}`, headers: { cookie } });
    expect(status.json()).toMatchObject({ subscriptionStatus: 'active', isActive: true });
    await ctx.mailbox.waitFor(rep.email, (m) => /receipt/i.test(m.subject));

    // Replayed: nothing changes. Tampered: refused.
    expect((await post('/api/subscription/verify', cookie, { ...result, medicalRepId: rep.id })).json().expiresAt).toBe(expiresAt);
    const tampered = await post('/api/subscription/verify', cookie, { ...result, razorpay_signature: '0'.repeat(64), medicalRepId: rep.id });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().message).toBe('Payment Verification Failed');
  });

  it("completes only the signed-in rep's own orders", async () => {
    const a = await signedInRep();
    const b = await signedInRep();
    const order = (await post('/api/subscription/create', a.cookie, { planType: 'yearly', medicalRepId: a.rep.id })).json();
    const res = await post('/api/subscription/test-checkout/complete', b.cookie, { orderId: order.orderId });
    expect(res.statusCode).toBe(404);
    const unknown = await post('/api/subscription/test-checkout/complete', a.cookie, { orderId: 'order_test_nothing' });
    expect(unknown.statusCode).toBe(404);
    // A signature made for B's own order does not pay A's order either.
    const bOrder = (await post('/api/subscription/create', b.cookie, { planType: 'monthly', medicalRepId: b.rep.id })).json();
    const bPaid = (await post('/api/subscription/test-checkout/complete', b.cookie, { orderId: bOrder.orderId })).json();
    const res2 = await post('/api/subscription/verify', b.cookie, { ...bPaid, razorpay_order_id: order.orderId, medicalRepId: b.rep.id });
    expect(res2.statusCode).toBe(400);
    const [row] = await ctx.database.db.select().from(medicalReps).where(eq(medicalReps.id, a.rep.id));
    expect(row!.subscriptionStatus).toBe('inactive');
  });

  it('refuses webhooks when no webhook secret is configured', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/subscription/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'x' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(400);
  });
});

describeEachDatabase(
  'no Razorpay keys in production',
  (ctx) => {
    it('does not hand out paid plans through a test checkout', async () => {
      const rep = await createRep(ctx.database.db);
      const cookie = await sessionCookie(ctx.app, 'medrep', rep.id);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/subscription/create',
        headers: { cookie },
        payload: { planType: 'monthly', medicalRepId: rep.id },
      });
      // Not a gateway's failure but a setting the operator must fix: 503 saying so, with when to try again.
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: ERROR_MESSAGES.payments_unavailable, code: 'payments_unavailable' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      const plans = await ctx.app.inject({ method: 'GET', url: '/api/subscription/plans', headers: { cookie } });
      expect(plans.json().testMode).toBe(false);
    });
  },
  { env: { NODE_ENV: 'production', SESSION_SECRET: 'checkout-test-session-secret-0123456789' } },
);
