import { SUBSCRIPTION_MESSAGES, type WebhookAnswer } from '../../../shared/schemas/subscription';
import { badRequest } from '../../errors';
import { isWebhookSignatureValid } from './razorpay.client';
import { activateOrderPayment } from './subscription-payments.service';
import { recordRazorpayRefund, type RefundReport } from './subscription-refunds.service';
import { findOrder } from './subscriptions.repo';
import type { SubscriptionDeps } from './subscriptions.service';

// Razorpay webhooks: the signature covers the RAW body; payment.captured and order.paid activate a
// known order through the same once-only path as verify; refund.processed and payment.refunded record a refund
// once and end the period a fully refunded payment bought (docs/decisions/032).

const HANDLED_EVENTS = new Set(['payment.captured', 'order.paid']);
const REFUND_EVENTS = new Set(['refund.processed', 'payment.refunded']);

interface PaymentEntity {
  id?: unknown;
  order_id?: unknown;
  amount?: unknown;
  currency?: unknown;
  amount_refunded?: unknown;
  captured?: unknown;
}
interface RefundEntity {
  id?: unknown;
  payment_id?: unknown;
  amount?: unknown;
  currency?: unknown;
  status?: unknown;
  created_at?: unknown;
}
interface WebhookEvent {
  event?: unknown;
  created_at?: unknown;
  payload?: { payment?: { entity?: PaymentEntity }; order?: { entity?: { id?: unknown } }; refund?: { entity?: RefundEntity } };
}

const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
const paise = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined);
const instant = (seconds: unknown, fallback: Date) => (typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(seconds * 1000) : fallback);

/** A refund event as the refund service takes it; undefined when it names no payment. */
function refundReportOf(event: WebhookEvent, now: Date): RefundReport | undefined {
  const payment = event.payload?.payment?.entity;
  const refund = event.payload?.refund?.entity;
  const paymentId = text(refund?.payment_id) ?? text(payment?.id);
  if (!paymentId) return undefined;
  const at = instant(event.created_at, now);
  // A refund entity that failed refunded nothing; one without an id or amount is not one we can record.
  const refundId = text(refund?.id);
  const amount = paise(refund?.amount);
  const usable = refund && refundId !== undefined && amount !== undefined && refund.status !== 'failed';
  return {
    orderId: text(payment?.order_id),
    paymentId,
    refund: usable ? { id: refundId, amount, currency: text(refund.currency) ?? 'INR', refundedAt: instant(refund.created_at, at) } : undefined,
    paymentAmountRefunded: paise(payment?.amount_refunded),
    captured: typeof payment?.captured === 'boolean' ? payment.captured : undefined,
    at,
  };
}

export async function handleRazorpayWebhook(deps: SubscriptionDeps, o: { rawBody: Buffer; signature: string | undefined }): Promise<WebhookAnswer> {
  const { rawBody, signature } = o;
  const secret = deps.config.RAZORPAY_WEBHOOK_SECRET;
  if (!secret) throw badRequest(SUBSCRIPTION_MESSAGES.webhookNotConfigured, 'webhook_not_configured');
  if (!signature || !isWebhookSignatureValid({ rawBody, signature, secret })) {
    throw badRequest(SUBSCRIPTION_MESSAGES.webhookSignatureInvalid, 'invalid_signature');
  }
  let event: WebhookEvent;
  try {
    event = JSON.parse(rawBody.toString('utf8')) as WebhookEvent;
  } catch {
    throw badRequest(/*i18n*/ 'The request body is not valid JSON.');
  }
  if (typeof event.event === 'string' && REFUND_EVENTS.has(event.event)) {
    const report = refundReportOf(event, deps.clock.now());
    if (!report) deps.log.warn({ event: event.event }, 'razorpay refund webhook without a payment id');
    else {
      const outcome = await recordRazorpayRefund(deps, report);
      if (outcome === 'unknown_order' || outcome === 'currency_mismatch') deps.log.info({ event: event.event, outcome }, 'razorpay refund webhook ignored');
    }
    return { status: 'ok' };
  }
  if (typeof event.event !== 'string' || !HANDLED_EVENTS.has(event.event)) return { status: 'ok' };

  const payment = event.payload?.payment?.entity;
  const orderId = typeof payment?.order_id === 'string' ? payment.order_id : event.payload?.order?.entity?.id;
  const paymentId = payment?.id;
  if (typeof orderId !== 'string' || typeof paymentId !== 'string' || !paymentId) {
    deps.log.warn({ event: event.event }, 'razorpay webhook without order or payment id');
    return { status: 'ok' };
  }
  const order = await findOrder(deps.db, orderId);
  if (!order) {
    deps.log.info({ event: event.event, orderId }, 'razorpay webhook for an unknown order ignored');
    return { status: 'ok' };
  }
  // A payment for a different amount than the stored plan's never activates (the amount is the server's).
  if (payment?.amount !== undefined && (payment.amount !== order.amount || payment.currency !== order.currency)) {
    deps.log.warn({ orderId, event: event.event }, 'razorpay webhook amount does not match the order');
    return { status: 'ok' };
  }
  // An order whose rep has since been deleted stays as a payment record and activates nothing.
  if (order.repId === null) return { status: 'ok' };
  await activateOrderPayment(deps, { orderId, paymentId });
  return { status: 'ok' };
}
