import { PLANS, type PlanType } from '../../../shared/constants';
import type { SubscriptionRefund } from '../../../shared/schemas/subscription';
import { withWrite } from '../../db/write';
import type { Deps } from '../../deps';
import { refundMail } from './subscription-mail';
import { findLatestRefunds, insertRefund, lockOrder, lockRepSubscription, setOrderRefund, setRepSubscription } from './subscriptions.repo';
import { accountLocale } from '../../i18n';

// Refunds (docs/decisions/032-refunds-phones-horizon-ics.md). Razorpay reports a refund with refund.processed (the
// refund and its payment) and payment.refunded (the payment, with its refund where Razorpay includes it), each
// possibly more than once. Each refund is recorded once (its id is unique); the order keeps the total Razorpay says
// is refunded of the payment that bought it. When that total reaches the order's amount, the period the order bought
// ends: its plan's days come off the expiry, and a subscription left with nothing running reads 'refunded'. A
// partial refund is recorded and told to the rep; the period stays.

const DAY_MS = 86_400_000;

/** What recording a refund uses (the subscriptions area's deps; not imported from its service, which imports this). */
type RefundDeps = Pick<Deps, 'db' | 'clock' | 'outbox' | 'log'>;

export interface RefundReport {
  /** The order the payment belongs to (payment.order_id); absent, the order that the payment paid. */
  orderId?: string;
  paymentId: string;
  /** Razorpay's refund entity, when the event carries one. */
  refund?: { id: string; amount: number; currency: string; refundedAt: Date };
  /** payment.amount_refunded: all that is refunded of the payment so far, as Razorpay counts it (paise). */
  paymentAmountRefunded?: number;
  /** payment.captured: false for an auto-refund of a payment never captured (it bought nothing). */
  captured?: boolean;
  /** When the event happened (its created_at), for a refund the event does not carry. */
  at: Date;
}

export type RefundOutcome = 'unknown_order' | 'currency_mismatch' | 'ledger_only' | 'recorded' | 'unchanged';

export async function recordRazorpayRefund(deps: RefundDeps, report: RefundReport): Promise<RefundOutcome> {
  const now = deps.clock.now();
  const outcome = await withWrite(deps, async (tx): Promise<{ outcome: RefundOutcome; orderId?: string; ended?: boolean }> => {
    const order = await lockOrder(tx, { orderId: report.orderId, paymentId: report.orderId ? undefined : report.paymentId });
    if (!order) return { outcome: 'unknown_order' };
    const { refund } = report;
    if (refund && refund.currency !== order.currency) return { outcome: 'currency_mismatch' };
    const inserted = refund
      ? await insertRefund(tx, {
          refundId: refund.id,
          orderId: order.orderId,
          repId: order.repId,
          paymentId: report.paymentId,
          amount: refund.amount,
          currency: refund.currency,
          refundedAt: refund.refundedAt,
        })
      : false;

    // Only the payment that paid the order bought its period. A refund of another payment of the order, or an
    // auto-refund of a payment never captured, stays in the ledger and changes nothing else.
    const paying = order.status === 'created' ? report.captured !== false : order.paymentId === report.paymentId;
    if (!paying) return { outcome: 'ledger_only', orderId: order.orderId };

    const reported = report.paymentAmountRefunded ?? order.amountRefunded + (inserted && refund ? refund.amount : 0);
    const total = Math.max(order.amountRefunded, reported);
    const increased = total > order.amountRefunded;
    const full = total >= order.amount;
    if (!increased && !(inserted && order.refundId === null)) return { outcome: 'unchanged', orderId: order.orderId };

    // An order refunded before it was marked paid (its capture reported late) never activates: markOrderPaid only
    // takes orders still 'created'.
    const endsPeriod = full && order.status === 'paid';
    await setOrderRefund(tx, {
      orderId: order.orderId,
      amountRefunded: total,
      refundedAt: refund?.refundedAt ?? report.at,
      refundId: refund?.id ?? order.refundId,
      status: full ? 'refunded' : order.status,
    });
    if (!increased || order.repId === null) return { outcome: 'recorded', orderId: order.orderId };

    const rep = (await lockRepSubscription(tx, order.repId))!;
    let after = { ended: false, expiresAt: rep.subscriptionExpiresAt, fullRefund: full };
    if (endsPeriod && rep.subscriptionExpiresAt) {
      const shortened = new Date(rep.subscriptionExpiresAt.getTime() - PLANS[order.planType as PlanType].days * DAY_MS);
      const ended = shortened.getTime() <= now.getTime();
      const expiresAt = ended ? new Date(Math.min(rep.subscriptionExpiresAt.getTime(), now.getTime())) : shortened;
      await setRepSubscription(tx, {
        repId: rep.id,
        status: ended ? 'refunded' : rep.subscriptionStatus,
        subscriptionId: rep.subscriptionId ?? report.paymentId,
        expiresAt,
        now,
      });
      after = { ended, expiresAt, fullRefund: true };
    }
    await deps.outbox.queueEmail(
      tx,
      refundMail({
        rep,
        refund: {
          amount: total - order.amountRefunded,
          currency: order.currency,
          refundedAt: refund?.refundedAt ?? report.at,
          refundId: refund?.id ?? null,
          paymentId: report.paymentId,
          orderId: order.orderId,
        },
        after,
        locale: accountLocale(rep.language),
      }),
    );
    return { outcome: 'recorded', orderId: order.orderId, ended: after.ended };
  });
  if (outcome.outcome === 'recorded') deps.log.info({ orderId: outcome.orderId, ended: outcome.ended ?? false }, 'subscription refund recorded');
  return outcome.outcome;
}

/** Each rep's latest refund as the screens show it (the rep's Subscription card, the admin's Subscriptions tab). */
export async function listLatestRefunds(deps: Pick<Deps, 'db'>, o: { repIds: number[] }): Promise<Map<number, SubscriptionRefund>> {
  const rows = await findLatestRefunds(deps.db, o.repIds);
  return new Map(
    rows.map((r) => [
      r.repId!,
      {
        amount: r.amountRefunded,
        currency: r.currency,
        refundedAt: r.refundedAt?.toISOString() ?? null,
        refundId: r.refundId,
        fullRefund: r.fullyRefunded,
      },
    ]),
  );
}
