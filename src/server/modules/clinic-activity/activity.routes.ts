import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, requireClinicRole } from '../../plugins/auth';
import { clinicActivityQuerySchema, clinicActivityResponseSchema } from '../../../shared/schemas/clinic-activity';
import { errorResponses } from '../../../shared/schemas/common';
import { listClinicActivity } from './activity.service';

// The clinic's Activity tab (docs/decisions/075-clinic-activity-log.md): the owner and managers read who changed what.

export async function clinicActivityRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/clinic/activity',
    {
      preHandler: requireClinicRole(['manager']),
      schema: { querystring: clinicActivityQuerySchema, response: { 200: clinicActivityResponseSchema, ...errorResponses } },
    },
    async (request) => listClinicActivity(app, { actor: await actorOf(request), query: request.query }),
  );
}
