import { createHash, randomBytes } from 'node:crypto';
import { cacheKey } from '../../cache/cache-keys';
import { defineReadCache } from '../../cache/read-cache';
import type { DbOrTx } from '../../db/client';
import { withWrite, type Write } from '../../db/write';
import type { Deps } from '../../deps';
import { isDatabaseUnavailable } from '../../errors';
import { SINGLE_PASSWORD_ADMIN } from '../../../shared/schemas/admin-team';
import type { Actor, AdminActor, UserType } from './actor';
import * as repo from './sessions.repo';

export type { Actor, AdminActor, UserType } from './actor';

// Server-side sessions (docs/decisions/002-server-sessions.md). The cookie holds a random token; the sessions table holds
// its SHA-256, so a leaked table cannot be replayed. The cookie itself is the auth plugin's (plugins/auth.ts); this is
// the store behind it: sessions started, read (through a cache) and ended, their activity written in batches, and
// sign-outs held through a database outage. One SessionStore per app (buildApp; docs/decisions/063).

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

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
/** A cookie value that cannot be one of our tokens is not looked up. */
const isTokenShaped = (token: string | undefined): token is string => !!token && token.length <= 100;

/**
 * The last time the server saw this session's device online before the spell the current request belongs to began,
 * or within it: at most TOUCH_EVERY_MS early (touches are kept once a minute), never late. Null for no session.
 */
export async function lastOnlineContact(db: DbOrTx, o: { sessionId: string; now: Date }): Promise<Date | null> {
  const row = await repo.findSessionContact(db, o.sessionId);
  if (!row) return null;
  const spellJustBegan = row.onlineSince !== null && o.now.getTime() - row.onlineSince.getTime() <= ONLINE_SPELL.flushWithinMs;
  return spellJustBegan ? (row.seenBefore ?? row.createdAt) : row.lastSeenAt;
}

/** Ends every session of an account (password reset, deactivation, deletion), on every instance at the commit. */
export async function endAllSessions(deps: Pick<Deps, 'db'>, type: UserType, id: number): Promise<void> {
  await withWrite(deps, (w) => repo.deleteAccountSessions(w, { type, id }));
}

/** Ends every session of a clinic team member in the caller's write `w` (deactivated: decision 072), on every instance at the commit. */
export async function endMemberSessions(w: Write, o: { memberId: number }): Promise<void> {
  await repo.deleteMemberSessions(w, o);
}

interface SignOut {
  /** The session's id (its token's hash). */
  id: string;
  onlyType?: UserType;
}

const deleteSignedOut = (deps: Pick<Deps, 'db'>, s: SignOut) => withWrite(deps, (w) => repo.deleteSession(w, s));

/**
 * Sessions of clinics and reps by their token's hash, kept until the session is deleted (sign-out: its key)
 * or its account changes (status, terms, revocation: the account's key finds all its sessions), on every
 * instance (docs/decisions/016-keyed-read-caches.md). A login adds a key and drops nothing. Admin sessions
 * slide their expiry on activity and are always read from the database. The misses of one event-loop turn
 * (e.g. after a restart) are read with one query. 1,176-1,227 bytes an entry on the heap with its tags (measured
 * 2026-12-03, scripts/measure-cache-memory.ts at 10x): 64 MB keeps ~53,000 signed-in users, the least recent out,
 * a state's reps at once (docs/performance.md, the capacity model): with 32 MB the bench's 50,000 reps, each asking in
 * turn, missed on nearly every cached read (the cascade at 9-13% of its baseline, 2026-12-03).
 */
const sessionCache = defineReadCache<{ id: string; now: Date }, repo.SessionRecord | null>({
  name: 'sessions',
  max: 53_600,
  maxBytes: 64 * 2 ** 20,
  sizeOf: () => 1250,
  keep: (s) => s !== null && s.userType !== 'admin',
  keyOf: (a) => a.id,
  valueTags: (s) => (s ? [cacheKey.account(s.userType, s.userId), ...(s.memberId ? [cacheKey.account('clinic-member', s.memberId)] : [])] : []),
  invalidatedBy: { session: ([hash]) => hash, account: (parts) => `account:${parts.join(':')}` },
  missing: null,
  loadOne: (db, arg) => repo.findLiveSession(db, arg),
  loadMany: (db, args) => repo.findLiveSessions(db, { ids: args.map((a) => a.id), now: args[0]!.now }),
});

/**
 * A session that has not expired, with its account's status and terms, through this instance's cache (in a
 * transaction, read). A cached session still ends at its expiry.
 */
export async function readSession(db: DbOrTx, o: { id: string; now: Date }): Promise<repo.SessionRecord | null> {
  const session = await sessionCache.read(db, o);
  return session && session.expiresAt.getTime() > o.now.getTime() ? session : null;
}

/**
 * True once a named owner has enrolled (docs/decisions/042-admin-team.md): from then on the gate asks for e-mail,
 * password and code, and the single-password session (id 0) opens nothing. A reset of that owner's second factor
 * keeps `enrolled_at`, so the switch never goes back.
 */
export const namedOwnerExists = (db: DbOrTx): Promise<boolean> => repo.enrolledOwnerExists(db);

/** The admin of a session: the single-password one while no named owner exists, else an active named admin. */
async function resolveAdmin(db: DbOrTx, id: number): Promise<(AdminActor & { language: string | null }) | null> {
  // The single-password session has no row, so no saved language: its answers follow Accept-Language.
  if (id === 0) return (await namedOwnerExists(db)) ? null : { ...SINGLE_PASSWORD_ADMIN, language: null };
  const row = await repo.findAdmin(db, id);
  return row?.active ? { id: row.id, name: row.name, role: row.role, language: row.language } : null;
}

/** Who of a clinic, or which doctor, acts in a session (decision 072): named in the clinic's Activity log. */
function personOf(s: repo.SessionRecord): Pick<Actor, 'clinicRole' | 'memberId' | 'person'> {
  if (s.userType === 'doctor') return { person: { kind: 'doctor', id: s.userId, name: s.personName ?? '' } };
  if (s.userType !== 'clinic' || !s.clinicRole) return {};
  const person = { kind: s.clinicRole, id: s.memberId ?? s.userId, name: s.personName ?? '' };
  return { clinicRole: s.clinicRole, person, ...(s.memberId ? { memberId: s.memberId } : {}) };
}

type StoreDeps = Pick<Deps, 'db' | 'clock' | 'log'>;

/** The sessions of one app: started, read once per request, ended; stopped when the app closes. */
export class SessionStore {
  private readonly touches: SessionTouches;
  private readonly pendingSignOuts: PendingSignOuts;
  constructor(private readonly deps: StoreDeps) {
    this.touches = new SessionTouches(deps);
    this.pendingSignOuts = new PendingSignOuts(deps);
  }

  /**
   * Starts a session: a fresh token every login (the cookie value changes), stored hashed. The session of
   * `previousToken` (the browser's previous login) ends here too. Answers the token and how long it lasts.
   */
  async start(o: {
    type: UserType;
    id: number;
    /** A clinic team member signing in (decision 072): the session is the clinic's, and names the member. */
    memberId?: number;
    rememberMe: boolean;
    previousToken: string | undefined;
    ip: string;
    userAgent: string | undefined;
  }): Promise<{ token: string; lifetimeMs: number }> {
    const now = this.deps.clock.now();
    const token = newToken();
    const lifetimeMs = o.type === 'admin' ? SESSION_LIFETIME_MS.adminIdle : o.rememberMe ? SESSION_LIFETIME_MS.remember : SESSION_LIFETIME_MS.browser;
    // A new session is a new key: nothing cached changes (docs/decisions/016-keyed-read-caches.md); the
    // previous session's key is dropped.
    if (o.previousToken) await deleteSignedOut(this.deps, { id: hashToken(o.previousToken) });
    await withWrite(this.deps, (w) =>
      repo.insertSession(w, {
        id: hashToken(token),
        userType: o.type,
        userId: o.id,
        memberId: o.memberId ?? null,
        rememberMe: o.rememberMe,
        now,
        expiresAt: new Date(now.getTime() + lifetimeMs),
        ipAddress: o.ip,
        userAgent: o.userAgent?.slice(0, 300) ?? null,
      }),
    );
    return { token, lifetimeMs };
  }

  /**
   * Ends the session of `token` (`onlyType`: only a session of that type). When the database cannot be reached the
   * call still fails (503), but the session is refused on this instance at once and deleted as soon as the database
   * answers again (docs/decisions/029-request-edge-hardening.md).
   */
  async end(o: { token: string | undefined; onlyType?: UserType }): Promise<void> {
    if (!isTokenShaped(o.token)) return;
    const signOut = { id: hashToken(o.token), onlyType: o.onlyType };
    try {
      await deleteSignedOut(this.deps, signOut);
    } catch (err) {
      if (isDatabaseUnavailable(err)) this.pendingSignOuts.add(signOut);
      throw err;
    }
  }

  /** The actor of the session of `token`, or null (none, expired, signed out, its account inactive). */
  async actorOf(token: string | undefined): Promise<Actor | null> {
    if (!isTokenShaped(token)) return null;
    const { db } = this.deps;
    const now = this.deps.clock.now();
    const id = hashToken(token);
    // Signed out while the database was away: over here, even if a copy is still cached.
    if (this.pendingSignOuts.has(id)) return null;
    const session = await readSession(db, { id, now });
    // A deleted or deactivated account's sessions stop at once.
    // (A cached record is shared by this instance's requests: only lastSeenAt is ever changed in it.)
    if (!session || !session.active) return null;
    // Admin sessions are never cached: who acts is read now (an admin deactivated, or the single password retired).
    const admin = session.userType === 'admin' ? await resolveAdmin(db, session.userId) : undefined;
    if (admin === null) return null;
    if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      session.lastSeenAt = now;
      // The admin's idle timeout slides with activity; written at once so the next read sees it.
      if (session.userType === 'admin') {
        const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS.adminIdle);
        await withWrite(this.deps, (w) => repo.slideAdminSession(w, { id, now, expiresAt }));
      } else this.touches.note(id, now);
    }
    return {
      type: session.userType,
      id: session.userId,
      sessionId: id,
      termsAccepted: session.termsAccepted,
      language: admin ? admin.language : session.language,
      ...(admin ? { admin: { id: admin.id, name: admin.name, role: admin.role } } : {}),
      ...personOf(session),
    };
  }

  /** The activity noted so far, written now rather than at the next tick (a test that reads it, as the outbox's drain). */
  flushActivity(): Promise<void> {
    return this.touches.flush();
  }

  /** At shutdown: the activity noted so far is written, and held sign-outs get one last try. */
  async stop(): Promise<void> {
    await this.touches.stop();
    await this.pendingSignOuts.stop();
  }
}

/**
 * Last-activity times of clinic and rep sessions, written in one statement every few seconds instead of
 * one UPDATE per request (decision 012). Nothing depends on them being to the second: they are shown in the
 * privacy export and kept for the records.
 */
class SessionTouches {
  private pending = new Map<string, Date>();
  private timer: NodeJS.Timeout;
  constructor(private readonly deps: Pick<Deps, 'db' | 'log'>) {
    this.timer = setInterval(() => void this.flush(), 5_000);
    this.timer.unref();
  }
  note(id: string, at: Date): void {
    this.pending.set(id, at);
  }
  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const seen = [...this.pending];
    this.pending = new Map();
    try {
      await withWrite(this.deps, (w) => repo.recordSessionActivity(w, { seen, silenceMs: ONLINE_SPELL.silenceMs }));
    } catch (err) {
      this.deps.log.warn({ err }, 'session activity not recorded');
    }
  }
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}

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
