import { and, asc, count, eq, gt, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { AdminRole } from '../../../shared/schemas/admin-team';
import { cacheKey } from '../../cache/cache-keys';
import type { DbOrTx } from '../../db/client';
import { adminEnrolmentLinks, adminRecoveryCodes, admins, sessions } from '../../db/schema';
import type { Write } from '../../db/write';

// The admin team's rows (docs/decisions/042-admin-team.md): admins, their enrolment links and recovery codes. A writer
// names the admin's account key where it changes the account or its sessions (docs/decisions/062-one-write-path.md);
// admin sessions are read from the database on every request, so the key costs one notice and drops nothing today.

export type AdminRow = typeof admins.$inferSelect;

/** A new admin is in no cached read (a new account's key has nothing to drop). */
export async function insertAdmin(db: Write, o: { name: string; email: string; role: AdminRole; now: Date }): Promise<AdminRow> {
  const [row] = await db.insert(admins).values({ name: o.name, email: o.email, role: o.role, createdAt: o.now, updatedAt: o.now }).returning();
  return row!;
}

export async function findAdminByEmail(db: DbOrTx, email: string): Promise<AdminRow | undefined> {
  const [row] = await db.select().from(admins).where(eq(admins.email, email)).limit(1);
  return row;
}

export async function findAdminById(db: DbOrTx, id: number, o: { forUpdate?: boolean } = {}): Promise<AdminRow | undefined> {
  const q = db.select().from(admins).where(eq(admins.id, id)).limit(1);
  const [row] = o.forUpdate ? await q.for('update') : await q;
  return row;
}

// Spelled out: drizzle writes a select's columns without their table, which inside this subquery would name the codes' own id.
const unusedCodes = sql<number>`(select count(*) from "admin_recovery_codes" r where r."admin_id" = "admins"."id" and r."used_at" is null)`.mapWith(Number);

/** The team, oldest first, with each admin's unused recovery codes counted. */
export function queryAdminPage(db: DbOrTx, o: { afterId?: number; limit: number }) {
  return db
    .select({ admin: admins, recoveryCodesLeft: unusedCodes })
    .from(admins)
    .where(o.afterId !== undefined ? gt(admins.id, o.afterId) : undefined)
    .orderBy(asc(admins.id))
    .limit(o.limit + 1);
}

export async function countRecoveryCodesLeft(db: DbOrTx, adminId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.adminId, adminId), isNull(adminRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Active owners who have enrolled, other than `exceptId`. */
export async function countOtherActiveOwners(db: DbOrTx, exceptId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(admins)
    .where(and(eq(admins.role, 'owner'), eq(admins.active, true), isNotNull(admins.enrolledAt), ne(admins.id, exceptId)));
  return row?.n ?? 0;
}

export async function updateAdmin(db: Write, id: number, set: Partial<Omit<AdminRow, 'id'>>): Promise<AdminRow | undefined> {
  const [row] = await db.update(admins).set(set).where(eq(admins.id, id)).returning();
  if (row) db.changed(cacheKey.account('admin', row.id));
  return row;
}

/** When the admin last signed in: shown on the team list only, which is read from the database (no key). */
export async function stampAdminSignIn(db: Write, o: { adminId: number; now: Date }): Promise<void> {
  await db.update(admins).set({ lastSignInAt: o.now }).where(eq(admins.id, o.adminId));
}

/** Two owners deactivating each other at once are decided one after the other: held to this write's end. */
export async function lockTeam(db: Write): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('repvisit:admin-team'))`);
}

/** Takes a TOTP step for the admin unless it (or a later one) was taken before: a code works once. No cached read shows it. */
export async function claimTotpStep(db: Write, o: { adminId: number; step: number }): Promise<boolean> {
  const rows = await db
    .update(admins)
    .set({ totpLastStep: o.step })
    .where(and(eq(admins.id, o.adminId), or(isNull(admins.totpLastStep), lt(admins.totpLastStep, o.step))))
    .returning({ id: admins.id });
  return rows.length > 0;
}

/** The admin's sessions and their unused links go (deactivation, a reset of the second factor). */
export async function deleteAdminSessions(db: Write, adminId: number): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userType, 'admin'), eq(sessions.userId, adminId)));
  db.changed(cacheKey.account('admin', adminId));
}

export async function deleteUnusedLinks(db: Write, adminId: number): Promise<void> {
  await db.delete(adminEnrolmentLinks).where(and(eq(adminEnrolmentLinks.adminId, adminId), isNull(adminEnrolmentLinks.usedAt)));
}

export async function insertLink(db: Write, o: { adminId: number; tokenHash: string; purpose: 'invite' | 'reset'; expiresAt: Date; now: Date }): Promise<void> {
  await db.insert(adminEnrolmentLinks).values({ adminId: o.adminId, tokenHash: o.tokenHash, purpose: o.purpose, expiresAt: o.expiresAt, createdAt: o.now });
}

/** A link not used up and not expired, with its admin. */
export async function findLiveLink(db: DbOrTx, o: { tokenHash: string; now: Date }) {
  const [row] = await db
    .select({ link: adminEnrolmentLinks, admin: admins })
    .from(adminEnrolmentLinks)
    .innerJoin(admins, eq(admins.id, adminEnrolmentLinks.adminId))
    .where(and(eq(adminEnrolmentLinks.tokenHash, o.tokenHash), isNull(adminEnrolmentLinks.usedAt), gt(adminEnrolmentLinks.expiresAt, o.now)))
    .limit(1);
  return row;
}

/** Marks the link accepted (the password chosen) unless another request did first. */
export async function markLinkAccepted(db: Write, o: { linkId: number; now: Date }): Promise<boolean> {
  const rows = await db
    .update(adminEnrolmentLinks)
    .set({ acceptedAt: o.now })
    .where(and(eq(adminEnrolmentLinks.id, o.linkId), isNull(adminEnrolmentLinks.acceptedAt), isNull(adminEnrolmentLinks.usedAt)))
    .returning({ id: adminEnrolmentLinks.id });
  return rows.length > 0;
}

/** Uses the link up unless another request did first. */
export async function markLinkUsed(db: Write, o: { linkId: number; now: Date }): Promise<boolean> {
  const rows = await db
    .update(adminEnrolmentLinks)
    .set({ usedAt: o.now })
    .where(and(eq(adminEnrolmentLinks.id, o.linkId), isNull(adminEnrolmentLinks.usedAt)))
    .returning({ id: adminEnrolmentLinks.id });
  return rows.length > 0;
}

export async function replaceRecoveryCodes(db: Write, o: { adminId: number; hashes: string[]; now: Date }): Promise<void> {
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, o.adminId));
  if (o.hashes.length) await db.insert(adminRecoveryCodes).values(o.hashes.map((codeHash) => ({ adminId: o.adminId, codeHash, createdAt: o.now })));
}

export function queryUnusedRecoveryCodes(db: DbOrTx, adminId: number) {
  return db
    .select({ id: adminRecoveryCodes.id, codeHash: adminRecoveryCodes.codeHash })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.adminId, adminId), isNull(adminRecoveryCodes.usedAt)));
}

/** Uses a recovery code up unless another request did first. */
export async function markRecoveryCodeUsed(db: Write, o: { id: number; now: Date }): Promise<boolean> {
  const rows = await db
    .update(adminRecoveryCodes)
    .set({ usedAt: o.now })
    .where(and(eq(adminRecoveryCodes.id, o.id), isNull(adminRecoveryCodes.usedAt)))
    .returning({ id: adminRecoveryCodes.id });
  return rows.length > 0;
}
