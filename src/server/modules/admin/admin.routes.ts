import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_MESSAGES,
  activeNotificationResponseSchema,
  adminAnalyticsSchema,
  adminSessionResponseSchema,
  adminStatsSchema,
  broadcastResponseSchema,
  broadcastSchema,
  companyVerificationResponseSchema,
  companyVerificationSchema,
  deleteUserSchema,
  idParamSchema,
  updateUserStatusSchema,
  userStatusResponseSchema,
} from '../../../shared/schemas/admin';
import { adminSignInResponseSchema, adminSignInSchema } from '../../../shared/schemas/admin-team';
import { isLocale } from '../../../shared/i18n/locales';
import { messageResponseSchema, errorResponses } from '../../../shared/schemas/common';
import { unauthorized } from '../../errors';
import { adminOf, endSession, requireOwner, requireUser, startSession } from '../../plugins/auth';
import { endAllSessions, type UserType } from '../auth/sessions.service';
import { originOf } from '../../plugins/security';
import type { PasswordAccount } from '../auth/login-throttle';
import { adminEmailRoutes } from './admin-email.routes';
import { logoutAdmin, recordAdminLogin, signInAdmin } from './admin-auth.service';
import { adminTeamRoutes } from './admin-team.routes';
import { broadcast, clearActiveNotification, deleteAppointment, deleteDoctorLink, getActiveNotification } from './admin-content.service';
import { adminListsRoutes } from './admin-lists.routes';
import { acceptRestart } from './admin-restart.service';
import { getAnalytics, getStats } from './admin-stats.service';
import { deleteUser, setCompanyVerification, setUserStatus } from './admin-users.service';

// The admin dashboard's calls (spec part 2, 7 "Admin"). Every /api/admin/* call needs an admin
// session, except the public active announcement the rep dashboard reads (and the gate's and the invitation
// link's calls, admin-team.routes.ts). Deleting accounts and restarting are an owner's (docs/decisions/042).

/** The one error shape (ARCHITECTURE rule 4) for every failure of these calls. */

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by main.ts: closes the app gracefully and exits for the supervisor to start it again. */
    requestRestart?: () => void;
  }
}

/** The single password's sign-in name, or a named admin's e-mail: each its own attempt budget (decision 031, 042). */
const adminAccount = (email: string | undefined): PasswordAccount => ({ kind: 'admin', login: email ?? 'admin' });

export async function adminRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const adminOnly = { onRequest: requireUser(['admin']) }; // before body validation: no session, no hints
  const ownerOnly = { onRequest: requireOwner() };
  // Ending an account's sessions is the session plugin's work; setUserStatus is handed it with the rest of its deps.
  const statusDeps = { db: app.db, clock: app.clock, log: app.log, endAllSessions: (type: UserType, id: number) => endAllSessions(app, type, id) };

  // --- the gate: the session cookie is set and cleared here, at the edge ---
  const throttle = app.loginThrottle;
  app.post(
    '/api/admin/authenticate',
    // Per address and per admin account, or per device cookie of the admin's browser (decision 031); every code
    // (TOTP or recovery) is an attempt too.
    {
      preHandler: async (request) => throttle.countAttempt(request, adminAccount(request.body.email)),
      schema: { body: adminSignInSchema, response: { 200: adminSignInResponseSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const origin = originOf(request);
      const signedIn = await signInAdmin(app, { input: request.body, origin });
      await startSession(app, request, reply, { type: 'admin', id: signedIn.admin.id, rememberMe: false });
      throttle.trustDevice(request, reply, adminAccount(request.body.email));
      if (isLocale(signedIn.language)) request.setLocale(signedIn.language);
      return recordAdminLogin(app, { ...signedIn, origin });
    },
  );
  app.post('/api/admin/logout', { schema: { response: { 200: messageResponseSchema, ...errorResponses } } }, async (request, reply) => {
    // The database away: whose the cookie is cannot be read, so an admin session it holds is ended once it is back.
    const actor = await request.getActor().catch(async (err: unknown) => {
      await endSession(app, request, reply, { onlyType: 'admin' });
      throw err;
    });
    const isAdmin = actor?.type === 'admin';
    const answer = await logoutAdmin(app, { admin: actor?.admin ?? null, origin: originOf(request) });
    // Only an admin session is ended here; a rep's or clinic's cookie on this browser stays as it is.
    if (isAdmin) await endSession(app, request, reply);
    return answer;
  });
  app.get('/api/admin/session', { schema: { response: { 200: adminSessionResponseSchema, ...errorResponses } } }, async (request) => {
    const actor = await request.getActor();
    if (actor?.type !== 'admin') throw unauthorized(ADMIN_MESSAGES.authRequired);
    return { authenticated: true as const };
  });

  // --- public: the rep dashboard's banner ---
  app.get('/api/admin/notifications/active', { schema: { response: { 200: activeNotificationResponseSchema, ...errorResponses } } }, async () => ({
    notification: await getActiveNotification(app),
  }));

  // --- overview ---
  app.get('/api/admin/stats', { ...adminOnly, schema: { response: { 200: adminStatsSchema, ...errorResponses } } }, async () => getStats(app));
  app.get('/api/admin/analytics', { ...adminOnly, schema: { response: { 200: adminAnalyticsSchema, ...errorResponses } } }, async () => getAnalytics(app));

  // --- users (the lists and their exports: admin-lists.routes.ts) ---
  app.delete(
    '/api/admin/users/:id',
    { ...ownerOnly, schema: { params: idParamSchema, body: deleteUserSchema, response: { 200: messageResponseSchema, ...errorResponses } } },
    async (request) => deleteUser(app, { actor: await adminOf(request), id: request.params.id, userType: request.body.userType, origin: originOf(request) }),
  );
  app.patch(
    '/api/admin/users/:id/status',
    { ...adminOnly, schema: { params: idParamSchema, body: updateUserStatusSchema, response: { 200: userStatusResponseSchema, ...errorResponses } } },
    async (request) => setUserStatus(statusDeps, { actor: await adminOf(request), id: request.params.id, ...request.body, origin: originOf(request) }),
  );

  // A pharma company checked by an admin (docs/decisions/087-company-accounts.md), or its mark taken back.
  app.patch(
    '/api/admin/companies/:id/verification',
    {
      ...adminOnly,
      schema: { params: idParamSchema, body: companyVerificationSchema, response: { 200: companyVerificationResponseSchema, ...errorResponses } },
    },
    async (request) =>
      setCompanyVerification(app, { actor: await adminOf(request), id: request.params.id, verified: request.body.verified, origin: originOf(request) }),
  );

  // --- doctors and appointments ---
  app.delete(
    '/api/admin/doctors/:id',
    { ...adminOnly, schema: { params: idParamSchema, response: { 200: messageResponseSchema, ...errorResponses } } },
    async (request) => deleteDoctorLink(app, { actor: await adminOf(request), linkId: request.params.id, origin: originOf(request) }),
  );
  app.delete(
    '/api/admin/appointments/:id',
    { ...adminOnly, schema: { params: idParamSchema, response: { 200: messageResponseSchema, ...errorResponses } } },
    async (request) => deleteAppointment(app, { actor: await adminOf(request), id: request.params.id, origin: originOf(request) }),
  );

  // --- the broadcast ---
  app.post(
    '/api/admin/notifications',
    { ...adminOnly, schema: { body: broadcastSchema, response: { 200: broadcastResponseSchema, ...errorResponses } } },
    async (request) => broadcast(app, { actor: await adminOf(request), message: request.body.message, origin: originOf(request) }),
  );
  app.delete('/api/admin/notifications/active', { ...adminOnly, schema: { response: { 200: messageResponseSchema, ...errorResponses } } }, async (request) =>
    clearActiveNotification(app, { actor: await adminOf(request), origin: originOf(request) }),
  );

  // --- restart: answer first, then close gracefully (in-flight requests finish) and let the supervisor
  // (src/server/supervisor.ts) start the server again ---
  app.post(
    '/api/admin/restart-server',
    {
      ...ownerOnly,
      schema: { response: { 202: messageResponseSchema, ...errorResponses } },
      onResponse: async (_request, reply) => {
        if (reply.statusCode !== 202) return;
        if (app.requestRestart) app.requestRestart();
        else app.log.warn('restart requested, but this process was not started by the supervisor; nothing restarts');
      },
    },
    async (request, reply) => {
      await acceptRestart(app, { actor: await adminOf(request), origin: originOf(request) });
      return reply.status(202).send({ message: ADMIN_MESSAGES.restarting });
    },
  );

  await app.register(adminListsRoutes);
  await app.register(adminEmailRoutes);
  await app.register(adminTeamRoutes);
}
