import { createHmac } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeEach, expect, it } from 'vitest';
import { emailAuditLog, medicalReps, subscriptionOrders, subscriptionRefunds } from '../../db/schema';
import { deliverOutbox, describeEachDatabase, type TestContext } from '../../test/harness';
import { createRep, sessionCookie } from '../../test/factories';
import { startRazorpayStandIn } from '../../test/razorpay-stand-in';
import { adminCookie, ADMIN_PASSWORD } from '../admin/admin-test-support';

// Refunds (docs/decisions/032): Razorpay's signed refund.processed and payment.refunded webhooks, in their wire
// format, against orders made through the local Razorpay stand-in. A full refund ends the period it bought; each
// refund is recorded and told to the rep once, however often and in whichever events it arrives.

const KEY_ID = 'rzp_test_standin';
const KEY_SECRET = 'stand-in-key-secret';
const WEBHOOK_SECRET = 'stand-in-webhook-secret';
const DAY = 86_400_000;
const NOW = '2026-03-02T04:30:00.000Z';
const razorpay = await startRazorpayStandIn({ keyId: KEY_ID, keySecret: KEY_SECRET });
afterAll(() => razorpay.stop());

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('hex');
let seq = 0;
const newId = (prefix: string) => `${prefix}_${Date.now().toString(36)}${seq++}`;
const seconds = (iso: string) => Date.parse(iso) / 1000;

/** The payment entity as Razorpay sends it in refund events: amount_refunded is the total refunded so far. */
const paymentEntity = (o: { paymentId: string; orderId: string; amount: number; refunded: number }) => ({
  id: o.paymentId,
  entity: 'payment',
  amount: o.amount,
  currency: 'INR',
  base_amount: o.amount,
  status: o.refunded >= o.amount ? 'refunded' : 'captured',
  order_id: o.orderId,
  invoice_id: null,
  international: false,
  method: 'upi',
  amount_refunded: o.refunded,
  amount_transferred: 0,
  refund_status: o.refunded >= o.amount ? 'full' : 'partial',
  captured: true,
  description: 'RepVisit monthly plan',
  email: 'ravi@example.com',
  contact: '+919906001202',
  notes: [],
  fee: 234,
  tax: 36,
  created_at: seconds('2026-03-02T04:00:00.000Z'),
});
const refundEntity = (o: { refundId: string; paymentId: string; amount: number; at: string }) => ({
  id: o.refundId,
  entity: 'refund',
  amount: o.amount,
  currency: 'INR',
  payment_id: o.paymentId,
  notes: { comment: 'Customer asked for a refund' },
  receipt: null,
  acquirer_data: { arn: null },
  created_at: seconds(o.at),
  batch_id: null,
  status: 'processed',
  speed_processed: 'normal',
  speed_requested: 'optimum',
});
interface RefundCase {
  paymentId: string;
  orderId: string;
  amount?: number;
  refunded: number;
  refundId?: string;
  refundAmount?: number;
  at?: string;
}
const refundProcessed = (c: RefundCase) =>
  JSON.stringify({
    entity: 'event',
    account_id: 'acc_test',
    event: 'refund.processed',
    contains: ['refund', 'payment'],
    payload: {
      refund: { entity: refundEntity({ refundId: c.refundId!, paymentId: c.paymentId, amount: c.refundAmount ?? c.refunded, at: c.at ?? NOW }) },
      payment: { entity: paymentEntity({ ...c, amount: c.amount ?? 9900 }) },
    },
    created_at: seconds(c.at ?? NOW),
  });
/** payment.refunded: the payment, and the refund too when `refundId` is given. */
const paymentRefunded = (c: RefundCase) =>
  JSON.stringify({
    entity: 'event',
    account_id: 'acc_test',
    event: 'payment.refunded',
    contains: c.refundId ? ['payment', 'refund'] : ['payment'],
    payload: {
      payment: { entity: paymentEntity({ ...c, amount: c.amount ?? 9900 }) },
      ...(c.refundId
        ? { refund: { entity: refundEntity({ refundId: c.refundId, paymentId: c.paymentId, amount: c.refundAmount ?? c.refunded, at: c.at ?? NOW }) } }
        : {}),
    },
    created_at: seconds(c.at ?? NOW),
  });

function helpers(ctx: TestContext) {
  const webhook = (body: string, signature = sign(WEBHOOK_SECRET, body)) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/subscription/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
      payload: body,
    });
  /** A rep who paid for `planType` through Razorpay (the stand-in's order, the checkout's signed verify). */
  const paidRep = async (planType: 'monthly' | 'yearly' = 'monthly', existing?: { id: number; email: string; cookie: string }) => {
    const rep = existing ?? (await createRep(ctx.database.db));
    const cookie = existing?.cookie ?? (await sessionCookie(ctx.app, 'medrep', rep.id));
    const created = await ctx.app.inject({ method: 'POST', url: '/api/subscription/create', headers: { cookie }, payload: { planType, medicalRepId: rep.id } });
    const { orderId } = created.json<{ orderId: string }>();
    const paymentId = newId('pay');
    const verify = await ctx.app.inject({
      method: 'POST',
      url: '/api/subscription/verify',
      headers: { cookie },
      payload: {
        razorpay_order_id: orderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: sign(KEY_SECRET, `${orderId}|${paymentId}`),
        medicalRepId: rep.id,
      },
    });
    expect(verify.statusCode).toBe(200);
    return { rep: { id: rep.id, email: rep.email, cookie }, orderId, paymentId, expiresAt: verify.json<{ expiresAt: string }>().expiresAt };
  };
  const status = async (rep: { id: number; cookie: string }) =>
    (await ctx.app.inject({ method: 'GET', url: `/api/subscription/status/${rep.id}`, headers: { cookie: rep.cookie } })).json();
  const refundMails = async (repId: number) => {
    await deliverOutbox(ctx);
    return ctx.database.db
      .select()
      .from(emailAuditLog)
      .where(and(eq(emailAuditLog.recipientId, repId), like(emailAuditLog.subject, '%refund%')));
  };
  const refundRows = (orderId: string) => ctx.database.db.select().from(subscriptionRefunds).where(eq(subscriptionRefunds.orderId, orderId));
  const order = async (orderId: string) => (await ctx.database.db.select().from(subscriptionOrders).where(eq(subscriptionOrders.orderId, orderId)))[0]!;
  return { webhook, paidRep, status, refundMails, refundRows, order };
}

describeEachDatabase(
  'refunds of paid plans',
  (ctx) => {
    const h = helpers(ctx);
    beforeEach(() => ctx.clock.set(NOW));

    it('ends the period a fully refunded payment bought: Refunded to the rep, no booking, one e-mail', async () => {
      const paid = await h.paidRep();
      const { orderId, paymentId } = paid;
      expect((await h.status(paid.rep)).isActive).toBe(true);
      ctx.clock.set('2026-03-05T06:00:00.000Z');
      const rep = { ...paid.rep, cookie: await sessionCookie(ctx.app, 'medrep', paid.rep.id) }; // signed in again, 3 days on
      const refundId = newId('rfnd');
      const res = await h.webhook(refundProcessed({ paymentId, orderId, refunded: 9900, refundId, at: '2026-03-05T05:55:00.000Z' }));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });

      const after = await h.status(rep);
      expect(after).toMatchObject({
        subscriptionStatus: 'refunded',
        isActive: false,
        refund: { amount: 9900, currency: 'INR', refundedAt: '2026-03-05T05:55:00.000Z', refundId, fullRefund: true },
      });
      expect(after.expiresAt).toBe('2026-03-05T06:00:00.000Z');
      expect(await h.refundRows(orderId)).toMatchObject([{ refundId, paymentId, amount: 9900, repId: rep.id }]);
      expect(await h.order(orderId)).toMatchObject({ status: 'refunded', amountRefunded: 9900, refundId });

      const mail = await ctx.mailbox.waitFor(rep.email, (m) => /refund/i.test(m.subject));
      expect(mail.subject).toBe('RepVisit refund: INR 99');
      expect(mail.text).toContain(refundId);
      expect(mail.text).toContain('05/03/2026');
      expect(mail.text).toContain('has ended');
      expect(await h.refundMails(rep.id)).toHaveLength(1);

      // The booking checks the same subscription.
      const booking = await ctx.app.inject({
        method: 'POST',
        url: '/api/book-appointment',
        headers: { cookie: rep.cookie },
        payload: { doctorId: 1, clinicId: 1, repId: rep.id, appointmentDate: '2026-03-06' },
      });
      expect(booking.statusCode).toBe(402);
    });

    it('counts one refund once: replays, both events, in either order', async () => {
      const { rep, orderId, paymentId } = await h.paidRep();
      const refundId = newId('rfnd');
      const both = [paymentRefunded({ paymentId, orderId, refunded: 9900, refundId }), refundProcessed({ paymentId, orderId, refunded: 9900, refundId })];
      for (const body of [...both, ...both, both[0]!]) expect((await h.webhook(body)).statusCode).toBe(200);
      expect(await h.refundRows(orderId)).toHaveLength(1);
      expect(await h.refundMails(rep.id)).toHaveLength(1);
      const row = (await ctx.database.db.select().from(medicalReps).where(eq(medicalReps.id, rep.id)))[0]!;
      expect(row.subscriptionStatus).toBe('refunded');
      expect(row.subscriptionExpiresAt!.toISOString()).toBe(NOW);

      // payment.refunded without its refund first, then refund.processed: still one refund, one e-mail.
      const second = await h.paidRep();
      const secondRefund = newId('rfnd');
      await Promise.all([
        h.webhook(paymentRefunded({ paymentId: second.paymentId, orderId: second.orderId, refunded: 9900 })),
        h.webhook(paymentRefunded({ paymentId: second.paymentId, orderId: second.orderId, refunded: 9900 })),
      ]);
      await h.webhook(refundProcessed({ paymentId: second.paymentId, orderId: second.orderId, refunded: 9900, refundId: secondRefund }));
      expect(await h.refundRows(second.orderId)).toMatchObject([{ refundId: secondRefund }]);
      expect(await h.refundMails(second.rep.id)).toHaveLength(1);
      expect((await h.status(second.rep)).refund).toMatchObject({ amount: 9900, refundId: secondRefund, fullRefund: true });
    });

    it('records a partial refund and keeps the period; the refund that completes it ends the period', async () => {
      const { rep, orderId, paymentId, expiresAt } = await h.paidRep();
      const first = newId('rfnd');
      await h.webhook(refundProcessed({ paymentId, orderId, refunded: 5000, refundAmount: 5000, refundId: first }));
      expect(await h.status(rep)).toMatchObject({
        subscriptionStatus: 'active',
        isActive: true,
        expiresAt,
        refund: { amount: 5000, refundId: first, fullRefund: false },
      });
      const partialMail = await ctx.mailbox.waitFor(rep.email, (m) => m.subject === 'RepVisit refund: INR 50');
      expect(partialMail.text).toContain('stays valid until 01/04/2026');

      const second = newId('rfnd');
      await h.webhook(refundProcessed({ paymentId, orderId, refunded: 9900, refundAmount: 4900, refundId: second }));
      expect(await h.status(rep)).toMatchObject({
        subscriptionStatus: 'refunded',
        isActive: false,
        refund: { amount: 9900, refundId: second, fullRefund: true },
      });
      expect((await h.refundRows(orderId)).map((r) => r.amount).sort()).toEqual([4900, 5000]);
      expect(await h.refundMails(rep.id)).toHaveLength(2);
    });

    it('takes only the refunded plan off: a yearly plan bought after the refunded month keeps running', async () => {
      const month = await h.paidRep('monthly');
      const year = await h.paidRep('yearly', month.rep);
      expect(Date.parse(year.expiresAt)).toBe(Date.parse(NOW) + 395 * DAY);
      await h.webhook(refundProcessed({ paymentId: month.paymentId, orderId: month.orderId, refunded: 9900, refundId: newId('rfnd') }));
      expect(await h.status(month.rep)).toMatchObject({
        subscriptionStatus: 'active',
        isActive: true,
        expiresAt: new Date(Date.parse(NOW) + 365 * DAY).toISOString(),
      });
      const mail = await ctx.mailbox.waitFor(month.rep.email, (m) => /refund/i.test(m.subject));
      expect(mail.text).toContain('stays valid until 02/03/2027');
    });

    it('refuses unsigned or forged refund events and ignores refunds of unknown payments', async () => {
      const { rep, orderId, paymentId } = await h.paidRep();
      const body = refundProcessed({ paymentId, orderId, refunded: 9900, refundId: newId('rfnd') });
      for (const signature of [sign('not-the-secret', body), '', 'deadbeef']) {
        const res = await h.webhook(body, signature);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'invalid_signature' });
      }
      const unknown = refundProcessed({ paymentId: newId('pay'), orderId: 'order_nobodys', refunded: 9900, refundId: newId('rfnd') });
      expect((await h.webhook(unknown)).statusCode).toBe(200);
      expect(await h.status(rep)).toMatchObject({ subscriptionStatus: 'active', isActive: true, refund: null });
      expect(await h.refundRows(orderId)).toHaveLength(0);
    });

    it('never activates an order whose payment was refunded before its capture was reported', async () => {
      const rep = await createRep(ctx.database.db);
      const cookie = await sessionCookie(ctx.app, 'medrep', rep.id);
      const { orderId } = (
        await ctx.app.inject({ method: 'POST', url: '/api/subscription/create', headers: { cookie }, payload: { planType: 'monthly', medicalRepId: rep.id } })
      ).json<{ orderId: string }>();
      const paymentId = newId('pay');
      await h.webhook(refundProcessed({ paymentId, orderId, refunded: 9900, refundId: newId('rfnd') }));
      const captured = JSON.stringify({
        entity: 'event',
        event: 'payment.captured',
        contains: ['payment'],
        payload: { payment: { entity: { id: paymentId, amount: 9900, currency: 'INR', status: 'captured', order_id: orderId } } },
      });
      expect((await h.webhook(captured)).statusCode).toBe(200);
      expect(await h.status({ id: rep.id, cookie })).toMatchObject({ subscriptionStatus: 'inactive', isActive: false });
      expect(await h.order(orderId)).toMatchObject({ status: 'refunded', amountRefunded: 9900 });
    });

    it("shows the refund in the admin's Subscriptions list", async () => {
      const { rep, orderId, paymentId } = await h.paidRep();
      const refundId = newId('rfnd');
      await h.webhook(refundProcessed({ paymentId, orderId, refunded: 9900, refundId }));
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/subscriptions?q=${encodeURIComponent(rep.email)}`,
        headers: { cookie: await adminCookie(ctx.app) },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().subscriptions).toEqual([
        expect.objectContaining({
          id: rep.id,
          subscription_status: 'refunded',
          refund: { amount: 9900, currency: 'INR', refundedAt: NOW, refundId, fullRefund: true },
        }),
      ]);
    });
  },
  {
    env: {
      RAZORPAY_API_URL: razorpay.url,
      RAZORPAY_KEY_ID: KEY_ID,
      RAZORPAY_KEY_SECRET: KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      ADMIN_PASSWORD,
    },
  },
);
