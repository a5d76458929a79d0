import { CURRENCY, PLANS, PRODUCT_NAME, type PlanType } from '../../../shared/constants';
import { formatDisplayDate, todayInIndia } from '../../../shared/dates';
import { rupeesOf } from '../../../shared/subscription/refund-text';
import type { OutgoingMail } from '../../outbox/outbox';

// The e-mail receipt sent when a subscription starts (spec part 2, 7 "Subscription"), logged with templateType
// 'subscription'; queued in the transaction that starts it (docs/decisions/028-outbox.md).

export function activationReceiptMail(opts: {
  rep: { id: number; fullName: string; email: string };
  expiresAt: Date;
  kind: { type: 'trial'; days: number } | { type: 'paid'; planType: PlanType; paymentId: string; orderId: string };
}): OutgoingMail {
  const until = formatDisplayDate(todayInIndia(opts.expiresAt));
  const greeting = `Dear ${opts.rep.fullName},`;
  let subject: string;
  let lines: string[];
  if (opts.kind.type === 'trial') {
    subject = `Your ${PRODUCT_NAME} free trial has started`;
    lines = [
      greeting,
      '',
      `Your ${opts.kind.days}-day free trial is active. You can book appointments with doctors until ${until}.`,
      '',
      'To keep booking after the trial, choose the monthly or yearly plan in Settings.',
    ];
  } else {
    const plan = PLANS[opts.kind.planType];
    subject = `${PRODUCT_NAME} payment receipt: ${plan.label} plan`;
    lines = [
      greeting,
      '',
      'Thank you for your payment. Your subscription is active.',
      '',
      `Plan: ${plan.label}`,
      `Amount paid: ${CURRENCY} ${plan.priceInr}`,
      `Payment id: ${opts.kind.paymentId}`,
      `Order id: ${opts.kind.orderId}`,
      `Valid until: ${until}`,
    ];
  }
  lines.push('', `The ${PRODUCT_NAME} team`);
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
}): OutgoingMail {
  const { refund, after } = opts;
  const lines = [
    `Dear ${opts.rep.fullName},`,
    '',
    `Your payment ${refund.paymentId} (order ${refund.orderId}) has been refunded: ${refund.currency} ${rupeesOf(refund.amount)} on ${formatDisplayDate(todayInIndia(refund.refundedAt))}.`,
  ];
  if (refund.refundId) lines.push(`Refund id: ${refund.refundId}`);
  lines.push('');
  if (after.ended) lines.push('The subscription this payment bought has ended. Choose a plan in Settings to book appointments again.');
  else if (after.expiresAt) {
    lines.push(
      `${after.fullRefund ? 'The period this payment bought has been removed. ' : ''}Your subscription stays valid until ${formatDisplayDate(todayInIndia(after.expiresAt))}.`,
    );
  }
  lines.push('', 'Banks usually credit a refund within 5 to 7 working days.', '', `The ${PRODUCT_NAME} team`);
  return {
    to: opts.rep.email,
    toName: opts.rep.fullName,
    recipientId: opts.rep.id,
    subject: `${PRODUCT_NAME} refund: ${refund.currency} ${rupeesOf(refund.amount)}`,
    text: lines.join('\n'),
    templateType: 'subscription',
  };
}
