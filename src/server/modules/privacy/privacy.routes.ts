import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, messageResponseSchema } from '../../../shared/schemas/common';
import { accountExportSchema, confirmAccountDeletionSchema } from '../../../shared/schemas/privacy';
import { actorOf, limitClinicRoles, requireUser, SESSION_COOKIE } from '../../plugins/auth';
import { CLINIC_ROLES_MAY } from '../../../shared/schemas/clinic-team';
import { hashToken } from '../auth/sessions.service';
import { confirmAccountDeletion, exportAccountData, requestAccountDeletion } from './privacy.service';

// DPDP Act 2023 rights of reps and clinics: download my data, delete my account.

/** Limits count per session (an office network shares one address); without a cookie, per address. */
const bySession = (request: FastifyRequest) => {
  const token = request.cookies[SESSION_COOKIE];
  return token ? `privacy:${hashToken(token)}` : `privacy-ip:${request.ip}`;
};

export async function privacyRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Rights work before the terms are accepted too: declining the terms must not lock anyone out of erasure.
  // A clinic's data and its deletion are the owner's: a team member's session is the clinic's (decision 072).
  const account = { preHandler: [requireUser(['clinic', 'medrep'], { allowWithoutTerms: true }), limitClinicRoles(CLINIC_ROLES_MAY.ownerOnly)] };
  const message = { 200: messageResponseSchema, ...errorResponses };

  app.get('/api/account/export', { ...account, schema: { response: { 200: accountExportSchema, ...errorResponses } } }, async (request, reply) => {
    const data = await exportAccountData(app, { actor: await actorOf(request) });
    const day = data.exportedAt.slice(0, 10);
    return reply.header('Content-Disposition', `attachment; filename="repvisit-my-data-${day}.json"`).header('Cache-Control', 'no-store').send(data);
  });

  app.post(
    '/api/account/delete/request',
    { ...account, schema: { response: message }, config: { rateLimit: { max: 5, timeWindow: '1 hour', keyGenerator: bySession } } },
    async (request) => requestAccountDeletion(app, { actor: await actorOf(request) }),
  );

  app.post(
    '/api/account/delete/confirm',
    {
      ...account,
      schema: { body: confirmAccountDeletionSchema, response: message },
      config: { rateLimit: { max: 10, timeWindow: '15 minutes', keyGenerator: bySession } },
    },
    async (request) => confirmAccountDeletion(app, { actor: await actorOf(request), code: request.body.code }),
  );
}
