import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_MESSAGES,
  adminAuthenticateSchema,
  broadcastSchema,
  deleteUserSchema,
  idParamSchema,
  updateUserStatusSchema,
} from '../../../shared/schemas/admin';
import { AppError, unauthorized } from '../../errors';
import { requireUser } from '../../plugins/auth';
import { recordSecurityEvent } from '../../plugins/security';
import { adminEmailRoutes } from './admin-email.routes';
import { authenticateAdmin, logoutAdmin } from './admin-auth.service';
import {
  broadcast,
  clearActiveNotification,
  deleteAppointment,
  deleteDoctorLink,
  getActiveNotification,
  listAppointments,
  listDoctors,
} from './admin-content.service';
import { getAnalytics, getStats } from './admin-stats.service';
import { deleteUser, listPendingReps, listSubscriptions, listUsers, setUserStatus } from './admin-users.service';

// The admin dashboard's calls (spec part 2, 7 "Admin"; issue 7). Every /api/admin/* call needs an admin
// session, except the public active announcement the rep dashboard reads.

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by main.ts: closes the app gracefully and exits for the supervisor to start it again. */
    requestRestart?: () => void;
  }
}

const AUTH_LIMIT = { max: 5, timeWindow: 15 * 60_000 };
/** The one admin account, whatever the address: rotating X-Forwarded-For behind a proxy does not reset it (issue 9). */
const AUTH_ACCOUNT_LIMIT = { max: 10, timeWindow: 15 * 60_000 };

function adminLoginLimit(app: FastifyInstance): preHandlerAsyncHookHandler {
  const limiter = app.createRateLimit({ ...AUTH_LIMIT, keyGenerator: (req) => `admin-auth:ip:${req.ip}` });
  const accountLimiter = app.createRateLimit({ ...AUTH_ACCOUNT_LIMIT, keyGenerator: () => 'admin-auth:account' });
  return async (request) => {
    let r = await limiter(request);
    if (r.isAllowed || !r.isExceeded) r = await accountLimiter(request);
    if (!r.isAllowed && r.isExceeded) {
      const seconds = Math.max(1, r.ttlInSeconds);
      await recordSecurityEvent(app, request, { eventType: 'rate_limited', threatLevel: 'high', blocked: true, details: { limit: 'adminAuthenticate' } });
      throw new AppError('rate_limited', `Too many attempts. Please try again in ${seconds} seconds.`, 429, { 'retry-after': String(seconds) });
    }
  };
}

export async function adminRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const adminOnly = { onRequest: requireUser(['admin']) }; // before body validation: no session, no hints
  const ctx = (request: FastifyRequest) => ({ app, request });

  // --- the gate ---
  app.post('/api/admin/authenticate', { preHandler: adminLoginLimit(app), schema: { body: adminAuthenticateSchema } }, async (request, reply) =>
    authenticateAdmin(ctx(request), reply, request.body.password),
  );
  app.post('/api/admin/logout', async (request, reply) => logoutAdmin(ctx(request), reply));
  app.get('/api/admin/session', async (request) => {
    const actor = await request.getActor();
    if (actor?.type !== 'admin') throw unauthorized(ADMIN_MESSAGES.authRequired);
    return { authenticated: true };
  });

  // --- public: the rep dashboard's banner ---
  app.get('/api/admin/notifications/active', async () => ({ notification: await getActiveNotification(app) }));

  // --- overview ---
  app.get('/api/admin/stats', adminOnly, async () => getStats(app));
  app.get('/api/admin/analytics', adminOnly, async () => getAnalytics(app));

  // --- users ---
  app.get('/api/admin/users', adminOnly, async () => ({ users: await listUsers(app) }));
  app.delete('/api/admin/users/:id', { ...adminOnly, schema: { params: idParamSchema, body: deleteUserSchema } }, async (request) =>
    deleteUser(ctx(request), { id: request.params.id, userType: request.body.userType }),
  );
  app.patch('/api/admin/users/:id/status', { ...adminOnly, schema: { params: idParamSchema, body: updateUserStatusSchema } }, async (request) =>
    setUserStatus(ctx(request), { id: request.params.id, ...request.body }),
  );
  app.get('/api/admin/subscriptions', adminOnly, async () => ({ subscriptions: await listSubscriptions(app) }));
  app.get('/api/admin/pending-medical-reps', adminOnly, async () => ({ pendingReps: await listPendingReps(app) }));

  // --- doctors and appointments ---
  app.get('/api/admin/doctors', adminOnly, async () => ({ doctors: await listDoctors(app) }));
  app.delete('/api/admin/doctors/:id', { ...adminOnly, schema: { params: idParamSchema } }, async (request) => deleteDoctorLink(ctx(request), request.params.id));
  app.get('/api/admin/appointments', adminOnly, async () => ({ appointments: await listAppointments(app) }));
  app.delete('/api/admin/appointments/:id', { ...adminOnly, schema: { params: idParamSchema } }, async (request) =>
    deleteAppointment(ctx(request), request.params.id),
  );

  // --- the broadcast ---
  app.post('/api/admin/notifications', { ...adminOnly, schema: { body: broadcastSchema } }, async (request) => broadcast(ctx(request), request.body.message));
  app.delete('/api/admin/notifications/active', adminOnly, async (request) => clearActiveNotification(ctx(request)));

  // --- restart: answer first, then close gracefully (in-flight requests finish) and let the supervisor
  // (src/server/supervisor.ts) start the server again ---
  app.post(
    '/api/admin/restart-server',
    {
      ...adminOnly,
      onResponse: async (_request, reply) => {
        if (reply.statusCode !== 202) return;
        if (app.requestRestart) app.requestRestart();
        else app.log.warn('restart requested, but this process was not started by the supervisor; nothing restarts');
      },
    },
    async (request, reply) => {
      await recordSecurityEvent(app, request, { eventType: 'admin_restart', userType: 'admin', userId: 0, threatLevel: 'medium' });
      return reply.status(202).send({ message: ADMIN_MESSAGES.restarting });
    },
  );

  await app.register(adminEmailRoutes);
}
