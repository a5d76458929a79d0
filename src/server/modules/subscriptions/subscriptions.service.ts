import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CURRENCY, PLANS, YEARLY_SAVING_INR, type PlanType } from '../../../shared/constants';
import { SUBSCRIPTION_MESSAGES, type FreeTrialAnswer, type PlansAnswer, type SubscriptionStatusAnswer } from '../../../shared/schemas/subscription';
import { effectiveSubscriptionStatus, isSubscriptionActive } from '../../../shared/subscription/subscription-status';
import { conflict, notFound } from '../../errors';
import { paymentSettings } from './payment-settings';
import { sendActivationReceipt } from './subscription-mail';
import { findRepSubscription, startFreeTrial, type RepSubscription } from './subscriptions.repo';
import { cacheKey } from '../../cache/cache-keys';
import { invalidatingTransaction } from '../../cache/invalidation';

// Status, free trial and plans (spec part 2, 4 and 7; issue 6). Paying is in subscription-payments.service.ts.

const DAY_MS = 86_400_000;

export function toStatusAnswer(rep: NonNullable<RepSubscription>, now: Date): SubscriptionStatusAnswer {
  const current = { status: rep.subscriptionStatus, expiresAt: rep.subscriptionExpiresAt, now };
  return {
    subscriptionStatus: effectiveSubscriptionStatus(current),
    isActive: isSubscriptionActive(current),
    subscriptionId: rep.subscriptionId,
    expiresAt: rep.subscriptionExpiresAt?.toISOString() ?? null,
    freeTrialUsed: rep.freeTrialUsedAt !== null,
  };
}

export async function loadRep(app: FastifyInstance, repId: number) {
  const rep = await findRepSubscription(app.db, repId);
  if (!rep) throw notFound(SUBSCRIPTION_MESSAGES.accountUnavailable);
  return rep;
}

export async function getSubscriptionStatus({ app, repId }: { app: FastifyInstance; repId: number }): Promise<SubscriptionStatusAnswer> {
  return toStatusAnswer(await loadRep(app, repId), app.clock.now());
}

/** Once per rep, FREE_TRIAL_DAYS days; a second attempt (even a concurrent one) is a 409. */
export async function activateFreeTrial({ app, repId }: { app: FastifyInstance; repId: number }): Promise<FreeTrialAnswer> {
  const now = app.clock.now();
  const days = app.config.FREE_TRIAL_DAYS;
  // The subscription is cached with the rep (the calendar checks it): its account key goes at the commit.
  const started = await invalidatingTransaction(app.db, async (tx, changed) => {
    const row = await startFreeTrial(tx, {
      repId,
      subscriptionId: `trial_${randomBytes(8).toString('hex')}`,
      now,
      expiresAt: new Date(now.getTime() + days * DAY_MS),
    });
    if (row) changed.add(cacheKey.account('medrep', repId));
    return row;
  });
  if (!started) {
    const rep = await loadRep(app, repId);
    if (rep.freeTrialUsedAt) throw conflict(SUBSCRIPTION_MESSAGES.trialAlreadyUsed, 'free_trial_used');
    throw conflict(SUBSCRIPTION_MESSAGES.trialWhileActive, 'subscription_active');
  }
  app.log.info({ repId }, 'free trial started');
  await sendActivationReceipt(app, { rep: started, expiresAt: started.subscriptionExpiresAt!, kind: { type: 'trial', days } });
  return {
    subscriptionStatus: 'free_trial',
    subscriptionId: started.subscriptionId!,
    expiresAt: started.subscriptionExpiresAt!.toISOString(),
    isActive: true,
    message: `Your ${days}-day free trial is active. You can now book appointments.`,
  };
}

export function getPlans({ app }: { app: FastifyInstance }): PlansAnswer {
  return {
    plans: (Object.keys(PLANS) as PlanType[]).map((planType) => ({ planType, ...PLANS[planType] })),
    currency: CURRENCY,
    yearlySavingInr: YEARLY_SAVING_INR,
    promoUntil: app.config.FREE_ACCESS_PROMO_UNTIL,
    freeTrialDays: app.config.FREE_TRIAL_DAYS,
    testMode: paymentSettings(app.config).mode === 'test',
  };
}
