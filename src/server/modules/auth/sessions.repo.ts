import { and, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import { cacheKey } from '../../cache/cache-keys';
import type { DbOrTx } from '../../db/client';
import type { Write } from '../../db/write';
import { namedStatement, type Param } from '../../db/query-tools';
import { admins, clinicMembers, clinicUsers, companyAccounts, doctorAccounts, medicalReps, sessions } from '../../db/schema';
import type { AdminRole } from '../../../shared/schemas/admin-team';
import type { AdminActor, ClinicRole, UserType } from './actor';

// Queries of the server-side sessions (docs/decisions/002-server-sessions.md): a row per signed-in browser, its id the
// SHA-256 of the cookie's token, read with its account's status, terms and language in one round trip (decision 012).

/** A session that has not expired, with what a request needs of its account. */
export interface SessionRecord {
  userType: UserType;
  userId: number;
  expiresAt: Date;
  lastSeenAt: Date;
  /** The account is active (an admin session has no account row). */
  active: boolean;
  termsAccepted: boolean;
  /** The account's language (an admin's is read with the admin, never cached). */
  language: string | null;
  /** A clinic session: who signed in (decision 072): the owner, or the member with their role. */
  clinicRole?: ClinicRole;
  memberId?: number;
  /** The name of who signed in: the clinic's contact person, the member, the doctor. */
  personName?: string;
}

/** A new session: a new key, so nothing cached changes (docs/decisions/016-keyed-read-caches.md). */
export async function insertSession(
  db: Write,
  row: {
    id: string;
    userType: UserType;
    userId: number;
    memberId?: number | null;
    rememberMe: boolean;
    now: Date;
    expiresAt: Date;
    ipAddress: string;
    userAgent: string | null;
  },
): Promise<void> {
  const { now, ...values } = row;
  await db.insert(sessions).values({ ...values, createdAt: now, lastSeenAt: now });
}

/**
 * Deletes one session by its id (`onlyType`: only a session of that type). Its key is named even when no row was
 * deleted: a copy cached before another instance deleted the row goes too.
 */
export async function deleteSession(w: Write, o: { id: string; onlyType?: UserType }): Promise<void> {
  await w.delete(sessions).where(o.onlyType ? and(eq(sessions.id, o.id), eq(sessions.userType, o.onlyType)) : eq(sessions.id, o.id));
  w.changed(cacheKey.session(o.id));
}

/** Deletes every session of an account; the account's key finds their cached copies on every instance. */
export async function deleteAccountSessions(w: Write, o: { type: UserType; id: number }): Promise<void> {
  await w.delete(sessions).where(and(eq(sessions.userType, o.type), eq(sessions.userId, o.id)));
  w.changed(cacheKey.account(o.type, o.id));
}

/** Deletes every session of one clinic team member (deactivated: decision 072), on every instance. */
export async function deleteMemberSessions(w: Write, o: { memberId: number }): Promise<void> {
  await w.delete(sessions).where(and(eq(sessions.userType, 'clinic'), eq(sessions.memberId, o.memberId)));
  w.changed(cacheKey.account('clinic-member', o.memberId));
}

const sessionColumns = {
  id: sessions.id,
  userType: sessions.userType,
  userId: sessions.userId,
  memberId: sessions.memberId,
  expiresAt: sessions.expiresAt,
  lastSeenAt: sessions.lastSeenAt,
  clinicStatus: clinicUsers.status,
  clinicTerms: clinicUsers.termsAccepted,
  repStatus: medicalReps.status,
  repTerms: medicalReps.termsAccepted,
  clinicLanguage: clinicUsers.language,
  repLanguage: medicalReps.language,
  clinicContact: clinicUsers.contactPerson,
  memberName: clinicMembers.name,
  memberRole: clinicMembers.role,
  memberStatus: clinicMembers.status,
  memberLanguage: clinicMembers.language,
  doctorName: doctorAccounts.name,
  doctorStatus: doctorAccounts.status,
  doctorLanguage: doctorAccounts.language,
  companyStatus: companyAccounts.status,
  companyTerms: companyAccounts.termsAccepted,
  companyLanguage: companyAccounts.language,
};

/** Sessions with their accounts in one round trip (no work repeated per request; decision 012). */
const sessionsQuery = (db: DbOrTx, ids: Param<string> | string[], now: Param<Date>) =>
  db
    .select(sessionColumns)
    .from(sessions)
    .leftJoin(clinicUsers, and(eq(sessions.userType, 'clinic'), eq(clinicUsers.id, sessions.userId)))
    .leftJoin(medicalReps, and(eq(sessions.userType, 'medrep'), eq(medicalReps.id, sessions.userId)))
    .leftJoin(clinicMembers, and(eq(sessions.userType, 'clinic'), eq(clinicMembers.id, sessions.memberId)))
    .leftJoin(doctorAccounts, and(eq(sessions.userType, 'doctor'), eq(doctorAccounts.id, sessions.userId)))
    .leftJoin(companyAccounts, and(eq(sessions.userType, 'company'), eq(companyAccounts.id, sessions.userId)))
    .where(and(Array.isArray(ids) ? inArray(sessions.id, ids) : eq(sessions.id, ids), gt(sessions.expiresAt, now)));

/** One session: the usual miss (a named statement, decision 071; read-cache.ts ONE_BY_ONE_UP_TO). */
const sessionStatement = namedStatement('rv_session', (db, name) => sessionsQuery(db, sql.placeholder('id'), sql.placeholder('now')).prepare(name));

type SessionRow = Awaited<ReturnType<typeof sessionsQuery>>[number];

function sessionRecordOf(session: SessionRow): SessionRecord {
  const type = session.userType as UserType;
  const base = { userType: type, userId: session.userId, expiresAt: session.expiresAt, lastSeenAt: session.lastSeenAt };
  if (type === 'admin') return { ...base, active: true, termsAccepted: true, language: null };
  if (type === 'medrep')
    return { ...base, active: session.repStatus === 'active', termsAccepted: session.repTerms === true, language: session.repLanguage ?? null };
  if (type === 'doctor') {
    // A doctor's login has no terms of its own to accept: the clinic that invited them accepted the product's.
    return {
      ...base,
      active: session.doctorStatus === 'active',
      termsAccepted: true,
      language: session.doctorLanguage ?? null,
      personName: session.doctorName ?? '',
    };
  }
  // A pharma company's account (docs/decisions/087): its status and terms, as a rep's.
  if (type === 'company') {
    return { ...base, active: session.companyStatus === 'active', termsAccepted: session.companyTerms === true, language: session.companyLanguage ?? null };
  }
  const clinic = { ...base, termsAccepted: session.clinicTerms === true };
  if (session.memberId === null) {
    return {
      ...clinic,
      active: session.clinicStatus === 'active',
      language: session.clinicLanguage ?? null,
      clinicRole: 'owner',
      personName: session.clinicContact ?? '',
    };
  }
  // A member works only while both the clinic and the member are active (decision 072).
  return {
    ...clinic,
    active: session.clinicStatus === 'active' && session.memberStatus === 'active',
    language: session.memberLanguage ?? null,
    clinicRole: (session.memberRole ?? 'reception') as ClinicRole,
    memberId: session.memberId,
    personName: session.memberName ?? '',
  };
}

/** One session that has not expired at `now`, or null. */
export async function findLiveSession(db: DbOrTx, o: { id: string; now: Date }): Promise<SessionRecord | null> {
  const rows = await sessionStatement(db).execute({ id: o.id, now: o.now.toISOString() });
  return rows[0] ? sessionRecordOf(rows[0]) : null;
}

/** The sessions of `ids` that have not expired at `now`, by id. */
export async function findLiveSessions(db: DbOrTx, o: { ids: string[]; now: Date }): Promise<Map<string, SessionRecord>> {
  const rows = await sessionsQuery(db, o.ids, o.now);
  return new Map(rows.map((row) => [row.id, sessionRecordOf(row)]));
}

/** A session's contact times (docs/decisions/046), or undefined when there is no such session. */
export async function findSessionContact(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ lastSeenAt: sessions.lastSeenAt, onlineSince: sessions.onlineSince, seenBefore: sessions.seenBeforeOnlineAt, createdAt: sessions.createdAt })
    .from(sessions)
    .where(eq(sessions.id, id))
    .limit(1);
  return row;
}

/** An admin session's activity: seen now, and its idle expiry moved on (admin sessions are never cached). */
export async function slideAdminSession(db: Write, o: { id: string; now: Date; expiresAt: Date }): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: o.now, expiresAt: o.expiresAt }).where(eq(sessions.id, o.id));
}

/**
 * Last-activity times of many sessions in one statement. A touch after more than `silenceMs` starts a new online
 * spell and keeps the contact before it (docs/decisions/046); an older time than the one kept changes nothing. It
 * names no key: an instance's cached copy of a session keeps its own last-seen time (sessions.service.ts `actorOf`).
 */
export async function recordSessionActivity(db: Write, o: { seen: Array<[id: string, at: Date]>; silenceMs: number }): Promise<void> {
  const rows = sql.join(
    o.seen.map(([id, at]) => sql`(${id}, ${at.toISOString()}::timestamptz)`),
    sql`, `,
  );
  const silence = `${o.silenceMs / 1000} seconds`;
  await db.execute(
    // The right-hand sides read the row as it was, so the case expressions see the old last_seen_at.
    sql`update sessions as s set
          seen_before_online_at = case when v.seen - s.last_seen_at > ${silence}::interval then s.last_seen_at else s.seen_before_online_at end,
          online_since = case when v.seen - s.last_seen_at > ${silence}::interval then v.seen else s.online_since end,
          last_seen_at = v.seen
        from (values ${rows}) as v(id, seen) where s.id = v.id and s.last_seen_at < v.seen`,
  );
}

/** True once a named owner has enrolled (docs/decisions/042-admin-team.md). */
export async function enrolledOwnerExists(db: DbOrTx): Promise<boolean> {
  const [row] = await db
    .select({ id: admins.id })
    .from(admins)
    .where(and(eq(admins.role, 'owner'), isNotNull(admins.enrolledAt)))
    .limit(1);
  return row !== undefined;
}

/** A named admin and whether it is active, or undefined. */
export async function findAdmin(db: DbOrTx, id: number): Promise<(AdminActor & { active: boolean; language: string | null }) | undefined> {
  const [row] = await db
    .select({ id: admins.id, name: admins.name, role: admins.role, active: admins.active, language: admins.language })
    .from(admins)
    .where(eq(admins.id, id))
    .limit(1);
  return row ? { ...row, role: row.role as AdminRole } : undefined;
}
