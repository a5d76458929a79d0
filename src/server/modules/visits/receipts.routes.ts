import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, requireUser } from '../../plugins/auth';
import { errorResponses } from '../../../shared/schemas/common';
import { receiptResponseSchema, verifyVisitResponseSchema, verifyVisitSchema, visitIdParamsSchema } from '../../../shared/schemas/visits';
import { issueReceipt, verifyVisitReceipt } from './receipts.service';

// The signed proof of visit (docs/decisions/041-visit-outcomes-and-proof.md): the rep asks for it, anyone holding it
// (a manager) checks it.

export async function receiptRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/medrep/visits/:id/receipt',
    { preHandler: requireUser(['medrep']), schema: { params: visitIdParamsSchema, response: { 200: receiptResponseSchema, ...errorResponses } } },
    async (request) => {
      const actor = await actorOf(request);
      return { receipt: await issueReceipt(app, { repId: actor.id, appointmentId: request.params.id }) };
    },
  );

  // Public, like the page /verify-visit that calls it: a budget per address, as the other calls without a session.
  app.post(
    '/api/verify-visit',
    {
      schema: { body: verifyVisitSchema, response: { 200: verifyVisitResponseSchema, ...errorResponses } },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => verifyVisitReceipt(app, request.body),
  );
}
