import { and, eq, ne } from 'drizzle-orm';
import type { AdminUserType } from '../../../shared/schemas/admin';
import { cacheKey } from '../../cache/cache-keys';
import type { DbOrTx } from '../../db/client';
import { clinicDoctors, clinicUsers, companyAccounts, medicalReps, passwordResetTokens, sessions } from '../../db/schema';
import type { Write } from '../../db/write';

// The admin's writes to clinic, rep and pharma company accounts (spec part 2, 2.5 and 4; docs/decisions/087). A writer
// names the keys of the rows it wrote (docs/decisions/062-one-write-path.md).

const TABLES = { clinic: clinicUsers, medrep: medicalReps, company: companyAccounts } as const;
/** The columns every account table has (id, status), typed as the clinics'. */
const tableOf = (type: AdminUserType) => TABLES[type] as unknown as typeof clinicUsers;

export async function findAccountStatus(db: DbOrTx, o: { type: AdminUserType; id: number }): Promise<string | undefined> {
  const table = tableOf(o.type);
  const [row] = await db.select({ status: table.status }).from(table).where(eq(table.id, o.id)).limit(1);
  return row?.status;
}

/**
 * Deletes the account, its sessions and its reset links; appointments, doctor links, call settings and codes go by the
 * foreign keys' cascades. Answers whether there was one.
 */
export async function deleteAccount(w: Write, o: { type: AdminUserType; id: number }): Promise<boolean> {
  const table = tableOf(o.type);
  const [row] = await w.delete(table).where(eq(table.id, o.id)).returning({ id: table.id });
  if (!row) return false;
  // The cascades reach rows of every cache: rare enough to empty them all (cache-keys.ts `everything`).
  w.changed(cacheKey.everything());
  await w.delete(sessions).where(and(eq(sessions.userType, o.type), eq(sessions.userId, o.id)));
  await w.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userType, o.type), eq(passwordResetTokens.userId, o.id)));
  return true;
}

/**
 * The account's status. Sessions and the rep's row carry it (the account's key); the directory lists only active
 * clinics, and calendars and visit lists show a clinic's status: a clinic names the directory, its place and each of
 * its links (cache-keys.ts `place`).
 */
export async function setAccountStatus(w: Write, o: { type: AdminUserType; id: number; status: 'active' | 'inactive'; now: Date }): Promise<void> {
  const set = { status: o.status, updatedAt: o.now };
  w.changed(cacheKey.account(o.type, o.id));
  if (o.type === 'medrep') {
    await w.update(medicalReps).set(set).where(eq(medicalReps.id, o.id));
    return;
  }
  if (o.type === 'company') {
    await w.update(companyAccounts).set(set).where(eq(companyAccounts.id, o.id));
    return;
  }
  const places = await w.update(clinicUsers).set(set).where(eq(clinicUsers.id, o.id)).returning({ state: clinicUsers.state, city: clinicUsers.city });
  if (places.length === 0) return;
  const links = await w.select({ doctorId: clinicDoctors.doctorId }).from(clinicDoctors).where(eq(clinicDoctors.clinicId, o.id));
  w.changed(cacheKey.directory(), ...places.map((p) => cacheKey.place(p.state, p.city)), ...links.map((l) => cacheKey.link(o.id, l.doctorId)));
}

/** A company's verification as an admin's check left it (docs/decisions/087); undefined when there is no such company. */
export async function findCompanyVerification(db: DbOrTx, id: number): Promise<{ verified: boolean } | undefined> {
  const [row] = await db.select({ verified: companyAccounts.verified }).from(companyAccounts).where(eq(companyAccounts.id, id)).limit(1);
  return row;
}

/**
 * Marks a company verified by `adminId` at `now`, or takes the mark back (who and when cleared), only from the other
 * state. The row is the account's, which its sessions carry: its key goes too. Answers whether it changed.
 */
export async function setCompanyVerified(w: Write, o: { id: number; verified: boolean; adminId: number; now: Date }): Promise<boolean> {
  const rows = await w
    .update(companyAccounts)
    .set(
      o.verified
        ? { verified: true, verifiedAt: o.now, verifiedBy: o.adminId, updatedAt: o.now }
        : { verified: false, verifiedAt: null, verifiedBy: null, updatedAt: o.now },
    )
    .where(and(eq(companyAccounts.id, o.id), ne(companyAccounts.verified, o.verified)))
    .returning({ id: companyAccounts.id });
  for (const row of rows) w.changed(cacheKey.account('company', row.id));
  return rows.length > 0;
}
