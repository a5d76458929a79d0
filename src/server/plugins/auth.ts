import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { forbidden, unauthorized, AppError } from '../errors';
import { hashToken, SessionStore, type Actor, type AdminActor, type UserType } from '../modules/auth/sessions.service';
import type { ClinicRole } from '../modules/auth/actor';
import { SESSION_COOKIE } from '../../shared/site-cookies';
import { ERROR_MESSAGES } from '../../shared/errors';

// The session cookie and the role guards (docs/decisions/002-server-sessions.md). The sessions behind the cookie are
// modules/auth/sessions.service.ts's; this plugin only carries the token between the browser and that store.

export { SESSION_COOKIE };
// Read by the suites of cache/ and db/ through this file (docs/decisions/063: they move to modules/auth with those suites).
export { endAllSessions, hashToken, readSession, type Actor } from '../modules/auth/sessions.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in actor, read once per request from the session cookie; null when none. */
    getActor(): Promise<Actor | null>;
  }
  interface FastifyInstance {
    /** This app's sessions: their activity writes and the sign-outs held through an outage (docs/decisions/063). */
    sessions: SessionStore;
  }
}

/** Starts a session and gives the browser its cookie; a session cookie of the previous login on this browser ends here too. */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  opts: { type: UserType; id: number; memberId?: number; rememberMe: boolean },
): Promise<void> {
  const { token, lifetimeMs } = await app.sessions.start({
    ...opts,
    previousToken: request.cookies[SESSION_COOKIE],
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.secureCookies,
    // Without 'Remember me' the cookie is a browser-session cookie (no maxAge).
    ...(opts.rememberMe && opts.type !== 'admin' ? { maxAge: Math.floor(lifetimeMs / 1000) } : {}),
  });
}

/**
 * Ends the current session on the server and clears the cookie (`onlyType`: only a session of that type). The cookie
 * is cleared first, so even an error answer (the database away: 503, the sign-out held) tells the browser to forget it.
 */
export async function endSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, o: { onlyType?: UserType } = {}): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  await app.sessions.end({ token, onlyType: o.onlyType });
}

export function registerAuth(app: FastifyInstance): void {
  app.decorate('sessions', new SessionStore(app));
  app.addHook('preClose', () => app.sessions.stop());
  app.decorateRequest('getActor', function (this: FastifyRequest) {
    const self = this as FastifyRequest & { _actor?: Promise<Actor | null> };
    self._actor ??= app.sessions.actorOf(this.cookies[SESSION_COOKIE]);
    return self._actor;
  });
}

export const TERMS_REQUIRED_MESSAGE = /*i18n*/ 'You must accept the terms and conditions to use the product.';

/**
 * Guard: the request needs a session of one of `types`. Until the terms are accepted only the calls marked
 * `allowWithoutTerms` work (spec part 1, 4). `unauthorizedMessage`: the spec's own words for the 401 of a call,
 * where it has some (booking: spec part 2, 5).
 */
export function requireUser(types: UserType[], opts: { allowWithoutTerms?: boolean; unauthorizedMessage?: string } = {}): preHandlerAsyncHookHandler {
  return async function guard(request) {
    const actor = await request.getActor();
    if (!actor) {
      if (types.includes('admin') && types.length === 1) throw unauthorized(/*i18n*/ 'Admin authentication required');
      throw unauthorized(opts.unauthorizedMessage);
    }
    if (!types.includes(actor.type)) throw unauthorized(types.includes('admin') ? /*i18n*/ 'Admin authentication required' : opts.unauthorizedMessage);
    if (!actor.termsAccepted && !opts.allowWithoutTerms) throw new AppError('terms_required', TERMS_REQUIRED_MESSAGE, 403);
  };
}

/**
 * Guard of a pharma company's own routes (docs/decisions/087-company-accounts.md): a company's session, and its terms
 * accepted unless `allowWithoutTerms`. Every other kind of session is refused as no session is (401).
 */
export function requireCompany(opts: { allowWithoutTerms?: boolean } = {}): preHandlerAsyncHookHandler {
  return requireUser(['company'], opts);
}

/**
 * Guard of an owner's act (docs/decisions/042-admin-team.md): managing admins, restarting the server, deleting
 * accounts. Staff are refused with 403; the single-password session counts as an owner while it works at all.
 */
export function requireOwner(): preHandlerAsyncHookHandler {
  const signedIn = requireUser(['admin']);
  return async function ownerGuard(request, reply) {
    await signedIn.call(this, request, reply);
    const actor = await request.getActor();
    if (actor?.admin?.role !== 'owner') throw new AppError('admin_owner_only', ERROR_MESSAGES.admin_owner_only, 403);
  };
}

/**
 * Guard of a clinic route by who of the clinic acts (docs/decisions/072-clinic-team.md): a clinic session whose role is
 * one of `roles`, else 403 `forbidden_role` naming the role that may. The owner holds every role.
 */
export function requireClinicRole(roles: readonly ClinicRole[], opts: { allowWithoutTerms?: boolean } = {}): preHandlerAsyncHookHandler {
  const signedIn = requireUser(['clinic'], opts);
  return async function clinicRoleGuard(request, reply) {
    await signedIn.call(this, request, reply);
    const role = (await request.getActor())?.clinicRole ?? 'owner';
    if (role !== 'owner' && !roles.includes(role)) throw forbiddenRole(roles);
  };
}

/**
 * For a route other kinds of account call too (reps, admins): a clinic session's role must be one of `roles` (the owner
 * always passes), other sessions go on to the route's own checks. Runs after a requireUser guard (decision 072).
 */
export function limitClinicRoles(roles: readonly ClinicRole[]): preHandlerAsyncHookHandler {
  return async function clinicRoleLimit(request) {
    const actor = await request.getActor();
    const role = actor?.type === 'clinic' ? (actor.clinicRole ?? 'owner') : 'owner';
    if (role !== 'owner' && !roles.includes(role)) throw forbiddenRole(roles);
  };
}

/** 403 `forbidden_role`: the message names who may (the owner always may). */
export function forbiddenRole(roles: readonly ClinicRole[]): AppError {
  const message = roles.includes('reception')
    ? ERROR_MESSAGES.forbidden_role
    : roles.includes('manager')
      ? /*i18n*/ "Only the clinic's owner or a manager can do this."
      : /*i18n*/ "Only the clinic's owner can do this.";
  return new AppError('forbidden_role', message, 403);
}

/** The admin acting on a guarded admin route. */
export async function adminOf(request: FastifyRequest): Promise<AdminActor> {
  const actor = await request.getActor();
  if (!actor?.admin) throw unauthorized(/*i18n*/ 'Admin authentication required');
  return actor.admin;
}

/** The signed-in actor of a guarded route (the guard has already checked there is one). */
export async function actorOf(request: FastifyRequest): Promise<Actor> {
  const actor = await request.getActor();
  if (!actor) throw unauthorized();
  return actor;
}

/** Object-level authorisation: an id in a request must be the actor's own. */
export function assertSelf(actor: Actor, type: UserType, id: number): void {
  if (actor.type !== type || actor.id !== id) throw forbidden();
}

/** Rate limits count per session (many reps may share an office address), else per address. */
export function sessionRateKey(request: { cookies: Record<string, string | undefined>; ip: string }): string {
  const token = request.cookies[SESSION_COOKIE];
  return token ? `s:${hashToken(token)}` : `ip:${request.ip}`;
}
