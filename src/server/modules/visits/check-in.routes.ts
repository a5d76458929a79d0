import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, requireClinicRole, requireUser } from '../../plugins/auth';
import { CLINIC_ROLES_MAY } from '../../../shared/schemas/clinic-team';
import { CHECK_IN_MESSAGES } from '../../../shared/booking/visit-status';
import { errorResponses } from '../../../shared/schemas/common';
import { checkInCodeQuerySchema, checkInCodeResponseSchema, checkInResponseSchema, checkInSchema } from '../../../shared/schemas/visits';
import { sessionRateKey } from '../../plugins/auth';
import { checkIn, getCheckInCode } from './check-in.service';

// Check-in at reception (docs/decisions/041-visit-outcomes-and-proof.md): the clinic's code, and the rep's check-in.

export async function checkInRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/clinic/check-in-code',
    {
      preHandler: requireClinicRole(CLINIC_ROLES_MAY.runTheDay),
      schema: { querystring: checkInCodeQuerySchema, response: { 200: checkInCodeResponseSchema, ...errorResponses } },
    },
    async (request) => getCheckInCode(app, { actor: await actorOf(request), clinicId: request.query.clinicId }),
  );

  app.post(
    '/api/medrep/check-in',
    {
      preHandler: requireUser(['medrep']),
      schema: { body: checkInSchema, response: { 200: checkInResponseSchema, ...errorResponses } },
      // A flood guard per session; wrong codes have their own, smaller budget per rep (check-in.service.ts).
      config: { rateLimit: { max: 60, timeWindow: '1 minute', keyGenerator: sessionRateKey } },
    },
    async (request) => {
      const actor = await actorOf(request);
      const { checkedInAt } = await checkIn(app, { repId: actor.id, sessionId: actor.sessionId, ...request.body });
      return { message: CHECK_IN_MESSAGES.checkedIn, checkedInAt };
    },
  );
}
