import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { cacheKey } from '../../cache/cache-keys';
import type { DbOrTx } from '../../db/client';
import type { Write } from '../../db/write';
import { clinicDoctors, clinicMembers, clinicUsers, doctorAccountLinks, doctorAccounts, doctorInvites, doctors } from '../../db/schema';

// Queries of the doctor's own login (docs/decisions/073-doctor-accounts.md): accounts, their links to clinics, and the
// clinics' invitations. An account row is what the doctor's sessions read (sessions.repo.ts): its writers name it.

export async function findDoctorAccountByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select()
    .from(doctorAccounts)
    .where(sql`lower(${doctorAccounts.email}) = lower(${email.trim()})`)
    .limit(1);
  return row ?? null;
}

/** Whether a clinic team member signs in with this e-mail (decision 072's table): a doctor's login must not. */
export async function isMemberEmail(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: clinicMembers.id })
    .from(clinicMembers)
    .where(sql`lower(${clinicMembers.email}) = lower(${email.trim()})`)
    .limit(1);
  return row !== undefined;
}

/** The doctor of the clinic's list (clinic_doctors) with the clinic's name and language, for the invitation. */
export async function findClinicDoctor(db: DbOrTx, o: { clinicId: number; doctorId: number }) {
  const [row] = await db
    .select({ doctorName: doctors.name, clinicName: clinicUsers.clinicName, clinicLanguage: clinicUsers.language })
    .from(clinicDoctors)
    .innerJoin(doctors, eq(doctors.id, clinicDoctors.doctorId))
    .innerJoin(clinicUsers, eq(clinicUsers.id, clinicDoctors.clinicId))
    .where(and(eq(clinicDoctors.clinicId, o.clinicId), eq(clinicDoctors.doctorId, o.doctorId)))
    .limit(1);
  return row ?? null;
}

/** A new invitation; nothing cached reads invitations. */
export async function insertInvite(w: Write, v: { clinicId: number; doctorId: number; email: string; tokenHash: string; expiresAt: Date; now: Date }) {
  const { now, ...values } = v;
  await w.insert(doctorInvites).values({ ...values, createdAt: now });
}

/** The invitation of this token, whatever its state (the accept page says why one does not work). */
export async function findInvite(db: DbOrTx, tokenHash: string) {
  const [row] = await db.select().from(doctorInvites).where(eq(doctorInvites.tokenHash, tokenHash)).limit(1);
  return row ?? null;
}

/** Uses the invitation once: false when it was used, replaced or expired meanwhile (two accepts race: one wins). */
export async function consumeInvite(w: Write, o: { id: number; now: Date }): Promise<boolean> {
  const rows = await w
    .update(doctorInvites)
    .set({ usedAt: o.now })
    .where(and(eq(doctorInvites.id, o.id), isNull(doctorInvites.usedAt), gt(doctorInvites.expiresAt, o.now)))
    .returning({ id: doctorInvites.id });
  return rows.length === 1;
}

/** A clinic's newer invitation of its doctor makes the earlier unused ones stop working. */
export async function retireInvites(w: Write, o: { clinicId: number; doctorId: number; now: Date }): Promise<void> {
  await w
    .update(doctorInvites)
    .set({ expiresAt: o.now })
    .where(
      and(eq(doctorInvites.clinicId, o.clinicId), eq(doctorInvites.doctorId, o.doctorId), isNull(doctorInvites.usedAt), gt(doctorInvites.expiresAt, o.now)),
    );
}

export async function insertDoctorAccount(w: Write, v: { name: string; email: string; passwordHash: string; now: Date }) {
  const [row] = await w
    .insert(doctorAccounts)
    .values({ name: v.name, email: v.email.trim().toLowerCase(), passwordHash: v.passwordHash, createdAt: v.now, updatedAt: v.now })
    .returning();
  return row!;
}

/**
 * Links the account to the clinic's doctor. A (clinic, doctor) has one account: a clinic that invites another e-mail
 * for its doctor moves the link to that account (decision 073). Nothing cached reads links but the sessions' account.
 */
export async function upsertAccountLink(w: Write, v: { accountId: number; clinicId: number; doctorId: number; now: Date }): Promise<void> {
  await w
    .insert(doctorAccountLinks)
    .values({ accountId: v.accountId, clinicId: v.clinicId, doctorId: v.doctorId, createdAt: v.now })
    .onConflictDoUpdate({ target: [doctorAccountLinks.clinicId, doctorAccountLinks.doctorId], set: { accountId: v.accountId } });
  w.changed(cacheKey.account('doctor', v.accountId));
}

export async function markDoctorSignIn(w: Write, o: { accountId: number; now: Date }): Promise<void> {
  // Only the sign-in time: no session reads it, so no key to name.
  await w.update(doctorAccounts).set({ lastSignInAt: o.now }).where(eq(doctorAccounts.id, o.accountId));
}

/**
 * The clinics the account is the doctor of, with the doctor's name there: only while the clinic still lists the
 * doctor (a doctor removed from a clinic's list no longer sees its day) and the clinic is active.
 */
export async function listAccountLinks(db: DbOrTx, accountId: number) {
  return db
    .select({
      clinicId: doctorAccountLinks.clinicId,
      doctorId: doctorAccountLinks.doctorId,
      doctorName: doctors.name,
      clinicName: clinicUsers.clinicName,
      city: clinicUsers.city,
    })
    .from(doctorAccountLinks)
    .innerJoin(clinicDoctors, and(eq(clinicDoctors.clinicId, doctorAccountLinks.clinicId), eq(clinicDoctors.doctorId, doctorAccountLinks.doctorId)))
    .innerJoin(doctors, eq(doctors.id, doctorAccountLinks.doctorId))
    .innerJoin(clinicUsers, eq(clinicUsers.id, doctorAccountLinks.clinicId))
    .where(and(eq(doctorAccountLinks.accountId, accountId), eq(clinicUsers.status, 'active')))
    .orderBy(clinicUsers.clinicName, doctorAccountLinks.id);
}
