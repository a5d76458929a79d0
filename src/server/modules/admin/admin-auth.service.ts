import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_MESSAGES } from '../../../shared/schemas/admin';
import { AppError, unauthorized } from '../../errors';
import { endSession, startSession } from '../../plugins/auth';
import { recordSecurityEvent } from '../../plugins/security';

// The admin gate (issue 7): one password from ADMIN_PASSWORD, a server session of type 'admin' (30 minutes
// idle, plugins/auth.ts). Without ADMIN_PASSWORD the admin side is off.

interface Ctx {
  app: FastifyInstance;
  request: FastifyRequest;
}

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** Constant time whatever the lengths: both sides are hashed to 32 bytes first. */
export function samePassword(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

export async function authenticateAdmin({ app, request }: Ctx, reply: FastifyReply, password: string) {
  const expected = app.config.ADMIN_PASSWORD;
  if (!expected) throw new AppError('admin_off', ADMIN_MESSAGES.adminOff, 503);
  if (!samePassword(password, expected)) {
    await recordSecurityEvent(app, request, { eventType: 'admin_login_failed', userType: 'admin', threatLevel: 'medium' });
    throw unauthorized(ADMIN_MESSAGES.invalidCredentials);
  }
  await startSession(app, request, reply, { type: 'admin', id: 0, rememberMe: false });
  await recordSecurityEvent(app, request, { eventType: 'admin_login_success', userType: 'admin', userId: 0 });
  return { message: ADMIN_MESSAGES.authenticated };
}

export async function logoutAdmin({ app, request }: Ctx, reply: FastifyReply) {
  const actor = await request.getActor();
  if (actor?.type === 'admin') await recordSecurityEvent(app, request, { eventType: 'admin_logout', userType: 'admin', userId: 0 });
  // Only an admin session is ended here; a rep's or clinic's cookie on this browser stays as it is.
  if (actor?.type === 'admin') await endSession(app, request, reply);
  return { message: ADMIN_MESSAGES.loggedOut };
}
