import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeEach, expect, it } from 'vitest';
import { emailAuditLog, medicalReps, subscriptionOrders } from '../../db/schema';
import { describeEachDatabase, type TestContext } from '../../test/harness';
import { createRep, sessionCookie } from '../../test/factories';
import { startRazorpayStandIn } from '../../test/razorpay-stand-in';

// Paid plans against a local stand-in of Razorpay's Orders API (spec part 2, 7): create, verify, webhook.

const KEY_ID = 'rzp_test_standin';
const KEY_SECRET = 'stand-in-key-secret';
const WEBHOOK_SECRET = 'stand-in-webhook-secret';
const DAY = 86_400_000;
const razorpay = await startRazorpayStandIn({ keyId: KEY_ID, keySecret: KEY_SECRET });
afterAll(() => razorpay.stop());

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('hex');
/** What Razorpay's checkout hands the browser after a successful payment. */
const checkoutResult = (orderId: string, paymentId: string, secret = KEY_SECRET) => ({
  razorpay_order_id: orderId,
  razorpay_payment_id: paymentId,
  razorpay_signature: sign(secret, `${orderId}|${paymentId}`),
});
let paymentSeq = 0;
const newPaymentId = () => `pay_${Date.now().toString(36)}${paymentSeq++}`;

function helpers(ctx: TestContext) {
  const signedInRep = async (o: Parameters<typeof createRep>[1] = {}) => {
    const rep = await createRep(ctx.database.db, o);
    return { rep, cookie: await sessionCookie(ctx.app, 'medrep', rep.id) };
  };
  const post = (url: string, cookie: string | undefined, payload: unknown) =>
    ctx.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, payload: payload as object });
  const create = (repId: number, cookie: string, planType = 'monthly', extra: object = {}) =>
    post('/api/subscription/create', cookie, { planType, medicalRepId: repId, customerEmail: 'x@example.com', customerName: 'Ravi', ...extra });
  const verify = (repId: number, cookie: string, result: object, planType = 'monthly') =>
    post('/api/subscription/verify', cookie, { ...result, medicalRepId: repId, planType });
  const repRow = async (repId: number) => (await ctx.database.db.select().from(medicalReps).where(eq(medicalReps.id, repId)))[0]!;
  const receipts = async (repId: number) =>
    ctx.database.db
      .select()
      .from(emailAuditLog)
      .where(and(eq(emailAuditLog.recipientId, repId), eq(emailAuditLog.templateType, 'subscription')));
  const webhook = (body: string, signature: string | undefined) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/subscription/webhook',
      headers: { 'content-type': 'application/json', ...(signature !== undefined ? { 'x-razorpay-signature': signature } : {}) },
      payload: body,
    });
  return { signedInRep, post, create, verify, repRow, receipts, webhook };
}

const paymentCaptured = (orderId: string, paymentId: string, amount = 9900) =>
  JSON.stringify({
    entity: 'event',
    account_id: 'acc_test',
    event: 'payment.captured',
    contains: ['payment'],
    payload: { payment: { entity: { id: paymentId, entity: 'payment', amount, currency: 'INR', status: 'captured', order_id: orderId } } },
    created_at: 1700000000,
  });
const orderPaid = (orderId: string, paymentId: string) =>
  JSON.stringify({
    entity: 'event',
    event: 'order.paid',
    contains: ['payment', 'order'],
    payload: {
      payment: { entity: { id: paymentId, amount: 9900, currency: 'INR', status: 'captured', order_id: orderId } },
      order: { entity: { id: orderId, amount: 9900, amount_paid: 9900, currency: 'INR', status: 'paid' } },
    },
  });

describeEachDatabase(
  'paid plans through Razorpay',
  (ctx) => {
    const h = helpers(ctx);
    beforeEach(() => {
      razorpay.mode = 'ok';
    });

    it("creates an order at Razorpay with the plan's amount, never the caller's", async () => {
      const { rep, cookie } = await h.signedInRep();
      const before = razorpay.requests.length;
      const res = await h.create(rep.id, cookie, 'yearly', { amount: 100 });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ amount: 99000, currency: 'INR', keyId: KEY_ID, testMode: false, planType: 'yearly' });
      expect(body.orderId).toMatch(/^order_/);
      const sent = razorpay.requests[before]!;
      expect(sent).toMatchObject({ amount: 99000, currency: 'INR', notes: { repId: String(rep.id), planType: 'yearly' } });
      expect(typeof sent.receipt).toBe('string');
      const [stored] = await ctx.database.db.select().from(subscriptionOrders).where(eq(subscriptionOrders.orderId, body.orderId));
      expect(stored).toMatchObject({ repId: rep.id, planType: 'yearly', amount: 99000, status: 'created', paymentId: null });
    });

    it('says "Failed to initiate payment. Please try again." (502) when Razorpay fails or is unreachable', async () => {
      const { rep, cookie } = await h.signedInRep();
      for (const mode of ['error', 'drop'] as const) {
        razorpay.mode = mode;
        const res = await h.create(rep.id, cookie);
        expect(res.statusCode).toBe(502);
        expect(res.json().message).toBe('Failed to initiate payment. Please try again.');
      }
      expect(await ctx.database.db.select().from(subscriptionOrders).where(eq(subscriptionOrders.repId, rep.id))).toHaveLength(0);
    });

    it("refuses another rep's id, a missing session, and an unknown plan", async () => {
      const { rep } = await h.signedInRep();
      const other = await h.signedInRep();
      expect((await h.create(rep.id, other.cookie)).statusCode).toBe(403);
      expect((await h.post('/api/subscription/create', undefined, { planType: 'monthly', medicalRepId: rep.id })).statusCode).toBe(401);
      const bad = await h.create(other.rep.id, other.cookie, 'weekly');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Plan type must be monthly or yearly');
      const verify = await h.verify(rep.id, other.cookie, checkoutResult('order_x', 'pay_x'));
      expect(verify.statusCode).toBe(403);
    });

    it('verifies a genuine payment once: active for 30 days, a receipt, and a replay changes nothing', async () => {
      const { rep, cookie } = await h.signedInRep();
      const { orderId } = (await h.create(rep.id, cookie)).json();
      const paymentId = newPaymentId();
      const now = ctx.clock.now();
      const res = await h.verify(rep.id, cookie, checkoutResult(orderId, paymentId));
      expect(res.statusCode).toBe(200);
      const expected = new Date(now.getTime() + 30 * DAY).toISOString();
      expect(res.json()).toEqual({ subscriptionId: paymentId, expiresAt: expected });
      const status = await ctx.app.inject({ method: 'GET', url: `/api/subscription/status/${rep.id}`, headers: { cookie } });
      expect(status.json()).toMatchObject({ subscriptionStatus: 'active', isActive: true, subscriptionId: paymentId, expiresAt: expected });
      const mail = await ctx.mailbox.waitFor(rep.email, (m) => /receipt/i.test(m.subject));
      expect(mail.text).toContain('INR 99');
      expect(mail.text).toContain(paymentId);

      ctx.clock.advanceMinutes(5);
      const replay = await h.verify(rep.id, cookie, checkoutResult(orderId, paymentId));
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual({ subscriptionId: paymentId, expiresAt: expected });
      expect((await h.repRow(rep.id)).subscriptionExpiresAt!.toISOString()).toBe(expected);
      expect(await h.receipts(rep.id)).toHaveLength(1);
    });

    it('takes the plan from the stored order, not from the verify call', async () => {
      const { rep, cookie } = await h.signedInRep();
      const { orderId } = (await h.create(rep.id, cookie, 'monthly')).json();
      const res = await h.verify(rep.id, cookie, checkoutResult(orderId, newPaymentId()), 'yearly');
      expect(Date.parse(res.json().expiresAt)).toBe(ctx.clock.now().getTime() + 30 * DAY);
    });

    it('extends from the later of now and the running expiry (a trial, then a yearly plan)', async () => {
      const { rep, cookie } = await h.signedInRep();
      const trial = (await h.post('/api/subscription/activate-free-trial', cookie, { medicalRepId: rep.id })).json();
      const { orderId } = (await h.create(rep.id, cookie, 'yearly')).json();
      const res = await h.verify(rep.id, cookie, checkoutResult(orderId, newPaymentId()), 'yearly');
      expect(Date.parse(res.json().expiresAt)).toBe(Date.parse(trial.expiresAt) + 365 * DAY);
      expect((await h.repRow(rep.id)).subscriptionStatus).toBe('active');
      // A lapsed subscription starts again from now.
      await ctx.database.db
        .update(medicalReps)
        .set({ subscriptionExpiresAt: new Date(ctx.clock.now().getTime() - DAY) })
        .where(eq(medicalReps.id, rep.id));
      const second = (await h.create(rep.id, cookie, 'monthly')).json();
      const again = await h.verify(rep.id, cookie, checkoutResult(second.orderId, newPaymentId()));
      expect(Date.parse(again.json().expiresAt)).toBe(ctx.clock.now().getTime() + 30 * DAY);
    });

    it('answers "Payment Verification Failed" to forged signatures, other orders and unknown orders', async () => {
      const { rep, cookie } = await h.signedInRep();
      const other = await h.signedInRep();
      const { orderId } = (await h.create(rep.id, cookie)).json();
      const otherOrder = (await h.create(other.rep.id, other.cookie)).json().orderId;
      const paymentId = newPaymentId();
      const forged = [
        { ...checkoutResult(orderId, paymentId), razorpay_signature: 'deadbeef' },
        checkoutResult(orderId, paymentId, 'wrong-secret'),
        { ...checkoutResult(orderId, paymentId), razorpay_payment_id: newPaymentId() },
        checkoutResult(otherOrder, paymentId), // signed, but another rep's order
        checkoutResult('order_unknown123', paymentId),
      ];
      for (const result of forged) {
        const res = await h.verify(rep.id, cookie, result);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('Payment Verification Failed');
      }
      expect((await h.repRow(rep.id)).subscriptionStatus).toBe('inactive');
      expect((await h.repRow(other.rep.id)).subscriptionStatus).toBe('inactive');
    });

    it('accepts a signed webhook for a known order, once, and ignores the rest', async () => {
      const { rep, cookie } = await h.signedInRep();
      const { orderId } = (await h.create(rep.id, cookie)).json();
      const paymentId = newPaymentId();
      const body = paymentCaptured(orderId, paymentId);
      const sig = sign(WEBHOOK_SECRET, body);
      for (let i = 0; i < 3; i++) {
        const res = await h.webhook(body, sig);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ status: 'ok' });
      }
      const paid = await h.webhook(orderPaid(orderId, paymentId), sign(WEBHOOK_SECRET, orderPaid(orderId, paymentId)));
      expect(paid.statusCode).toBe(200);
      const row = await h.repRow(rep.id);
      expect(row).toMatchObject({ subscriptionStatus: 'active', subscriptionId: paymentId });
      expect(row.subscriptionExpiresAt!.getTime()).toBe(ctx.clock.now().getTime() + 30 * DAY);
      expect(await h.receipts(rep.id)).toHaveLength(1);
      // The checkout's verify arriving after the webhook changes nothing either.
      const verify = await h.verify(rep.id, cookie, checkoutResult(orderId, paymentId));
      expect(verify.json().expiresAt).toBe(row.subscriptionExpiresAt!.toISOString());

      const unknown = paymentCaptured('order_nobodys', newPaymentId());
      expect((await h.webhook(unknown, sign(WEBHOOK_SECRET, unknown))).json()).toEqual({ status: 'ok' });
      const other = JSON.stringify({ event: 'payment.failed', payload: {} });
      expect((await h.webhook(other, sign(WEBHOOK_SECRET, other))).statusCode).toBe(200);
    });

    it('refuses webhooks with a forged, missing or re-serialised signature', async () => {
      const { rep, cookie } = await h.signedInRep();
      const { orderId } = (await h.create(rep.id, cookie)).json();
      const body = paymentCaptured(orderId, newPaymentId());
      const spaced = JSON.stringify(JSON.parse(body), null, 2); // same JSON, other bytes
      for (const [payload, sig] of [
        [body, sign('not-the-secret', body)],
        [body, undefined],
        [body, ''],
        [spaced, sign(WEBHOOK_SECRET, body)],
      ] as const) {
        const res = await h.webhook(payload, sig);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('Invalid webhook signature');
      }
      expect((await h.repRow(rep.id)).subscriptionStatus).toBe('inactive');
    });

    it('never activates a webhook whose amount differs from the stored order', async () => {
      const { rep, cookie } = await h.signedInRep();
      const { orderId } = (await h.create(rep.id, cookie)).json();
      const body = paymentCaptured(orderId, newPaymentId(), 100);
      expect((await h.webhook(body, sign(WEBHOOK_SECRET, body))).statusCode).toBe(200);
      expect((await h.repRow(rep.id)).subscriptionStatus).toBe('inactive');
    });

    it('activates once when verify and the webhook race, and under replayed verifies', async () => {
      const { rep, cookie } = await h.signedInRep();
      const { orderId } = (await h.create(rep.id, cookie)).json();
      const paymentId = newPaymentId();
      const body = paymentCaptured(orderId, paymentId);
      const sig = sign(WEBHOOK_SECRET, body);
      const answers = await Promise.all([
        h.verify(rep.id, cookie, checkoutResult(orderId, paymentId)),
        h.webhook(body, sig),
        h.verify(rep.id, cookie, checkoutResult(orderId, paymentId)),
        h.webhook(body, sig),
        h.verify(rep.id, cookie, checkoutResult(orderId, paymentId)),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
      const row = await h.repRow(rep.id);
      expect(row.subscriptionExpiresAt!.getTime()).toBe(ctx.clock.now().getTime() + 30 * DAY);
      expect(await h.receipts(rep.id)).toHaveLength(1);
    });

    it('keeps the JSON body parser for the other calls (only the webhook reads raw bytes)', async () => {
      const { rep, cookie } = await h.signedInRep();
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/subscription/create',
        headers: { cookie, 'content-type': 'application/json' },
        payload: '{"planType":"monthly",',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The request body is not valid JSON.');
      expect((await h.create(rep.id, cookie)).statusCode).toBe(200);
    });

    it('has no test checkout when keys are configured', async () => {
      const { rep, cookie } = await h.signedInRep();
      const { orderId } = (await h.create(rep.id, cookie)).json();
      const res = await h.post('/api/subscription/test-checkout/complete', cookie, { orderId });
      expect(res.statusCode).toBe(404);
      const plans = await ctx.app.inject({ method: 'GET', url: '/api/subscription/plans', headers: { cookie } });
      expect(plans.json().testMode).toBe(false);
    });
  },
  { env: { RAZORPAY_API_URL: razorpay.url, RAZORPAY_KEY_ID: KEY_ID, RAZORPAY_KEY_SECRET: KEY_SECRET, RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET } },
);
