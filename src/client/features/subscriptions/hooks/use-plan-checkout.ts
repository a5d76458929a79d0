import { useState } from 'react';
import { PLANS, PRODUCT_NAME, type PlanType } from '../../../../shared/constants';
import { formatDisplayDate, todayInIndia } from '../../../../shared/dates';
import { SUBSCRIPTION_MESSAGES, type CreateOrderAnswer, type TestCheckoutAnswer } from '../../../../shared/schemas/subscription';
import { ApiError } from '../../../lib/api';
import { i18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useCompleteTestCheckout } from '../api/complete-test-checkout';
import { useCreateSubscriptionOrder } from '../api/create-subscription-order';
import { useVerifySubscriptionPayment } from '../api/verify-subscription-payment';
import { openRazorpayCheckout } from '../lib/razorpay-checkout';

export interface CheckoutCustomer {
  repId: number;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
}

/** The account is missing or no longer signed in: the spec's "try logging in again" message. */
export function isAccountProblem(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 401 || err.status === 404);
}

export const hasCustomerDetails = (c: CheckoutCustomer) => Boolean(c.repId && c.customerName.trim() && c.customerEmail.trim());

/**
 * Paying for a plan (spec part 2, 7): create the order, open the checkout (Razorpay's, or the labelled test
 * checkout when the server has no keys), then verify. On success the status query is refreshed, so the
 * booking form appears.
 */
export function usePlanCheckout(customer: CheckoutCustomer) {
  const create = useCreateSubscriptionOrder();
  const verify = useVerifySubscriptionPayment(customer.repId);
  const completeTest = useCompleteTestCheckout();
  const [payingPlan, setPayingPlan] = useState<PlanType | null>(null);
  const [testOrder, setTestOrder] = useState<CreateOrderAnswer | null>(null);
  const [verificationFailed, setVerificationFailed] = useState(false);

  const failStart = () => {
    setPayingPlan(null);
    toast({ title: i18n._(SUBSCRIPTION_MESSAGES.paymentStartFailed), variant: 'destructive' });
  };

  async function verifyPayment(result: TestCheckoutAnswer, planType: PlanType) {
    try {
      const answer = await verify.mutateAsync({ ...result, medicalRepId: customer.repId, planType });
      setVerificationFailed(false);
      toast({
        title: i18n._('Subscription Activated'),
        description:
          planType === 'yearly'
            ? i18n._('Your yearly plan is active until {date}.', { date: formatDisplayDate(todayInIndia(new Date(answer.expiresAt))) })
            : i18n._('Your monthly plan is active until {date}.', { date: formatDisplayDate(todayInIndia(new Date(answer.expiresAt))) }),
        variant: 'success',
      });
    } catch {
      setVerificationFailed(true);
      toast({ title: i18n._(SUBSCRIPTION_MESSAGES.verificationFailed), description: i18n._(SUBSCRIPTION_MESSAGES.verificationAdvice), variant: 'destructive' });
    } finally {
      setPayingPlan(null);
    }
  }

  async function pay(planType: PlanType) {
    if (!hasCustomerDetails(customer)) {
      toast({ title: i18n._(SUBSCRIPTION_MESSAGES.accountUnavailable), variant: 'destructive' });
      return;
    }
    setPayingPlan(planType);
    setVerificationFailed(false);
    let order: CreateOrderAnswer;
    try {
      order = await create.mutateAsync({
        planType,
        medicalRepId: customer.repId,
        customerEmail: customer.customerEmail,
        customerName: customer.customerName,
      });
    } catch (err) {
      if (isAccountProblem(err)) {
        setPayingPlan(null);
        toast({ title: i18n._(SUBSCRIPTION_MESSAGES.accountUnavailable), variant: 'destructive' });
        return;
      }
      return failStart();
    }
    if (order.testMode || !order.keyId) {
      setTestOrder(order);
      return;
    }
    try {
      await openRazorpayCheckout({
        key: order.keyId,
        amount: order.amount,
        currency: order.currency,
        name: PRODUCT_NAME,
        description: i18n._('{plan} plan', { plan: i18n._(PLANS[planType].label) }),
        order_id: order.orderId,
        prefill: { name: customer.customerName, email: customer.customerEmail, contact: customer.customerPhone },
        notes: { planType },
        theme: { color: '#0f766e' },
        handler: (result) => void verifyPayment(result, planType),
        modal: { ondismiss: () => setPayingPlan(null) },
      });
    } catch {
      failStart();
    }
  }

  async function payTest() {
    if (!testOrder) return;
    const order = testOrder;
    try {
      const result = await completeTest.mutateAsync(order.orderId);
      setTestOrder(null);
      await verifyPayment(result, order.planType);
    } catch {
      setTestOrder(null);
      setPayingPlan(null);
      setVerificationFailed(true);
      toast({ title: i18n._(SUBSCRIPTION_MESSAGES.verificationFailed), description: i18n._(SUBSCRIPTION_MESSAGES.verificationAdvice), variant: 'destructive' });
    }
  }

  function cancelTest() {
    setTestOrder(null);
    setPayingPlan(null);
  }

  return {
    pay,
    payingPlan,
    testOrder,
    payTest,
    cancelTest,
    testPaying: completeTest.isPending || verify.isPending,
    verificationFailed,
  };
}
