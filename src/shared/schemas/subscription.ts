import { z } from 'zod';
import { PLANS, type PlanType } from '../constants';

/*
 * Wire contracts of the subscription calls (spec part 2, 7 "Subscription"). The spec's messages
 * (part 2, 8) live here so the server and the panel say the same thing.
 */

export const SUBSCRIPTION_MESSAGES = {
  trialFailed: /*i18n*/ 'Failed to activate free trial',
  trialRetry: /*i18n*/ 'Please try again in a moment.',
  trialAlreadyUsed: /*i18n*/ 'You have already used your free trial. Please choose a plan to continue.',
  trialWhileActive: /*i18n*/ 'You already have an active subscription.',
  accountUnavailable: /*i18n*/ 'Unable to retrieve your account information. Please try logging in again.',
  paymentStartFailed: /*i18n*/ 'Failed to initiate payment. Please try again.',
  verificationFailed: /*i18n*/ 'Payment Verification Failed',
  verificationAdvice: /*i18n*/ 'Please contact support if money was deducted.',
  orderNotFound: /*i18n*/ 'This payment order was not found.',
  testCheckoutUnavailable: /*i18n*/ 'The test checkout is only available when no payment keys are configured.',
  webhookSignatureInvalid: /*i18n*/ 'Invalid webhook signature',
  webhookNotConfigured: /*i18n*/ 'Webhook secret is not configured.',
} as const;

export const PLAN_TYPES = Object.keys(PLANS) as [PlanType, ...PlanType[]];
export const planTypeSchema = z.enum(PLAN_TYPES, { error: /*i18n*/ 'Plan type must be monthly or yearly' });

const repIdField = z.coerce
  .number({ error: /*i18n*/ 'Medical rep id is required' })
  .int(/*i18n*/ 'Medical rep id must be a whole number')
  .positive(/*i18n*/ 'Medical rep id must be a whole number');

/** Razorpay ids and signatures: short tokens of letters, digits and underscores. */
// Each sentence written out whole, so it can be translated (docs/decisions/045).
const PAYMENT_ID = {
  required: /*i18n*/ 'Payment id is required',
  tooLong: /*i18n*/ 'Payment id is too long',
  invalid: /*i18n*/ 'Payment id is not valid',
};
const ORDER_ID = {
  required: /*i18n*/ 'Order id is required',
  tooLong: /*i18n*/ 'Order id is too long',
  invalid: /*i18n*/ 'Order id is not valid',
};
const providerToken = (m: typeof PAYMENT_ID) =>
  z
    .string({ error: m.required })
    .trim()
    .min(1, m.required)
    .max(200, m.tooLong)
    .regex(/^[A-Za-z0-9_]+$/, m.invalid);

export const repIdParamsSchema = z.object({ repId: repIdField });

export const activateFreeTrialSchema = z.object({ medicalRepId: repIdField });
export type ActivateFreeTrialInput = z.infer<typeof activateFreeTrialSchema>;

export const createSubscriptionOrderSchema = z.object({
  planType: planTypeSchema,
  medicalRepId: repIdField,
  // The server takes name and e-mail from the rep's account; these are accepted as the spec sends them.
  customerEmail: z.string().trim().max(254, /*i18n*/ 'Customer e-mail is too long').optional(),
  customerName: z.string().trim().max(200, /*i18n*/ 'Customer name is too long').optional(),
});
export type CreateSubscriptionOrderInput = z.infer<typeof createSubscriptionOrderSchema>;

export const verifySubscriptionPaymentSchema = z.object({
  razorpay_payment_id: providerToken(PAYMENT_ID),
  razorpay_order_id: providerToken(ORDER_ID),
  razorpay_signature: z
    .string({ error: /*i18n*/ 'Payment signature is required' })
    .trim()
    .min(1, /*i18n*/ 'Payment signature is required')
    .max(200, /*i18n*/ 'Payment signature is too long'),
  medicalRepId: repIdField,
  // The plan is taken from the stored order; the caller's planType is only checked for shape.
  planType: planTypeSchema.optional(),
});
export type VerifySubscriptionPaymentInput = z.infer<typeof verifySubscriptionPaymentSchema>;

export const completeTestCheckoutSchema = z.object({ orderId: providerToken(ORDER_ID) });

// --- answers (the routes' response schemas; the panel's types are the same) ---------------------

/** A rep's latest refund (docs/decisions/032): what Razorpay refunded of the payment of one order. */
export const subscriptionRefundSchema = z.object({
  /** paise */
  amount: z.number(),
  currency: z.string(),
  refundedAt: z.string().nullable(),
  /** Razorpay's refund id (rfnd_...), when the refund's own event arrived */
  refundId: z.string().nullable(),
  /** the whole payment was refunded: the period it bought ended */
  fullRefund: z.boolean(),
});
export type SubscriptionRefund = z.infer<typeof subscriptionRefundSchema>;

export const subscriptionStatusAnswerSchema = z.object({
  subscriptionStatus: z.string(),
  isActive: z.boolean(),
  subscriptionId: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** True once the free trial has been taken (it is offered once per rep). */
  freeTrialUsed: z.boolean(),
  /** The latest refund of one of the rep's payments, if any. */
  refund: subscriptionRefundSchema.nullable(),
});
export type SubscriptionStatusAnswer = z.infer<typeof subscriptionStatusAnswerSchema>;

export const freeTrialAnswerSchema = z.object({
  subscriptionStatus: z.literal('free_trial'),
  subscriptionId: z.string(),
  expiresAt: z.string(),
  isActive: z.literal(true),
  message: z.string(),
});
export type FreeTrialAnswer = z.infer<typeof freeTrialAnswerSchema>;

export const createOrderAnswerSchema = z.object({
  orderId: z.string(),
  amount: z.number(),
  currency: z.string(),
  /** Razorpay key id for the checkout; null in test mode (no keys configured). */
  keyId: z.string().nullable(),
  planType: planTypeSchema,
  testMode: z.boolean(),
});
export type CreateOrderAnswer = z.infer<typeof createOrderAnswerSchema>;

export const verifyPaymentAnswerSchema = z.object({ subscriptionId: z.string(), expiresAt: z.string() });
export type VerifyPaymentAnswer = z.infer<typeof verifyPaymentAnswerSchema>;

export const testCheckoutAnswerSchema = z.object({
  razorpay_payment_id: z.string(),
  razorpay_order_id: z.string(),
  razorpay_signature: z.string(),
});
export type TestCheckoutAnswer = z.infer<typeof testCheckoutAnswerSchema>;

export const plansAnswerSchema = z.object({
  plans: z.array(z.object({ planType: planTypeSchema, label: z.string(), priceInr: z.number(), amountPaise: z.number(), days: z.number() })),
  currency: z.string(),
  yearlySavingInr: z.number(),
  /** Last day (IST, yyyy-mm-dd) of the free-access offer (spec part 2, 9). */
  promoUntil: z.string(),
  freeTrialDays: z.number(),
  /** No Razorpay keys: paid plans run through the labelled test checkout. */
  testMode: z.boolean(),
});
export type PlansAnswer = z.infer<typeof plansAnswerSchema>;

/** POST /api/subscription/webhook: Razorpay only needs a 2xx. */
export const webhookAnswerSchema = z.object({ status: z.literal('ok') });
export type WebhookAnswer = z.infer<typeof webhookAnswerSchema>;
