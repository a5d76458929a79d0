import { and, asc, eq, gt, inArray, isNull, max, sql } from 'drizzle-orm';
import { cacheKey } from '../../cache/cache-keys';
import type { DbOrTx } from '../../db/client';
import { clinicMembers, clinicUsers, doctorAccounts, sessions } from '../../db/schema';
import type { Write } from '../../db/write';

// The clinic team's rows (docs/decisions/072-clinic-team.md). Sessions are cached with the member's name, role,
// status and language (modules/auth/sessions.repo.ts): a writer of those names the member's account key.

export type MemberRow = typeof clinicMembers.$inferSelect;

export function queryMembers(db: DbOrTx, clinicId: number) {
  // A clinic's team is a handful of people; bounded all the same (ARCHITECTURE rule 15).
  return db.select().from(clinicMembers).where(eq(clinicMembers.clinicId, clinicId)).orderBy(asc(clinicMembers.id)).limit(500);
}

export async function findMember(db: DbOrTx, o: { clinicId: number; id: number; forUpdate?: boolean }): Promise<MemberRow | undefined> {
  const q = db
    .select()
    .from(clinicMembers)
    .where(and(eq(clinicMembers.clinicId, o.clinicId), eq(clinicMembers.id, o.id)))
    .limit(1);
  const [row] = o.forUpdate ? await q.for('update') : await q;
  return row;
}

/** Whether a clinic owner, a clinic member or a doctor's login already signs in with this e-mail. */
export async function isEmailHeld(db: DbOrTx, email: string): Promise<boolean> {
  const e = email.toLowerCase();
  const result = await db.execute(sql`
    select 1 from ${clinicUsers} where lower(email) = ${e}
    union all select 1 from ${clinicMembers} where lower(email) = ${e}
    union all select 1 from ${doctorAccounts} where lower(email) = ${e}
    limit 1`);
  return (result as { rows: unknown[] }).rows.length > 0;
}

/** A new member is in no cached read: nothing to name. */
export async function insertMember(
  w: Write,
  o: { clinicId: number; name: string; email: string; role: string; tokenHash: string; expiresAt: Date; language: string | null; now: Date },
): Promise<MemberRow> {
  const [row] = await w
    .insert(clinicMembers)
    .values({
      clinicId: o.clinicId,
      name: o.name,
      email: o.email,
      role: o.role,
      status: 'invited',
      inviteTokenHash: o.tokenHash,
      inviteExpiresAt: o.expiresAt,
      language: o.language,
      createdAt: o.now,
      updatedAt: o.now,
    })
    .returning();
  return row!;
}

export async function updateMember(w: Write, id: number, set: Partial<Omit<MemberRow, 'id' | 'clinicId'>>): Promise<MemberRow | undefined> {
  const [row] = await w.update(clinicMembers).set(set).where(eq(clinicMembers.id, id)).returning();
  if (row) w.changed(cacheKey.account('clinic-member', row.id));
  return row;
}

/** A live invitation by its token's hash, with the clinic's name. */
export async function findInvite(db: DbOrTx, o: { tokenHash: string; now: Date }) {
  const [row] = await db
    .select({ member: clinicMembers, clinicName: clinicUsers.clinicName })
    .from(clinicMembers)
    .innerJoin(clinicUsers, eq(clinicUsers.id, clinicMembers.clinicId))
    .where(and(eq(clinicMembers.inviteTokenHash, o.tokenHash), LINK_WORKS, gt(clinicMembers.inviteExpiresAt, o.now)))
    .limit(1);
  return row;
}

/** A link works for an invited member (the invitation) and an active one (a new password: decision 072), never an inactive one. */
const LINK_WORKS = inArray(clinicMembers.status, ['invited', 'active']);

/** An active member with a password, by e-mail, with the clinic's name and language: who may reset their password. */
export async function findActiveMemberByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ member: clinicMembers, clinicName: clinicUsers.clinicName, clinicLanguage: clinicUsers.language })
    .from(clinicMembers)
    .innerJoin(clinicUsers, eq(clinicUsers.id, clinicMembers.clinicId))
    .where(and(sql`lower(${clinicMembers.email}) = ${email.toLowerCase()}`, eq(clinicMembers.status, 'active'), eq(clinicUsers.status, 'active')))
    .limit(1);
  return row?.member.passwordHash ? row : undefined;
}

/** Uses the invitation up with the password: only one request wins (the token is cleared in the same update). */
export async function acceptInvite(
  w: Write,
  o: { id: number; tokenHash: string; passwordHash: string; language: string | null; now: Date },
): Promise<MemberRow | undefined> {
  const [row] = await w
    .update(clinicMembers)
    .set({
      passwordHash: o.passwordHash,
      status: 'active',
      inviteTokenHash: null,
      inviteExpiresAt: null,
      acceptedAt: sql`coalesce(${clinicMembers.acceptedAt}, ${o.now.toISOString()}::timestamptz)`,
      language: sql`coalesce(${clinicMembers.language}, ${o.language})`,
      updatedAt: o.now,
    })
    .where(and(eq(clinicMembers.id, o.id), eq(clinicMembers.inviteTokenHash, o.tokenHash), LINK_WORKS, gt(clinicMembers.inviteExpiresAt, o.now)))
    .returning();
  if (row) w.changed(cacheKey.account('clinic-member', row.id));
  return row;
}

/** When the member last signed in: shown on the team list only, which is read from the database (no key). */
export async function stampMemberSignIn(w: Write, o: { id: number; now: Date }): Promise<void> {
  await w.update(clinicMembers).set({ lastSignInAt: o.now }).where(eq(clinicMembers.id, o.id));
}

/** The owner's latest sign-in still kept: the newest of the clinic account's own sessions (members' left out). */
export async function findOwnerLastSignIn(db: DbOrTx, clinicId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(sessions.createdAt) })
    .from(sessions)
    .where(and(eq(sessions.userType, 'clinic'), eq(sessions.userId, clinicId), isNull(sessions.memberId)));
  return row?.at ?? null;
}
