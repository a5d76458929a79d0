import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, requireClinicRole } from '../../plugins/auth';
import { CLINIC_ROLES_MAY } from '../../../shared/schemas/clinic-team';
import { errorResponses } from '../../../shared/schemas/common';
import { visitIdParamsSchema, visitStatusChangedResponseSchema, visitStatusChangeSchema } from '../../../shared/schemas/visits';
import { changeVisitStatus, undoVisitStatus } from './visit-status.service';

// The clinic confirms, declines or marks the outcome of one of its visits (docs/decisions/041-visit-outcomes-and-proof.md).

export async function visitStatusRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/clinic/appointments/:id/status',
    {
      preHandler: requireClinicRole(CLINIC_ROLES_MAY.runTheDay), // reception too (decision 072)
      schema: { params: visitIdParamsSchema, body: visitStatusChangeSchema, response: { 200: visitStatusChangedResponseSchema, ...errorResponses } },
    },
    async (request) => changeVisitStatus(app, { actor: await actorOf(request), id: request.params.id, input: request.body }),
  );

  // Takes back a Completed or No-show within 10 minutes (docs/decisions/046).
  app.post(
    '/api/clinic/appointments/:id/undo-outcome',
    {
      preHandler: requireClinicRole(CLINIC_ROLES_MAY.runTheDay), // reception too (decision 072)
      schema: { params: visitIdParamsSchema, response: { 200: visitStatusChangedResponseSchema, ...errorResponses } },
    },
    async (request) => undoVisitStatus(app, { actor: await actorOf(request), id: request.params.id }),
  );
}
