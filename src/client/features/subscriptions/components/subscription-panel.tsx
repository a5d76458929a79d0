import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, FlaskConical } from 'lucide-react';
import { PLANS, YEARLY_SAVING_INR, type PlanType } from '../../../../shared/constants';
import { todayInIndia } from '../../../../shared/dates';
import { SUBSCRIPTION_MESSAGES } from '../../../../shared/schemas/subscription';
import { isFreeAccessPromoRunning } from '../../../../shared/subscription/subscription-status';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useActivateFreeTrial } from '../api/activate-free-trial';
import { subscriptionsQueries } from '../api/keys';
import { hasCustomerDetails, isAccountProblem, usePlanCheckout } from '../hooks/use-plan-checkout';
import { FreeTrialOffer } from './free-trial-offer';
import { PlanCard, type PlanCardPlan } from './plan-card';
import { SubscriptionStatusSummary } from './subscription-status-summary';
import { TestCheckoutDialog } from './test-checkout-dialog';

const FALLBACK_PLANS: PlanCardPlan[] = (Object.keys(PLANS) as PlanType[]).map((planType) => ({ planType, ...PLANS[planType] }));

/**
 * The subscription panel (spec part 2, 2.1): status and expiry, the free-access offer / free trial, and the
 * monthly and yearly plans. Shown in Book Appointment while inactive, and in Settings.
 */
export function SubscriptionPanel(props: { repId: number; customerName: string; customerEmail: string; customerPhone: string }) {
  const { i18n } = useI18n();
  const status = useQuery(subscriptionsQueries.status(props.repId));
  const plans = useQuery(subscriptionsQueries.plans());
  const trial = useActivateFreeTrial(props.repId);
  const checkout = usePlanCheckout(props);

  const startTrial = () => {
    if (!hasCustomerDetails(props)) {
      toast({ title: i18n._(SUBSCRIPTION_MESSAGES.accountUnavailable), variant: 'destructive' });
      return;
    }
    trial.mutate(undefined, {
      onSuccess: (answer) => toast({ title: i18n._('Free Trial Activated'), description: answer.message, variant: 'success' }),
      onError: (err) => {
        if (isAccountProblem(err)) return toast({ title: i18n._(SUBSCRIPTION_MESSAGES.accountUnavailable), variant: 'destructive' });
        // A refusal (trial already used) says why; anything else invites a retry.
        const description = err instanceof ApiError && err.status === 409 ? err.message : i18n._(SUBSCRIPTION_MESSAGES.trialRetry);
        toast({ title: i18n._(SUBSCRIPTION_MESSAGES.trialFailed), description, variant: 'destructive' });
      },
    });
  };

  const current = status.data;
  const promoUntil =
    plans.data && isFreeAccessPromoRunning({ promoUntil: plans.data.promoUntil, today: todayInIndia(new Date()) }) ? plans.data.promoUntil : null;
  const planList = plans.data?.plans ?? FALLBACK_PLANS;
  const savingInr = plans.data?.yearlySavingInr ?? YEARLY_SAVING_INR;
  const busy = checkout.payingPlan !== null || trial.isPending;

  return (
    <Card aria-labelledby="subscription-panel-title" role="region">
      <h2 id="subscription-panel-title" className="text-base font-semibold">
        {i18n._('Subscription')}
      </h2>
      {status.isPending || !current ? (
        <div className="mt-3">
          <Spinner label={i18n._('Loading subscription...')} />
        </div>
      ) : (
        <div className="mt-3 grid gap-4">
          <SubscriptionStatusSummary status={current} />

          {checkout.verificationFailed && (
            <p
              role="alert"
              className="flex items-start gap-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
            >
              <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              <span>
                <strong>{i18n._(SUBSCRIPTION_MESSAGES.verificationFailed)}.</strong> {i18n._(SUBSCRIPTION_MESSAGES.verificationAdvice)}
              </span>
            </p>
          )}

          {!current.isActive && !current.freeTrialUsed && (
            <FreeTrialOffer days={plans.data?.freeTrialDays ?? 30} promoUntil={promoUntil} onStart={startTrial} starting={trial.isPending} />
          )}

          <div className="grid gap-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="text-sm font-semibold text-slate-700 dark:text-slate-200">
                {current.isActive ? i18n._('Extend your subscription') : i18n._('Choose a plan')}
              </h3>
              {plans.data?.testMode && (
                <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                  <FlaskConical className="h-3.5 w-3.5" aria-hidden /> {i18n._('Test mode: no real payment')}
                </span>
              )}
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              {planList.map((plan) => (
                <PlanCard
                  key={plan.planType}
                  plan={plan}
                  savingInr={plan.planType === 'yearly' ? savingInr : undefined}
                  onChoose={() => void checkout.pay(plan.planType)}
                  paying={checkout.payingPlan === plan.planType}
                  disabled={busy && checkout.payingPlan !== plan.planType}
                  extend={current.isActive}
                />
              ))}
            </div>
          </div>
        </div>
      )}
      <TestCheckoutDialog order={checkout.testOrder} paying={checkout.testPaying} onPay={() => void checkout.payTest()} onCancel={checkout.cancelTest} />
    </Card>
  );
}
