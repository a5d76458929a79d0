import { and, eq } from 'drizzle-orm';
import type { AdminUserType } from '../../../shared/schemas/admin';
import { cacheKey } from '../../cache/cache-keys';
import type { DbOrTx } from '../../db/client';
import { clinicDoctors, clinicUsers, medicalReps, passwordResetTokens, sessions } from '../../db/schema';
import type { Write } from '../../db/write';

// The admin's writes to clinic and rep accounts (spec part 2, 2.5 and 4). A writer names the keys of the rows it
// wrote (docs/decisions/062-one-write-path.md).

const tableOf = (type: AdminUserType) => (type === 'clinic' ? clinicUsers : medicalReps);

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
  const places = await w.update(clinicUsers).set(set).where(eq(clinicUsers.id, o.id)).returning({ state: clinicUsers.state, city: clinicUsers.city });
  if (places.length === 0) return;
  const links = await w.select({ doctorId: clinicDoctors.doctorId }).from(clinicDoctors).where(eq(clinicDoctors.clinicId, o.id));
  w.changed(cacheKey.directory(), ...places.map((p) => cacheKey.place(p.state, p.city)), ...links.map((l) => cacheKey.link(o.id, l.doctorId)));
}
