import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { cacheKey } from '../cache/cache-keys';
import { invalidatingTransaction } from '../cache/invalidation';
import { defineReadCache } from '../cache/read-cache';
import type { DbOrTx } from '../db/client';
import { preparedOnce, type Param } from '../db/query-tools';
import { admins, clinicUsers, medicalReps, sessions } from '../db/schema';
import type { Deps } from '../deps';
import { forbidden, unauthorized, AppError, isDatabaseUnavailable } from '../errors';
import { SESSION_COOKIE } from '../../shared/site-cookies';
import { ERROR_MESSAGES } from '../../shared/errors';
import { SINGLE_PASSWORD_ADMIN, type AdminRole } from '../../shared/schemas/admin-team';

// Server-side sessions (docs/decisions/002-server-sessions.md). The cookie holds a random token; the sessions table holds its SHA-256,
// so a leaked table cannot be replayed. Dashboards trust GET /api/auth/me, not data saved in the browser.

export { SESSION_COOKIE };
export type UserType = 'clinic' | 'medrep' | 'admin';

/** The admin acting (docs/decisions/042-admin-team.md): a named admin, or the single-password session (id 0). */
export interface AdminActor {
  id: number;
  name: string;
  role: AdminRole;
}

export interface Actor {
  type: UserType;
  id: number; // the admin's id; 0 for the single-password session
  sessionId: string;
  termsAccepted: boolean;
  /** Set for an admin session: who acts, read from `admins` on every request (deactivation ends it at once). */
  admin?: AdminActor;
  /** The account's language (docs/decisions/045): its answers come in it; null until chosen. */
  language?: string | null;
}

const HOUR = 3_600_000;
export const SESSION_LIFETIME_MS = {
  remember: 30 * 24 * HOUR, // 'Remember me': 30 days
  browser: 12 * HOUR, // without it: ends with the browser or after 12 hours
  adminIdle: 30 * 60_000, // admin: 30 minutes idle
} as const;
const TOUCH_EVERY_MS = 60_000;

/**
 * A device's online spells (docs/decisions/046): requests closer than `silenceMs` (several touches apart) belong to one
 * spell; what a device queued offline is sent as its spell begins, so for `flushWithinMs` after a spell starts the
 * device's last contact is the one before the silence.
 */
const ONLINE_SPELL = { silenceMs: 3 * TOUCH_EVERY_MS, flushWithinMs: 2 * TOUCH_EVERY_MS } as const;

/**
 * The last time the server saw this session's device online before the spell the current request belongs to began,
 * or within it: at most TOUCH_EVERY_MS early (touches are kept once a minute), never late. Null for no session.
 */
export async function lastOnlineContact(db: DbOrTx, o: { sessionId: string; now: Date }): Promise<Date | null> {
  const [row] = await db
    .select({ lastSeenAt: sessions.lastSeenAt, onlineSince: sessions.onlineSince, seenBefore: sessions.seenBeforeOnlineAt, createdAt: sessions.createdAt })
    .from(sessions)
    .where(eq(sessions.id, o.sessionId))
    .limit(1);
  if (!row) return null;
  const spellJustBegan = row.onlineSince !== null && o.now.getTime() - row.onlineSince.getTime() <= ONLINE_SPELL.flushWithinMs;
  return spellJustBegan ? (row.seenBefore ?? row.createdAt) : row.lastSeenAt;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in actor, read once per request from the session cookie; null when none. */
    getActor(): Promise<Actor | null>;
  }
  interface FastifyInstance {
    /** Sign-outs the database could not take yet (an outage), finished once it answers again. */
    pendingSignOuts: PendingSignOuts;
  }
}

/** Starts a session: a fresh token every login (the cookie value changes), stored hashed. */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  opts: { type: UserType; id: number; rememberMe: boolean },
): Promise<void> {
  const now = app.clock.now();
  const token = newToken();
  const lifetime = opts.type === 'admin' ? SESSION_LIFETIME_MS.adminIdle : opts.rememberMe ? SESSION_LIFETIME_MS.remember : SESSION_LIFETIME_MS.browser;
  // A session cookie of the previous login on this browser ends here too.
  // A new session is a new key: nothing cached changes (docs/decisions/016-keyed-read-caches.md); the
  // previous session's key is dropped.
  const previous = request.cookies[SESSION_COOKIE];
  if (previous) await deleteSessions(app, eq(sessions.id, hashToken(previous)), cacheKey.session(hashToken(previous)));
  await app.db.insert(sessions).values({
    id: hashToken(token),
    userType: opts.type,
    userId: opts.id,
    rememberMe: opts.rememberMe,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + lifetime),
    ipAddress: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
  });
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.secureCookies,
    // Without 'Remember me' the cookie is a browser-session cookie (no maxAge).
    ...(opts.rememberMe && opts.type !== 'admin' ? { maxAge: Math.floor(lifetime / 1000) } : {}),
  });
}

/**
 * Ends the current session on the server and clears the cookie (`onlyType`: only a session of that type). The cookie
 * is cleared first, so even an error answer tells the browser to forget it. When the database cannot be reached
 * the call still fails (503), but the session is refused on this instance at once and deleted as soon as the
 * database answers again (docs/decisions/029-request-edge-hardening.md).
 */
export async function endSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, o: { onlyType?: UserType } = {}): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  if (!token || token.length > 100) return;
  const id = hashToken(token);
  try {
    await deleteSignedOut(app, { id, onlyType: o.onlyType });
  } catch (err) {
    if (isDatabaseUnavailable(err)) app.pendingSignOuts.add({ id, onlyType: o.onlyType });
    throw err;
  }
}

interface SignOut {
  /** The session's id (its token's hash). */
  id: string;
  onlyType?: UserType;
}

const deleteSignedOut = (deps: Pick<Deps, 'db'>, s: SignOut) =>
  deleteSessions(deps, s.onlyType ? and(eq(sessions.id, s.id), eq(sessions.userType, s.onlyType))! : eq(sessions.id, s.id), cacheKey.session(s.id));

/**
 * Sign-outs that met a database outage: refused by this instance at once (its cached copy of the session too), and
 * retried every few seconds until the database takes them. Kept in this process only: if it stops before the
 * database is back, such a session lives on until it expires (its browser has forgotten the cookie). Bounded.
 */
class PendingSignOuts {
  private static readonly MAX = 10_000;
  private static readonly RETRY_MS = 2_000;
  private readonly pending = new Map<string, SignOut>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  constructor(private readonly deps: Pick<Deps, 'db' | 'log'>) {}

  has(id: string): boolean {
    return this.pending.has(id);
  }
  add(signOut: SignOut): void {
    if (this.pending.size >= PendingSignOuts.MAX) this.pending.delete(this.pending.keys().next().value!);
    this.pending.set(signOut.id, signOut);
    this.deps.log.warn({ pending: this.pending.size }, 'sign-out waits for the database');
    this.timer ??= setInterval(() => void this.flush(), PendingSignOuts.RETRY_MS).unref();
  }
  /** Deletes what is pending; stops at the first failure (the database is still away) and tries again later. */
  flush(): Promise<void> {
    if (this.pending.size === 0) return Promise.resolve();
    this.flushing ??= (async () => {
      try {
        for (const signOut of [...this.pending.values()]) {
          await deleteSignedOut(this.deps, signOut);
          this.pending.delete(signOut.id);
        }
        if (this.pending.size === 0 && this.timer) {
          clearInterval(this.timer);
          this.timer = null;
        }
      } catch (err) {
        if (!isDatabaseUnavailable(err)) this.deps.log.error({ err }, 'pending sign-out failed');
      } finally {
        this.flushing = null;
      }
    })();
    return this.flushing;
  }
  /** At shutdown: one last try, then what is still pending is given up (logged). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.pending.size === 0) return;
    await this.flush();
    if (this.pending.size > 0) this.deps.log.error({ pending: this.pending.size }, 'sign-outs not written: those sessions last until they expire');
  }
}

/** Ends every session of an account (password reset, deactivation, deletion). */
export async function endAllSessions(deps: Pick<Deps, 'db'>, type: UserType, id: number): Promise<void> {
  await deleteSessions(deps, and(eq(sessions.userType, type), eq(sessions.userId, id))!, cacheKey.account(type, id));
}

/** Deletes sessions and, at the commit, drops them from every instance's session cache under `key`. */
async function deleteSessions(deps: Pick<Deps, 'db'>, where: SQL, key: string): Promise<void> {
  await invalidatingTransaction(deps.db, async (tx, changed) => {
    await tx.delete(sessions).where(where);
    changed.add(key);
  });
}

interface SessionRecord {
  userType: UserType;
  userId: number;
  expiresAt: Date;
  lastSeenAt: Date;
  /** The account is active (an admin session has no account row). */
  active: boolean;
  termsAccepted: boolean;
  /** The account's language (an admin's is read with the admin, never cached). */
  language: string | null;
}

/**
 * Sessions of clinics and reps by their token's hash, kept until the session is deleted (sign-out: its key)
 * or its account changes (status, terms, revocation: the account's key finds all its sessions), on every
 * instance (docs/decisions/016-keyed-read-caches.md). A login adds a key and drops nothing. Admin sessions
 * slide their expiry on activity and are always read from the database. The misses of one event-loop turn
 * (e.g. after a restart) are read with one query. ~300 bytes an entry: 100,000 sessions ~ 30 MB.
 */
const sessionCache = defineReadCache<{ id: string; now: Date }, SessionRecord | null>({
  name: 'sessions',
  max: 100_000,
  keep: (s) => s !== null && s.userType !== 'admin',
  keyOf: (a) => a.id,
  valueTags: (s) => (s ? [cacheKey.account(s.userType, s.userId)] : []),
  invalidatedBy: { session: ([hash]) => hash, account: (parts) => `account:${parts.join(':')}` },
  missing: null,
  loadOne: async (db, arg) => {
    const prepared = sessionPrepared(db);
    const rows = await (prepared?.execute({ id: arg.id, now: arg.now.toISOString() }) ?? sessionsQuery(db, arg.id, arg.now));
    return rows[0] ? sessionRecordOf(rows[0]) : null;
  },
  loadMany: (db, args) => readSessions(db, args),
});

/**
 * A session that has not expired, with its account's status and terms, through this instance's cache (in a
 * transaction, read). A cached session still ends at its expiry.
 */
export async function readSession(db: DbOrTx, o: { id: string; now: Date }): Promise<SessionRecord | null> {
  const session = await sessionCache.read(db, o);
  return session && session.expiresAt.getTime() > o.now.getTime() ? session : null;
}

const sessionColumns = {
  id: sessions.id,
  userType: sessions.userType,
  userId: sessions.userId,
  expiresAt: sessions.expiresAt,
  lastSeenAt: sessions.lastSeenAt,
  clinicStatus: clinicUsers.status,
  clinicTerms: clinicUsers.termsAccepted,
  repStatus: medicalReps.status,
  repTerms: medicalReps.termsAccepted,
  clinicLanguage: clinicUsers.language,
  repLanguage: medicalReps.language,
};

/** Sessions with their accounts in one round trip (no work repeated per request; decision 012). */
const sessionsQuery = (db: DbOrTx, ids: Param<string> | string[], now: Param<Date>) =>
  db
    .select(sessionColumns)
    .from(sessions)
    .leftJoin(clinicUsers, and(eq(sessions.userType, 'clinic'), eq(clinicUsers.id, sessions.userId)))
    .leftJoin(medicalReps, and(eq(sessions.userType, 'medrep'), eq(medicalReps.id, sessions.userId)))
    .where(and(Array.isArray(ids) ? inArray(sessions.id, ids) : eq(sessions.id, ids), gt(sessions.expiresAt, now)));
/** One session: the usual miss, prepared once (PostgreSQL plans it once per connection; read-cache.ts ONE_BY_ONE_UP_TO). */
const sessionPrepared = preparedOnce((db) => sessionsQuery(db, sql.placeholder('id'), sql.placeholder('now')).prepare('rv_session'));

type SessionRow = Awaited<ReturnType<typeof sessionsQuery>>[number];

function sessionRecordOf(session: SessionRow): SessionRecord {
  const type = session.userType as UserType;
  const isClinic = type === 'clinic';
  return {
    userType: type,
    userId: session.userId,
    expiresAt: session.expiresAt,
    lastSeenAt: session.lastSeenAt,
    active: type === 'admin' || (isClinic ? session.clinicStatus : session.repStatus) === 'active',
    termsAccepted: type === 'admin' || (isClinic ? session.clinicTerms : session.repTerms) === true,
    language: type === 'admin' ? null : ((isClinic ? session.clinicLanguage : session.repLanguage) ?? null),
  };
}

async function readSessions(db: DbOrTx, args: Array<{ id: string; now: Date }>): Promise<Map<string, SessionRecord>> {
  const rows = await sessionsQuery(
    db,
    args.map((a) => a.id),
    args[0]!.now,
  );
  return new Map(rows.map((row) => [row.id, sessionRecordOf(row)]));
}

async function loadActor(app: FastifyInstance, request: FastifyRequest, touches: SessionTouches): Promise<Actor | null> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token || token.length > 100) return null;
  const now = app.clock.now();
  const id = hashToken(token);
  // Signed out while the database was away: over here, even if a copy is still cached.
  if (app.pendingSignOuts.has(id)) return null;
  const session = await readSession(app.db, { id, now });
  // A deleted or deactivated account's sessions stop at once.
  // (A cached record is shared by this instance's requests: only lastSeenAt is ever changed in it.)
  if (!session || !session.active) return null;
  // Admin sessions are never cached: who acts is read now (an admin deactivated, or the single password retired).
  const admin = session.userType === 'admin' ? await resolveAdmin(app.db, session.userId) : undefined;
  if (admin === null) return null;
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    session.lastSeenAt = now;
    if (session.userType === 'admin') {
      // The admin's idle timeout slides with activity; written at once so the next read sees it.
      await app.db
        .update(sessions)
        .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS.adminIdle) })
        .where(eq(sessions.id, id));
    } else {
      touches.note(id, now);
    }
  }
  const language = admin ? admin.language : session.language;
  return {
    type: session.userType,
    id: session.userId,
    sessionId: id,
    termsAccepted: session.termsAccepted,
    language,
    ...(admin ? { admin: { id: admin.id, name: admin.name, role: admin.role } } : {}),
  };
}

/**
 * True once a named owner has enrolled (docs/decisions/042-admin-team.md): from then on the gate asks for e-mail,
 * password and code, and the single-password session (id 0) opens nothing. A reset of that owner's second factor
 * keeps `enrolled_at`, so the switch never goes back.
 */
export async function namedOwnerExists(db: DbOrTx): Promise<boolean> {
  const [row] = await db
    .select({ id: admins.id })
    .from(admins)
    .where(and(eq(admins.role, 'owner'), isNotNull(admins.enrolledAt)))
    .limit(1);
  return row !== undefined;
}

/** The admin of a session: the single-password one while no named owner exists, else an active named admin. */
async function resolveAdmin(db: DbOrTx, id: number): Promise<(AdminActor & { language: string | null }) | null> {
  // The single-password session has no row, so no saved language: its answers follow Accept-Language.
  if (id === 0) return (await namedOwnerExists(db)) ? null : { ...SINGLE_PASSWORD_ADMIN, language: null };
  const [row] = await db
    .select({ id: admins.id, name: admins.name, role: admins.role, active: admins.active, language: admins.language })
    .from(admins)
    .where(eq(admins.id, id))
    .limit(1);
  return row?.active ? { id: row.id, name: row.name, role: row.role as AdminRole, language: row.language } : null;
}

/**
 * Last-activity times of clinic and rep sessions, written in one statement every few seconds instead of
 * one UPDATE per request (decision 012). Nothing depends on them being to the second: they are shown in the
 * privacy export and kept for the records.
 */
class SessionTouches {
  private pending = new Map<string, Date>();
  private timer: NodeJS.Timeout;
  constructor(private readonly app: FastifyInstance) {
    this.timer = setInterval(() => void this.flush(), 5_000);
    this.timer.unref();
  }
  note(id: string, at: Date): void {
    this.pending.set(id, at);
  }
  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending];
    this.pending = new Map();
    const rows = sql.join(
      batch.map(([id, at]) => sql`(${id}, ${at.toISOString()}::timestamptz)`),
      sql`, `,
    );
    const silence = `${ONLINE_SPELL.silenceMs / 1000} seconds`;
    try {
      await this.app.db.execute(
        // A touch after a silence starts a new online spell and keeps the contact before it (docs/decisions/046). The
        // right-hand sides read the row as it was, so the case expressions see the old last_seen_at.
        sql`update sessions as s set
              seen_before_online_at = case when v.seen - s.last_seen_at > ${silence}::interval then s.last_seen_at else s.seen_before_online_at end,
              online_since = case when v.seen - s.last_seen_at > ${silence}::interval then v.seen else s.online_since end,
              last_seen_at = v.seen
            from (values ${rows}) as v(id, seen) where s.id = v.id and s.last_seen_at < v.seen`,
      );
    } catch (err) {
      this.app.log.warn({ err }, 'session activity not recorded');
    }
  }
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}

export function registerAuth(app: FastifyInstance): void {
  const touches = new SessionTouches(app);
  app.addHook('preClose', () => touches.stop());
  app.decorate('pendingSignOuts', new PendingSignOuts(app));
  app.addHook('preClose', () => app.pendingSignOuts.stop());
  app.decorateRequest('getActor', function (this: FastifyRequest) {
    const self = this as FastifyRequest & { _actor?: Promise<Actor | null> };
    self._actor ??= loadActor(app, this, touches);
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
