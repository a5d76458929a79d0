import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acceptMemberInviteResponseSchema,
  acceptMemberInviteSchema,
  CLINIC_TEAM_MESSAGES,
  clinicTeamResponseSchema,
  memberIdParamSchema,
  memberResponseSchema,
  updateMemberSchema,
  inviteMemberSchema,
} from '../../../shared/schemas/clinic-team';
import { errorResponses } from '../../../shared/schemas/common';
import { actorOf, requireClinicRole, startSession } from '../../plugins/auth';
import { LIMITS, byEmail, byToken, rateLimited } from '../auth/auth.limits';
import { requestPasswordReset, RESET_SENT } from '../auth/auth.service';
import { originOf } from '../../plugins/security';
import { forgotPasswordSchema } from '../../../shared/schemas/auth';
import { messageResponseSchema } from '../../../shared/schemas/common';
import { redactQueryParams } from '../auth/auth.routes';
import { acceptMemberInvite, inviteMember, listTeam, requestMemberPasswordReset, resendInvite, updateMember } from './team.service';

// The clinic's team (docs/decisions/072-clinic-team.md): owner and managers see it; only the owner changes it. The
// invitation link's acceptance is public (the token is the proof) and signs the new member in.

export async function clinicTeamRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // A failed query here may carry a password's or a link token's hash among its parameters: never in a log line.
  app.setErrorHandler((err) => {
    throw redactQueryParams(err);
  });
  // onRequest: before body validation, so no session gives no hints about the body.
  const ownerOrManager = { onRequest: requireClinicRole(['manager']) };
  const ownerOnly = { onRequest: requireClinicRole([]) };
  const linkLimit = { preHandler: rateLimited(app, 'clinicInvite', LIMITS.adminInvite, byToken) };

  app.get('/api/clinic/team', { ...ownerOrManager, schema: { response: { 200: clinicTeamResponseSchema, ...errorResponses } } }, async (request) =>
    listTeam(app, { actor: await actorOf(request) }),
  );

  app.post(
    '/api/clinic/team',
    { ...ownerOnly, schema: { body: inviteMemberSchema, response: { 201: memberResponseSchema, ...errorResponses } } },
    async (request, reply) => reply.status(201).send(await inviteMember(app, { actor: await actorOf(request), input: request.body })),
  );

  app.patch(
    '/api/clinic/team/:id',
    { ...ownerOnly, schema: { params: memberIdParamSchema, body: updateMemberSchema, response: { 200: memberResponseSchema, ...errorResponses } } },
    async (request) => updateMember(app, { actor: await actorOf(request), id: request.params.id, input: request.body }),
  );

  app.post(
    '/api/clinic/team/:id/resend',
    { ...ownerOnly, schema: { params: memberIdParamSchema, response: { 200: memberResponseSchema, ...errorResponses } } },
    async (request) => resendInvite(app, { actor: await actorOf(request), id: request.params.id }),
  );

  app.post(
    '/api/clinic/team/accept',
    { ...linkLimit, schema: { body: acceptMemberInviteSchema, response: { 200: acceptMemberInviteResponseSchema, ...errorResponses } } },
    async (request, reply) => {
      const { member, clinicName, newPassword } = await acceptMemberInvite(app, { input: request.body, locale: await request.getLocale() });
      // Signed in as the member at once (the clinic's session naming them); a browser session, as without Remember me.
      await startSession(app, request, reply, { type: 'clinic', id: member.clinicId, memberId: member.id, rememberMe: false });
      const message = newPassword ? CLINIC_TEAM_MESSAGES.passwordSet : CLINIC_TEAM_MESSAGES.accepted;
      return { message, person: { name: member.name, role: member.role as 'manager' | 'reception' }, clinicName };
    },
  );

  // The clinic login's 'Forgot password' (spec part 1, 8): a team member's e-mail gets the team's link to choose a new
  // password (decision 072); an owner's, the account's reset link (modules/auth).
  app.post(
    '/api/clinic/forgot-password',
    {
      schema: { body: forgotPasswordSchema, response: { 200: messageResponseSchema, ...errorResponses } },
      preHandler: rateLimited(app, 'forgotPassword', LIMITS.forgotPassword, byEmail),
    },
    async (request) => {
      if (await requestMemberPasswordReset(app, { email: request.body.email })) return { message: RESET_SENT };
      return requestPasswordReset(app, { kind: 'clinic', input: request.body, origin: originOf(request) });
    },
  );
}
