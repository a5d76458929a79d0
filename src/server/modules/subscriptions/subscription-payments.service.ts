import { randomBytes } from 'node:crypto';
import { CURRENCY, PLANS, type PlanType } from '../../../shared/constants';
import { SUBSCRIPTION_MESSAGES, type CreateOrderAnswer, type TestCheckoutAnswer, type VerifyPaymentAnswer } from '../../../shared/schemas/subscription';
import { isSubscriptionActive } from '../../../shared/subscription/subscription-status';
import { ERROR_MESSAGES } from '../../../shared/errors';
import { AppError, CONFIGURATION_RETRY_SECONDS, badRequest, notFound } from '../../errors';
import { paymentSettings } from './payment-settings';
import { createRazorpayOrder, isPaymentSignatureValid, paymentSignature } from './razorpay.client';
import { activationReceiptMail } from './subscription-mail';
import { findOrder, insertOrder, lockRepSubscription, markOrderPaid, setRepSubscription } from './subscriptions.repo';
import { withWrite } from '../../db/write';
import { loadRep, type SubscriptionDeps } from './subscriptions.service';
import { accountLocale } from '../../i18n';

// Paid plans (spec part 2, 7; decision 006): create an order, verify the checkout's signature, and activate once
// per payment, whether verify, the webhook, or both (in any order, any number of times) report it.

const DAY_MS = 86_400_000;
const paymentStartFailed = () => new AppError('payment_start_failed', SUBSCRIPTION_MESSAGES.paymentStartFailed, 502);
const verificationFailed = () => badRequest(SUBSCRIPTION_MESSAGES.verificationFailed, 'payment_verification_failed');
const token = (bytes: number) => randomBytes(bytes).toString('hex');

export async function createSubscriptionOrder(deps: SubscriptionDeps, o: { repId: number; planType: PlanType }): Promise<CreateOrderAnswer> {
  const { repId, planType } = o;
  await loadRep(deps, { repId });
  const settings = paymentSettings(deps.config);
  // The amount comes from the plan on the server, never from the request.
  const plan = PLANS[planType];
  const receipt = `rv_${repId}_${token(6)}`;
  let orderId: string;
  if (settings.mode === 'live') {
    try {
      const order = await createRazorpayOrder({
        apiUrl: deps.config.RAZORPAY_API_URL,
        keyId: settings.keyId,
        keySecret: settings.secret,
        amount: plan.amountPaise,
        currency: CURRENCY,
        receipt,
        notes: { repId: String(repId), planType },
      });
      orderId = order.id;
    } catch (err) {
      deps.log.warn({ repId, planType, err: (err as Error).message, status: (err as { status?: number }).status }, 'razorpay order failed');
      throw paymentStartFailed();
    }
  } else if (settings.mode === 'test') {
    orderId = `order_test_${token(10)}`;
  } else {
    // A setting the operator must fix, not a gateway that failed: 503, retried in an hour (docs/decisions/049).
    deps.log.error({ repId }, 'razorpay keys missing in production; paid plans unavailable');
    throw new AppError('payments_unavailable', ERROR_MESSAGES.payments_unavailable, 503, { 'retry-after': String(CONFIGURATION_RETRY_SECONDS) });
  }
  await insertOrder(deps.db, {
    orderId,
    repId,
    planType,
    amount: plan.amountPaise,
    currency: CURRENCY,
    receipt,
    status: 'created',
    createdAt: deps.clock.now(),
  });
  deps.log.info({ repId, planType, orderId, mode: settings.mode }, 'subscription order created');
  return { orderId, amount: plan.amountPaise, currency: CURRENCY, keyId: settings.keyId, planType, testMode: settings.mode === 'test' };
}

/** An order this rep created; another rep's order is as unknown as a made-up one. */
async function loadOwnOrder(deps: Pick<SubscriptionDeps, 'db'>, o: { repId: number; orderId: string }) {
  const { repId, orderId } = o;
  const order = await findOrder(deps.db, orderId);
  if (!order || order.repId !== repId) throw notFound(SUBSCRIPTION_MESSAGES.orderNotFound);
  return order;
}

export async function verifySubscriptionPayment(
  deps: SubscriptionDeps,
  o: { repId: number; orderId: string; paymentId: string; signature: string },
): Promise<VerifyPaymentAnswer> {
  const { repId, orderId, paymentId, signature } = o;
  const settings = paymentSettings(deps.config);
  const order = await findOrder(deps.db, orderId);
  const valid =
    settings.secret !== null &&
    order !== undefined &&
    order.repId === repId &&
    isPaymentSignatureValid({ orderId, paymentId, signature, secret: settings.secret });
  if (!valid) {
    deps.log.warn({ repId, orderId, knownOrder: Boolean(order) }, 'payment verification failed');
    throw verificationFailed();
  }
  const result = await activateOrderPayment(deps, { orderId, paymentId });
  return { subscriptionId: result.rep.subscriptionId ?? paymentId, expiresAt: result.rep.subscriptionExpiresAt!.toISOString() };
}

/**
 * Marks the order paid and extends the rep's subscription in ONE transaction, once per order: the order's
 * conditional UPDATE lets one caller through; every later caller finds it paid and changes nothing.
 * The expiry extends by the plan's days from the later of now and the current (running) expiry.
 */
export async function activateOrderPayment(deps: SubscriptionDeps, o: { orderId: string; paymentId: string }) {
  const { orderId, paymentId } = o;
  const now = deps.clock.now();
  const result = await withWrite(deps, async (tx) => {
    const paid = await markOrderPaid(tx, { orderId, paymentId, now });
    if (!paid) {
      const order = (await findOrder(tx, orderId))!;
      return { activated: false as const, order, rep: (await lockRepSubscription(tx, order.repId!))! };
    }
    // Callers pass orders of an existing rep (verify: the signed-in rep's; the webhook skips orphaned orders).
    const rep = (await lockRepSubscription(tx, paid.repId!))!;
    const running = isSubscriptionActive({ status: rep.subscriptionStatus, expiresAt: rep.subscriptionExpiresAt, now });
    const base = running && rep.subscriptionExpiresAt ? rep.subscriptionExpiresAt : now;
    const plan = PLANS[paid.planType as PlanType];
    const updated = await setRepSubscription(tx, {
      repId: rep.id,
      status: 'active',
      subscriptionId: paymentId,
      expiresAt: new Date(base.getTime() + plan.days * DAY_MS),
      now,
    });
    await deps.outbox.queueEmail(
      tx,
      activationReceiptMail({
        rep: updated,
        expiresAt: updated.subscriptionExpiresAt!,
        kind: { type: 'paid', planType: paid.planType as PlanType, paymentId, orderId },
        locale: accountLocale(updated.language),
      }),
    );
    return { activated: true as const, order: paid, rep: updated };
  });
  if (result.activated) {
    deps.log.info({ repId: result.rep.id, orderId, planType: result.order.planType }, 'subscription activated');
  }
  return result;
}

/**
 * The labelled test checkout (no Razorpay keys, not production): "pays" an order of this rep and answers what
 * Razorpay's checkout would hand the browser, signed with the local test secret. The client then calls verify.
 */
export async function completeTestCheckout(deps: Pick<SubscriptionDeps, 'db' | 'config'>, o: { repId: number; orderId: string }): Promise<TestCheckoutAnswer> {
  const settings = paymentSettings(deps.config);
  if (settings.mode !== 'test') throw notFound(SUBSCRIPTION_MESSAGES.testCheckoutUnavailable);
  const order = await loadOwnOrder(deps, o);
  const paymentId = `pay_test_${token(10)}`;
  return {
    razorpay_payment_id: paymentId,
    razorpay_order_id: order.orderId,
    razorpay_signature: paymentSignature({ orderId: order.orderId, paymentId, secret: settings.secret }),
  };
}
