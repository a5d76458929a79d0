import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../shared/schemas/common';
import {
  activateFreeTrialSchema,
  completeTestCheckoutSchema,
  createOrderAnswerSchema,
  createSubscriptionOrderSchema,
  freeTrialAnswerSchema,
  plansAnswerSchema,
  repIdParamsSchema,
  subscriptionStatusAnswerSchema,
  testCheckoutAnswerSchema,
  verifyPaymentAnswerSchema,
  verifySubscriptionPaymentSchema,
  webhookAnswerSchema,
} from '../../../shared/schemas/subscription';
import { actorOf, assertSelf, requireUser } from '../../plugins/auth';
import { completeTestCheckout, createSubscriptionOrder, verifySubscriptionPayment } from './subscription-payments.service';
import { handleRazorpayWebhook } from './subscription-webhook.service';
import { activateFreeTrial, getPlans, getSubscriptionStatus } from './subscriptions.service';

// spec part 2, 7 "Subscription". Every call is the signed-in rep's own, except the webhook.

/** The one error shape (ARCHITECTURE rule 4) for every failure of these calls. */

export async function subscriptionRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const rep = requireUser(['medrep']);
  const paymentLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };

  app.get('/api/subscription/plans', { preHandler: rep, schema: { response: { 200: plansAnswerSchema, ...errorResponses } } }, async () => getPlans(app));

  app.get(
    '/api/subscription/status/:repId',
    { preHandler: rep, schema: { params: repIdParamsSchema, response: { 200: subscriptionStatusAnswerSchema, ...errorResponses } } },
    async (request) => {
      assertSelf(await actorOf(request), 'medrep', request.params.repId);
      return getSubscriptionStatus(app, { repId: request.params.repId });
    },
  );

  app.post(
    '/api/subscription/activate-free-trial',
    { preHandler: rep, schema: { body: activateFreeTrialSchema, response: { 200: freeTrialAnswerSchema, ...errorResponses } } },
    async (request) => {
      assertSelf(await actorOf(request), 'medrep', request.body.medicalRepId);
      return activateFreeTrial(app, { repId: request.body.medicalRepId });
    },
  );

  app.post(
    '/api/subscription/create',
    { preHandler: rep, config: paymentLimit, schema: { body: createSubscriptionOrderSchema, response: { 200: createOrderAnswerSchema, ...errorResponses } } },
    async (request) => {
      assertSelf(await actorOf(request), 'medrep', request.body.medicalRepId);
      return createSubscriptionOrder(app, { repId: request.body.medicalRepId, planType: request.body.planType });
    },
  );

  app.post(
    '/api/subscription/verify',
    {
      preHandler: rep,
      config: paymentLimit,
      schema: { body: verifySubscriptionPaymentSchema, response: { 200: verifyPaymentAnswerSchema, ...errorResponses } },
    },
    async (request) => {
      const body = request.body;
      assertSelf(await actorOf(request), 'medrep', body.medicalRepId);
      return verifySubscriptionPayment(app, {
        repId: body.medicalRepId,
        orderId: body.razorpay_order_id,
        paymentId: body.razorpay_payment_id,
        signature: body.razorpay_signature,
      });
    },
  );

  // Only without Razorpay keys (docs/decisions/006-test-checkout.md); a 404 otherwise.
  app.post(
    '/api/subscription/test-checkout/complete',
    { preHandler: rep, schema: { body: completeTestCheckoutSchema, response: { 200: testCheckoutAnswerSchema, ...errorResponses } } },
    async (request) => {
      const actor = await actorOf(request);
      return completeTestCheckout(app, { repId: actor.id, orderId: request.body.orderId });
    },
  );

  await app.register(webhookRoutes);
}

/**
 * Its own encapsulated plugin: the body stays raw bytes here (the signature covers them exactly), while the
 * rest of the app keeps parsing JSON.
 */
async function webhookRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
  app.post('/api/subscription/webhook', { schema: { response: { 200: webhookAnswerSchema, ...errorResponses } } }, async (request) => {
    const signature = request.headers['x-razorpay-signature'];
    const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    return handleRazorpayWebhook(app, { rawBody, signature: typeof signature === 'string' ? signature : undefined });
  });
}
