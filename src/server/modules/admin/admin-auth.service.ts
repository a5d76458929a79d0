import { createHash, timingSafeEqual } from 'node:crypto';
import { ADMIN_MESSAGES } from '../../../shared/schemas/admin';
import type { MessageResponse } from '../../../shared/schemas/common';
import type { Deps } from '../../deps';
import { AppError, unauthorized } from '../../errors';
import { recordSecurityEvent, type RequestOrigin } from '../../plugins/security';

// The admin gate (docs/decisions/009-admin-dashboard.md): one password from ADMIN_PASSWORD, a server session of
// type 'admin' (30 minutes idle, plugins/auth.ts). Without ADMIN_PASSWORD the admin side is off. The route
// starts and ends the session (the cookie is the edge's); these record what happened and answer.

type AdminAuthDeps = Pick<Deps, 'config' | 'db' | 'clock' | 'log'>;

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** Constant time whatever the lengths: both sides are hashed to 32 bytes first. */
export function samePassword(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** Refuses a wrong password (recorded as a failed admin login); the caller then starts the admin session. */
export async function checkAdminPassword(deps: AdminAuthDeps, o: { password: string; origin: RequestOrigin }): Promise<void> {
  const expected = deps.config.ADMIN_PASSWORD;
  if (!expected) throw new AppError('admin_off', ADMIN_MESSAGES.adminOff, 503);
  if (!samePassword(o.password, expected)) {
    await recordSecurityEvent(deps, o.origin, { eventType: 'admin_login_failed', userType: 'admin', threatLevel: 'medium' });
    throw unauthorized(ADMIN_MESSAGES.invalidCredentials);
  }
}

/** After the admin session has started. */
export async function recordAdminLogin(deps: AdminAuthDeps, o: { origin: RequestOrigin }): Promise<MessageResponse> {
  await recordSecurityEvent(deps, o.origin, { eventType: 'admin_login_success', userType: 'admin', userId: 0 });
  return { message: ADMIN_MESSAGES.authenticated };
}

/** Before the admin session ends; a rep's or clinic's session on the same browser is not the admin's to end. */
export async function logoutAdmin(deps: AdminAuthDeps, o: { isAdmin: boolean; origin: RequestOrigin }): Promise<MessageResponse> {
  if (o.isAdmin) await recordSecurityEvent(deps, o.origin, { eventType: 'admin_logout', userType: 'admin', userId: 0 });
  return { message: ADMIN_MESSAGES.loggedOut };
}
