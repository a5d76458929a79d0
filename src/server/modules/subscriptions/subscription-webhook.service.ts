import { SUBSCRIPTION_MESSAGES, type WebhookAnswer } from '../../../shared/schemas/subscription';
import { badRequest } from '../../errors';
import { isWebhookSignatureValid } from './razorpay.client';
import { activateOrderPayment } from './subscription-payments.service';
import { findOrder } from './subscriptions.repo';
import type { SubscriptionDeps } from './subscriptions.service';

// Razorpay webhooks: the signature covers the RAW body; payment.captured and order.paid activate a
// known order through the same once-only path as verify.

const HANDLED_EVENTS = new Set(['payment.captured', 'order.paid']);

interface PaymentEntity {
  id?: unknown;
  order_id?: unknown;
  amount?: unknown;
  currency?: unknown;
}
interface WebhookEvent {
  event?: unknown;
  payload?: { payment?: { entity?: PaymentEntity }; order?: { entity?: { id?: unknown } } };
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
    throw badRequest('The request body is not valid JSON.');
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
