import { CURRENCY, PLANS, PRODUCT_NAME, type PlanType } from '../../../shared/constants';
import { formatDisplayDate, todayInIndia } from '../../../shared/dates';
import type { Locale } from '../../../shared/i18n/locales';
import { rupeesOf } from '../../../shared/subscription/refund-text';
import { i18nFor } from '../../i18n';
import type { OutgoingMail } from '../../outbox/outbox';

// The e-mail receipt sent when a subscription starts (spec part 2, 7 "Subscription"), logged with templateType
// 'subscription'; queued in the transaction that starts it (docs/decisions/028-outbox.md), in the rep's language
// (docs/decisions/045-languages.md).

/** The plans' names (PLANS' labels) as the receipt reads them, marked here for the server's catalogue. */
const PLAN_NAMES: Record<PlanType, string> = { monthly: /*i18n*/ 'Monthly', yearly: /*i18n*/ 'Yearly' };

export function activationReceiptMail(opts: {
  rep: { id: number; fullName: string; email: string };
  expiresAt: Date;
  kind: { type: 'trial'; days: number } | { type: 'paid'; planType: PlanType; paymentId: string; orderId: string };
  locale: Locale;
}): OutgoingMail {
  const i18n = i18nFor(opts.locale);
  const until = formatDisplayDate(todayInIndia(opts.expiresAt));
  const greeting = i18n._('Dear {name},', { name: opts.rep.fullName });
  let subject: string;
  let lines: string[];
  if (opts.kind.type === 'trial') {
    subject = i18n._('Your {product} free trial has started', { product: PRODUCT_NAME });
    lines = [
      greeting,
      '',
      i18n._('Your {days}-day free trial is active. You can book appointments with doctors until {until}.', { days: opts.kind.days, until }),
      '',
      i18n._('To keep booking after the trial, choose the monthly or yearly plan in Settings.'),
    ];
  } else {
    const plan = PLANS[opts.kind.planType];
    const planName = i18n._(PLAN_NAMES[opts.kind.planType]);
    subject = i18n._('{product} payment receipt: {plan} plan', { product: PRODUCT_NAME, plan: planName });
    lines = [
      greeting,
      '',
      i18n._('Thank you for your payment. Your subscription is active.'),
      '',
      i18n._('Plan: {plan}', { plan: planName }),
      i18n._('Amount paid: {currency} {amount}', { currency: CURRENCY, amount: String(plan.priceInr) }),
      i18n._('Payment id: {id}', { id: opts.kind.paymentId }),
      i18n._('Order id: {id}', { id: opts.kind.orderId }),
      i18n._('Valid until: {date}', { date: until }),
    ];
  }
  lines.push('', i18n._('The {product} team', { product: PRODUCT_NAME }));
  return {
    to: opts.rep.email,
    toName: opts.rep.fullName,
    recipientId: opts.rep.id,
    subject,
    text: lines.join('\n'),
    templateType: 'subscription',
  };
}

/** The e-mail telling the rep a payment was refunded (docs/decisions/032), queued with the refund's record. */
export function refundMail(opts: {
  rep: { id: number; fullName: string; email: string };
  refund: { amount: number; currency: string; refundedAt: Date; refundId: string | null; paymentId: string; orderId: string };
  /** The subscription after the refund: ended (a full refund of the running period) or still valid until. */
  after: { ended: boolean; expiresAt: Date | null; fullRefund: boolean };
  locale: Locale;
}): OutgoingMail {
  const { refund, after } = opts;
  const i18n = i18nFor(opts.locale);
  const amount = `${refund.currency} ${rupeesOf(refund.amount)}`;
  const lines = [
    i18n._('Dear {name},', { name: opts.rep.fullName }),
    '',
    i18n._('Your payment {paymentId} (order {orderId}) has been refunded: {amount} on {date}.', {
      paymentId: refund.paymentId,
      orderId: refund.orderId,
      amount,
      date: formatDisplayDate(todayInIndia(refund.refundedAt)),
    }),
  ];
  if (refund.refundId) lines.push(i18n._('Refund id: {id}', { id: refund.refundId }));
  lines.push('');
  if (after.ended) lines.push(i18n._('The subscription this payment bought has ended. Choose a plan in Settings to book appointments again.'));
  else if (after.expiresAt) {
    const until = formatDisplayDate(todayInIndia(after.expiresAt));
    lines.push(
      after.fullRefund
        ? i18n._('The period this payment bought has been removed. Your subscription stays valid until {date}.', { date: until })
        : i18n._('Your subscription stays valid until {date}.', { date: until }),
    );
  }
  lines.push('', i18n._('Banks usually credit a refund within 5 to 7 working days.'), '', i18n._('The {product} team', { product: PRODUCT_NAME }));
  return {
    to: opts.rep.email,
    toName: opts.rep.fullName,
    recipientId: opts.rep.id,
    subject: i18n._('{product} refund: {amount}', { product: PRODUCT_NAME, amount }),
    text: lines.join('\n'),
    templateType: 'subscription',
  };
}
