import { randomBytes } from 'node:crypto';
import { CURRENCY, PLANS, YEARLY_SAVING_INR, type PlanType } from '../../../shared/constants';
import {
  SUBSCRIPTION_MESSAGES,
  type FreeTrialAnswer,
  type PlansAnswer,
  type SubscriptionRefund,
  type SubscriptionStatusAnswer,
} from '../../../shared/schemas/subscription';
import { effectiveSubscriptionStatus, isSubscriptionActive } from '../../../shared/subscription/subscription-status';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../errors';
import { paymentSettings } from './payment-settings';
import { activationReceiptMail } from './subscription-mail';
import { listLatestRefunds } from './subscription-refunds.service';
import { findRepSubscription, startFreeTrial, type RepSubscription } from './subscriptions.repo';
import { withWrite } from '../../db/write';
import { accountLocale } from '../../i18n';
import { answerWithMessage } from '../../plugins/locale';

// Status, free trial and plans (spec part 2, 4 and 7). Paying is in subscription-payments.service.ts.

/** What the subscription services use; the app instance is one. */
export type SubscriptionDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'outbox' | 'log'>;

const DAY_MS = 86_400_000;

export function toStatusAnswer(rep: NonNullable<RepSubscription>, now: Date, refund: SubscriptionRefund | null = null): SubscriptionStatusAnswer {
  const current = { status: rep.subscriptionStatus, expiresAt: rep.subscriptionExpiresAt, now };
  return {
    subscriptionStatus: effectiveSubscriptionStatus(current),
    isActive: isSubscriptionActive(current),
    subscriptionId: rep.subscriptionId,
    expiresAt: rep.subscriptionExpiresAt?.toISOString() ?? null,
    freeTrialUsed: rep.freeTrialUsedAt !== null,
    refund,
  };
}

export async function loadRep(deps: Pick<Deps, 'db'>, o: { repId: number }) {
  const rep = await findRepSubscription(deps.db, o.repId);
  if (!rep) throw notFound(SUBSCRIPTION_MESSAGES.accountUnavailable);
  return rep;
}

export async function getSubscriptionStatus(deps: Pick<Deps, 'db' | 'clock'>, o: { repId: number }): Promise<SubscriptionStatusAnswer> {
  const [rep, refunds] = await Promise.all([loadRep(deps, o), listLatestRefunds(deps, { repIds: [o.repId] })]);
  return toStatusAnswer(rep, deps.clock.now(), refunds.get(o.repId) ?? null);
}

/** Once per rep, FREE_TRIAL_DAYS days; a second attempt (even a concurrent one) is a 409. */
export async function activateFreeTrial(deps: SubscriptionDeps, o: { repId: number }): Promise<FreeTrialAnswer> {
  const { repId } = o;
  const now = deps.clock.now();
  const days = deps.config.FREE_TRIAL_DAYS;
  // The subscription is cached with the rep (the calendar checks it): the repo names its account key.
  const started = await withWrite(deps, async (tx) => {
    const row = await startFreeTrial(tx, {
      repId,
      subscriptionId: `trial_${randomBytes(8).toString('hex')}`,
      now,
      expiresAt: new Date(now.getTime() + days * DAY_MS),
    });
    if (row) {
      await deps.outbox.queueEmail(
        tx,
        activationReceiptMail({ rep: row, expiresAt: row.subscriptionExpiresAt!, kind: { type: 'trial', days }, locale: accountLocale(row.language) }),
      );
    }
    return row;
  });
  if (!started) {
    const rep = await loadRep(deps, { repId });
    if (rep.freeTrialUsedAt) throw conflict(SUBSCRIPTION_MESSAGES.trialAlreadyUsed, 'free_trial_used');
    throw conflict(SUBSCRIPTION_MESSAGES.trialWhileActive, 'subscription_active');
  }
  deps.log.info({ repId }, 'free trial started');
  return answerWithMessage(
    /*i18n*/ { id: 'Your {days}-day free trial is active. You can now book appointments.', values: { days } },
    {
      subscriptionStatus: 'free_trial' as const,
      subscriptionId: started.subscriptionId!,
      expiresAt: started.subscriptionExpiresAt!.toISOString(),
      isActive: true,
    },
  );
}

export function getPlans(deps: Pick<Deps, 'config'>): PlansAnswer {
  return {
    plans: (Object.keys(PLANS) as PlanType[]).map((planType) => ({ planType, ...PLANS[planType] })),
    currency: CURRENCY,
    yearlySavingInr: YEARLY_SAVING_INR,
    promoUntil: deps.config.FREE_ACCESS_PROMO_UNTIL,
    freeTrialDays: deps.config.FREE_TRIAL_DAYS,
    testMode: paymentSettings(deps.config).mode === 'test',
  };
}
