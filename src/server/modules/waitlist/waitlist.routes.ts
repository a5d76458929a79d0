import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, requireUser } from '../../plugins/auth';
import { WAITLIST_MESSAGES } from '../../../shared/booking/waitlist';
import { errorResponses, messageResponseSchema } from '../../../shared/schemas/common';
import {
  acceptOfferResponseSchema,
  joinWaitlistResponseSchema,
  joinWaitlistSchema,
  waitlistIdParamsSchema,
  waitlistResponseSchema,
} from '../../../shared/schemas/waitlist';
import { sessionRateKey } from '../../plugins/auth';
import { acceptOffer, declineOffer, joinWaitlist, leaveWaitlist, listWaitlist } from './waitlist.service';

// The rep's waitlist of full days (docs/decisions/043): join, list, leave, and accept or decline an offered slot. The
// signed-in rep's own entries only: another rep's entry is not shown to exist (404). Writes are rate limited like
// booking, per session.

export async function waitlistRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const rep = requireUser(['medrep']);
  const writeLimit = { rateLimit: { max: 60, timeWindow: '1 minute', keyGenerator: sessionRateKey } };
  const byId = { params: waitlistIdParamsSchema };

  app.post(
    '/api/waitlist',
    { preHandler: rep, config: writeLimit, schema: { body: joinWaitlistSchema, response: { 201: joinWaitlistResponseSchema, ...errorResponses } } },
    async (request, reply) => {
      const actor = await actorOf(request);
      return reply.status(201).send(await joinWaitlist(app, { repId: actor.id, input: request.body }));
    },
  );

  app.get('/api/waitlist', { preHandler: rep, schema: { response: { 200: waitlistResponseSchema, ...errorResponses } } }, async (request) => {
    const actor = await actorOf(request);
    return { entries: await listWaitlist(app, { repId: actor.id }) };
  });

  app.delete(
    '/api/waitlist/:id',
    { preHandler: rep, config: writeLimit, schema: { ...byId, response: { 200: messageResponseSchema, ...errorResponses } } },
    async (request) => {
      const actor = await actorOf(request);
      const { wasOpen } = await leaveWaitlist(app, { repId: actor.id, id: request.params.id });
      return { message: wasOpen ? WAITLIST_MESSAGES.left : WAITLIST_MESSAGES.removed };
    },
  );

  app.post(
    '/api/waitlist/:id/accept',
    { preHandler: rep, config: writeLimit, schema: { ...byId, response: { 201: acceptOfferResponseSchema, ...errorResponses } } },
    async (request, reply) => {
      const actor = await actorOf(request);
      const { appointment, released } = await acceptOffer(app, { repId: actor.id, id: request.params.id });
      return reply.status(201).send({ message: WAITLIST_MESSAGES.booked, appointment, released });
    },
  );

  app.post(
    '/api/waitlist/:id/decline',
    { preHandler: rep, config: writeLimit, schema: { ...byId, response: { 200: messageResponseSchema, ...errorResponses } } },
    async (request) => {
      const actor = await actorOf(request);
      await declineOffer(app, { repId: actor.id, id: request.params.id });
      return { message: WAITLIST_MESSAGES.declined };
    },
  );
}
