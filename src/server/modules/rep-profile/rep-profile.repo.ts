import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import { cacheKey } from '../../cache/cache-keys';
import type { DbOrTx } from '../../db/client';
import type { Write } from '../../db/write';
import { emailChangeRestores, medicalReps, profileUpdateCodes, sessions } from '../../db/schema';
import type { ProfileUpdateType } from '../../../shared/schemas/profile';

// Drizzle queries of profile changes confirmed by a code (spec part 2, 2.1). Writers take the write (db/write.ts) and
// name the keys of the cached rows they wrote: the rep's row, the sessions they end; codes and undo links are not cached.

export const repProfileColumns = {
  id: medicalReps.id,
  email: medicalReps.email,
  fullName: medicalReps.fullName,
  phone: medicalReps.phone,
  company: medicalReps.company,
  state: medicalReps.state,
};

export async function findRepProfile(db: DbOrTx, repId: number) {
  const [row] = await db.select(repProfileColumns).from(medicalReps).where(eq(medicalReps.id, repId)).limit(1);
  return row ?? null;
}

/** The rep's language (docs/decisions/045): their e-mails are written in it. */
export async function findRepLanguage(db: DbOrTx, repId: number): Promise<string | null> {
  const [row] = await db.select({ language: medicalReps.language }).from(medicalReps).where(eq(medicalReps.id, repId)).limit(1);
  return row?.language ?? null;
}

/** One live code per rep and change type: a resend replaces the code, its value, expiry and attempts. */
export async function replaceUpdateCode(
  db: Write,
  o: { repId: number; updateType: ProfileUpdateType; newValue: string | null; codeHash: string; expiresAt: Date; now: Date },
) {
  await db
    .insert(profileUpdateCodes)
    .values({ repId: o.repId, updateType: o.updateType, newValue: o.newValue, codeHash: o.codeHash, expiresAt: o.expiresAt, attempts: 0, createdAt: o.now })
    .onConflictDoUpdate({
      target: [profileUpdateCodes.repId, profileUpdateCodes.updateType],
      set: { newValue: o.newValue, codeHash: o.codeHash, expiresAt: o.expiresAt, attempts: 0, createdAt: o.now },
    });
}

/** Counts one attempt atomically, only on a live code with attempts left; null when there is none. */
export async function countUpdateCodeAttempt(db: Write, o: { repId: number; updateType: ProfileUpdateType; now: Date; maxAttempts: number }) {
  const [row] = await db
    .update(profileUpdateCodes)
    .set({ attempts: sql`${profileUpdateCodes.attempts} + 1` })
    .where(
      and(
        eq(profileUpdateCodes.repId, o.repId),
        eq(profileUpdateCodes.updateType, o.updateType),
        gt(profileUpdateCodes.expiresAt, o.now),
        lt(profileUpdateCodes.attempts, o.maxAttempts),
      ),
    )
    .returning();
  return row ?? null;
}

export async function findUpdateCode(db: DbOrTx, o: { repId: number; updateType: ProfileUpdateType }) {
  const [row] = await db
    .select()
    .from(profileUpdateCodes)
    .where(and(eq(profileUpdateCodes.repId, o.repId), eq(profileUpdateCodes.updateType, o.updateType)))
    .limit(1);
  return row ?? null;
}

/** Takes (deletes) the code so it works once; false when another request took it first. */
export async function takeUpdateCode(db: Write, id: number): Promise<boolean> {
  const rows = await db.delete(profileUpdateCodes).where(eq(profileUpdateCodes.id, id)).returning({ id: profileUpdateCodes.id });
  return rows.length === 1;
}

export async function updateRepFields(
  w: Write,
  repId: number,
  set: Partial<Pick<typeof medicalReps.$inferInsert, 'fullName' | 'email' | 'phone' | 'company'>>,
  now: Date,
) {
  const [row] = await w
    .update(medicalReps)
    .set({ ...set, updatedAt: now })
    .where(eq(medicalReps.id, repId))
    .returning(repProfileColumns);
  // The account's sessions carry its row; clinics see the rep's name, company and phone on their visitor lists.
  w.changed(cacheKey.account('medrep', row!.id), cacheKey.repDetails(row!.id));
  return row!;
}

/** Ends the rep's sessions other than the current one (after a password change), on every instance at the commit. */
export async function endOtherRepSessions(w: Write, o: { repId: number; keepSessionId: string }) {
  const ended = await w
    .delete(sessions)
    .where(and(eq(sessions.userType, 'medrep'), eq(sessions.userId, o.repId), ne(sessions.id, o.keepSessionId)))
    .returning({ id: sessions.id });
  w.changed(...ended.map((s) => cacheKey.session(s.id)));
}

/** The rep's password hash (to check the current password before a change of e-mail or phone). */
export async function findRepPasswordHash(db: DbOrTx, repId: number): Promise<string | null> {
  const [row] = await db.select({ password: medicalReps.password }).from(medicalReps).where(eq(medicalReps.id, repId)).limit(1);
  return row?.password ?? null;
}

/** Every code of the rep for a change not yet confirmed. */
export async function deleteUpdateCodes(db: Write, repId: number): Promise<void> {
  await db.delete(profileUpdateCodes).where(eq(profileUpdateCodes.repId, repId));
}

// --- undo links of e-mail changes (docs/decisions/031) ------------------------------------------------

export async function insertEmailRestore(
  db: Write,
  v: { repId: number; oldEmail: string; newEmail: string; tokenHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  await db.insert(emailChangeRestores).values({ ...v, createdAt: v.now });
}

/** Uses an undo link once, atomically: the rep and the address to put back, or null when invalid, used or expired. */
export async function consumeEmailRestore(db: Write, tokenHash: string, now: Date): Promise<{ repId: number; oldEmail: string } | null> {
  const [row] = await db
    .update(emailChangeRestores)
    .set({ usedAt: now })
    .where(and(eq(emailChangeRestores.tokenHash, tokenHash), isNull(emailChangeRestores.usedAt), gt(emailChangeRestores.expiresAt, now)))
    .returning({ repId: emailChangeRestores.repId, oldEmail: emailChangeRestores.oldEmail });
  return row ?? null;
}

/** The rep's other unused undo links end (a later change's link must not undo the restore). */
export async function deleteUnusedEmailRestores(db: Write, repId: number): Promise<void> {
  await db.delete(emailChangeRestores).where(and(eq(emailChangeRestores.repId, repId), isNull(emailChangeRestores.usedAt)));
}
