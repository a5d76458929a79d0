import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../shared/schemas/common';
import { whatsappNumberCodeResponseSchema, whatsappNumberCodeSchema, whatsappWebhookAnswerSchema } from '../../../shared/schemas/whatsapp';
import { actorOf, limitClinicRoles, requireUser } from '../../plugins/auth';
import { CLINIC_ROLES_MAY } from '../../../shared/schemas/clinic-team';
import { sessionRateKey } from '../../plugins/auth';
import { sendWhatsAppNumberCode } from './whatsapp-consent.service';
import { handleWhatsAppWebhook, verifyWhatsAppWebhook } from './whatsapp-webhook.service';

// WhatsApp (docs/decisions/044-whatsapp.md): the code that confirms a number (the account's own or another,
// docs/decisions/048), and the webhook Meta calls. The switch itself is in each account's preferences (notifications and clinics modules).

const webhookQuery = z.object({
  'hub.mode': z.string().max(50).optional(),
  'hub.verify_token': z.string().max(500).optional(),
  'hub.challenge': z.string().max(500).optional(),
});

/** Meta sends many statuses at once after a bulk of messages: a generous budget per address, a stop for a flood. */
const webhookLimit = { rateLimit: { max: 1200, timeWindow: '1 minute' } };

export async function whatsappRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/whatsapp/number-code',
    {
      // The clinic's WhatsApp number is set with its preferences: the owner's and managers' (decision 072).
      preHandler: [requireUser(['medrep', 'clinic']), limitClinicRoles(CLINIC_ROLES_MAY.manage)],
      // Each code is a WhatsApp message the business pays for, to a number the caller typed: a few per quarter hour
      // per session against a flood; the real limits, per account and per number, are the service's (decision 048).
      config: { rateLimit: { max: 5, timeWindow: '15 minutes', keyGenerator: sessionRateKey } },
      schema: { body: whatsappNumberCodeSchema, response: { 200: whatsappNumberCodeResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const actor = await actorOf(request);
      return sendWhatsAppNumberCode(app, { accountType: actor.type === 'clinic' ? 'clinic' : 'rep', accountId: actor.id, phone: request.body.phone });
    },
  );

  // The challenge is echoed as text/plain, Meta's format (no JSON schema for the 200; response-schemas.test.ts NOT_JSON).
  app.get('/api/whatsapp/webhook', { config: webhookLimit, schema: { querystring: webhookQuery } }, async (request, reply) => {
    const q = request.query;
    const challenge = verifyWhatsAppWebhook(app, { mode: q['hub.mode'], token: q['hub.verify_token'], challenge: q['hub.challenge'] });
    return reply.type('text/plain; charset=utf-8').send(challenge);
  });

  await app.register(webhookBodyRoutes);
}

/**
 * Its own encapsulated plugin: the body stays raw bytes here (the signature covers them exactly), while the rest of
 * the app keeps parsing JSON (as the Razorpay webhook does).
 */
async function webhookBodyRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
  app.post(
    '/api/whatsapp/webhook',
    { config: webhookLimit, schema: { response: { 200: whatsappWebhookAnswerSchema, ...errorResponses } } },
    async (request) => {
      const signature = request.headers['x-hub-signature-256'];
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const outcome = await handleWhatsAppWebhook(app, { rawBody, signature: typeof signature === 'string' ? signature : undefined });
      return { received: true as const, ...outcome };
    },
  );
}
