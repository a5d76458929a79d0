import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminAuditQuerySchema,
  adminAuditResponseSchema,
  adminGateResponseSchema,
  adminIdParamSchema,
  adminMeResponseSchema,
  adminTeamQuerySchema,
  adminTeamResponseSchema,
  inviteAcceptResponseSchema,
  inviteAcceptSchema,
  inviteAdminResponseSchema,
  inviteAdminSchema,
  inviteCheckResponseSchema,
  inviteConfirmResponseSchema,
  inviteConfirmSchema,
  inviteTokenSchema,
  resetTwoFactorResponseSchema,
  securityEventsQuerySchema,
  securityEventsResponseSchema,
  updateAdminResponseSchema,
  updateAdminSchema,
} from '../../../shared/schemas/admin-team';
import { errorResponses } from '../../../shared/schemas/common';
import { adminOf, requireOwner, requireUser } from '../../plugins/auth';
import { originOf } from '../../plugins/security';
import { LIMITS, byToken, rateLimited } from '../auth/auth.limits';
import { listAdminAudit, listSecurityEvents } from './admin-audit.service';
import { getAdminGate, getAdminMe } from './admin-auth.service';
import { acceptInvite, checkInvite, confirmInvite } from './admin-invite.service';
import { inviteAdmin, listAdmins, resetAdminTwoFactor, setAdminActive } from './admin-team.service';

// The admin team's calls (docs/decisions/042-admin-team.md): the gate's mode, who is signed in, the Admins tab
// (owners; the single-password session while no named owner exists), the invitation link's three steps, and the
// Audit and Security tabs. Registered by adminRoutes.

export async function adminTeamRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const adminOnly = { onRequest: requireUser(['admin']) }; // before body validation: no session, no hints
  const ownerOnly = { onRequest: requireOwner() };
  // The link's steps: per address and per link (decision 005); the page's check on load has the link pages' budget.
  const linkLimit = { preHandler: rateLimited(app, 'adminInvite', LIMITS.adminInvite, byToken) };
  const checkLimit = { preHandler: rateLimited(app, 'adminInviteCheck', LIMITS.checkLink, byToken) };

  // --- the gate (public) and who is signed in ---
  app.get('/api/admin/gate', { schema: { response: { 200: adminGateResponseSchema, ...errorResponses } } }, async () => getAdminGate(app));
  app.get('/api/admin/me', { ...adminOnly, schema: { response: { 200: adminMeResponseSchema, ...errorResponses } } }, async (request) =>
    getAdminMe(app, { admin: await adminOf(request) }),
  );

  // --- the team ---
  app.get(
    '/api/admin/admins',
    { ...ownerOnly, schema: { querystring: adminTeamQuerySchema, response: { 200: adminTeamResponseSchema, ...errorResponses } } },
    async (request) => listAdmins(app, request.query),
  );
  app.post(
    '/api/admin/admins',
    { ...ownerOnly, schema: { body: inviteAdminSchema, response: { 201: inviteAdminResponseSchema, ...errorResponses } } },
    async (request, reply) => {
      // The link goes by e-mail only: never in an answer.
      const { admin } = await inviteAdmin(app, { actor: await adminOf(request), input: request.body, origin: originOf(request) });
      return reply.status(201).send({ admin });
    },
  );
  app.patch(
    '/api/admin/admins/:id',
    { ...ownerOnly, schema: { params: adminIdParamSchema, body: updateAdminSchema, response: { 200: updateAdminResponseSchema, ...errorResponses } } },
    async (request) => setAdminActive(app, { actor: await adminOf(request), id: request.params.id, active: request.body.active, origin: originOf(request) }),
  );
  app.post(
    '/api/admin/admins/:id/reset-two-factor',
    { ...ownerOnly, schema: { params: adminIdParamSchema, response: { 200: resetTwoFactorResponseSchema, ...errorResponses } } },
    async (request) => {
      const { message } = await resetAdminTwoFactor(app, { actor: await adminOf(request), id: request.params.id, origin: originOf(request) });
      return { message };
    },
  );

  // --- the invitation / enrolment link (public: the token is the proof) ---
  app.post(
    '/api/admin/invite/check',
    { ...checkLimit, schema: { body: inviteTokenSchema, response: { 200: inviteCheckResponseSchema, ...errorResponses } } },
    async (request) => checkInvite(app, { token: request.body.token }),
  );
  app.post(
    '/api/admin/invite/accept',
    { ...linkLimit, schema: { body: inviteAcceptSchema, response: { 200: inviteAcceptResponseSchema, ...errorResponses } } },
    async (request) => acceptInvite(app, { input: request.body, origin: originOf(request) }),
  );
  app.post(
    '/api/admin/invite/confirm',
    { ...linkLimit, schema: { body: inviteConfirmSchema, response: { 200: inviteConfirmResponseSchema, ...errorResponses } } },
    async (request) => confirmInvite(app, { input: request.body, origin: originOf(request) }),
  );

  // --- the Audit and Security tabs ---
  app.get(
    '/api/admin/audit',
    { ...adminOnly, schema: { querystring: adminAuditQuerySchema, response: { 200: adminAuditResponseSchema, ...errorResponses } } },
    async (request) => listAdminAudit(app, request.query),
  );
  app.get(
    '/api/admin/security-events',
    { ...adminOnly, schema: { querystring: securityEventsQuerySchema, response: { 200: securityEventsResponseSchema, ...errorResponses } } },
    async (request) => listSecurityEvents(app, request.query),
  );
}
