import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, requireClinicRole } from '../../plugins/auth';
import { CLINIC_ROLES_MAY } from '../../../shared/schemas/clinic-team';
import { messageResponseSchema, errorResponses } from '../../../shared/schemas/common';
import {
  createLeaveResponseSchema,
  createLeaveSchema,
  LEAVE_MESSAGES,
  leaveIdParamsSchema,
  leavePreviewQuerySchema,
  leavePreviewResponseSchema,
  listLeaveQuerySchema,
  listLeaveResponseSchema,
} from '../../../shared/schemas/leave';
import { createLeave, endLeave, listLeave, previewLeave } from './leave.service';

// Leave: a doctor's planned absence or clinic holidays (docs/decisions/040-planned-absences.md), the clinic's only.

export async function leaveRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // The owner's and managers', not reception's (docs/decisions/072-clinic-team.md).
  const managers = { preHandler: requireClinicRole(CLINIC_ROLES_MAY.manage) };

  app.get(
    '/api/clinic/leave/preview',
    { ...managers, schema: { querystring: leavePreviewQuerySchema, response: { 200: leavePreviewResponseSchema, ...errorResponses } } },
    async (request) => previewLeave(app, { actor: await actorOf(request), query: request.query }),
  );

  app.get(
    '/api/clinic/leave',
    { ...managers, schema: { querystring: listLeaveQuerySchema, response: { 200: listLeaveResponseSchema, ...errorResponses } } },
    async (request) => listLeave(app, { actor: await actorOf(request), query: request.query }),
  );

  app.post(
    '/api/clinic/leave',
    { ...managers, schema: { body: createLeaveSchema, response: { 201: createLeaveResponseSchema, ...errorResponses } } },
    async (request, reply) => {
      const created = await createLeave(app, { actor: await actorOf(request), input: request.body });
      return reply.status(201).send({ message: LEAVE_MESSAGES.created, ...created });
    },
  );

  app.delete(
    '/api/clinic/leave/:id',
    { ...managers, schema: { params: leaveIdParamsSchema, response: { 200: messageResponseSchema, ...errorResponses } } },
    async (request) => {
      await endLeave(app, { actor: await actorOf(request), id: request.params.id });
      return { message: LEAVE_MESSAGES.ended };
    },
  );
}
