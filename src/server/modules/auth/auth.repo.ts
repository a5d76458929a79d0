import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AccountKind } from '../../../shared/schemas/auth';
import { canonicalPhone } from '../../../shared/schemas/phone';
import { cacheKey } from '../../cache/cache-keys';
import type { DbOrTx, Tx } from '../../db/client';
import type { Write } from '../../db/write';
import {
  clinicMembers,
  clinicUsers,
  companyAccounts,
  doctorAccounts,
  medicalReps,
  outbox,
  passwordResetTokens,
  pendingClinicUsers,
  pendingCompanyAccounts,
  pendingMedicalReps,
  type EarlierRegistrationLink,
} from '../../db/schema';

// Drizzle queries of the accounts area. The pending tables (clinics', reps' and companies', docs/decisions/087) share
// the column names used by the verification queries, so those queries take the table of the kind. Writers take the write (db/write.ts); one that
// changes an account row names its key (`cacheKey.account`: its sessions carry the row), the others write rows no
// cache holds (pending registrations, reset tokens).

export type PendingClinic = typeof pendingClinicUsers.$inferSelect;
export type PendingRep = typeof pendingMedicalReps.$inferSelect;
export type ClinicRow = typeof clinicUsers.$inferSelect;
export type RepRow = typeof medicalReps.$inferSelect;
export type PendingCompany = typeof pendingCompanyAccounts.$inferSelect;
export type CompanyRow = typeof companyAccounts.$inferSelect;
export type PendingRow = PendingClinic | PendingRep | PendingCompany;
export type AccountRow = ClinicRow | RepRow | CompanyRow;

const PENDING_TABLES = { clinic: pendingClinicUsers, medrep: pendingMedicalReps, company: pendingCompanyAccounts } as const;
const ACCOUNT_TABLES = { clinic: clinicUsers, medrep: medicalReps, company: companyAccounts } as const;
/** The columns every pending table has (typed as the clinic table; the names are the same). */
const pendingTable = (kind: AccountKind) => PENDING_TABLES[kind] as unknown as typeof pendingClinicUsers;
/** The columns every account table has: id, e-mail, password, terms, verification link, device, status, language. */
const accountTable = (kind: AccountKind) => ACCOUNT_TABLES[kind] as unknown as typeof clinicUsers;
const lowerEq = (column: AnyPgColumn, email: string) => sql`lower(${column}) = ${email.toLowerCase()}`;

// --- availability --------------------------------------------------------------------------------

export interface Holder {
  kind: AccountKind;
  pending: boolean;
  email: string;
}

/**
 * Accounts, verified or pending, of every kind, holding `email` (case-insensitive); a clinic team member's counts as a
 * clinic's (decision 072). One address, one kind of login: a company's too (docs/decisions/087).
 */
export async function findEmailHolders(db: DbOrTx, email: string): Promise<Holder[]> {
  const result = await db.execute(sql`
    select 'clinic' as kind, false as pending, email from ${clinicUsers} where lower(email) = ${email.toLowerCase()}
    union all select 'medrep', false, email from ${medicalReps} where lower(email) = ${email.toLowerCase()}
    union all select 'clinic', true, email from ${pendingClinicUsers} where lower(email) = ${email.toLowerCase()}
    union all select 'medrep', true, email from ${pendingMedicalReps} where lower(email) = ${email.toLowerCase()}
    union all select 'clinic', false, email from ${clinicMembers} where lower(email) = ${email.toLowerCase()}
    union all select 'company', false, email from ${companyAccounts} where lower(email) = ${email.toLowerCase()}
    union all select 'company', true, email from ${pendingCompanyAccounts} where lower(email) = ${email.toLowerCase()}`);
  return (result as { rows: Holder[] }).rows;
}

/**
 * Accounts, verified or pending, of every kind, holding the phone (contact) number. Numbers are stored canonical
 * (docs/decisions/032), so the lookup canonicalises too: +91 99060 01202 finds 9906001202 whoever calls.
 */
export async function findPhoneHolders(db: DbOrTx, number: string): Promise<Holder[]> {
  const phone = canonicalPhone(number);
  const result = await db.execute(sql`
    select 'clinic' as kind, false as pending, email from ${clinicUsers} where contact_number = ${phone}
    union all select 'medrep', false, email from ${medicalReps} where phone = ${phone}
    union all select 'clinic', true, email from ${pendingClinicUsers} where contact_number = ${phone}
    union all select 'medrep', true, email from ${pendingMedicalReps} where phone = ${phone}
    union all select 'company', false, email from ${companyAccounts} where phone = ${phone}
    union all select 'company', true, email from ${pendingCompanyAccounts} where phone = ${phone}`);
  return (result as { rows: Holder[] }).rows;
}

// --- pending registrations -----------------------------------------------------------------------

export async function deletePendingByEmail(db: Write, email: string): Promise<void> {
  await db.delete(pendingClinicUsers).where(lowerEq(pendingClinicUsers.email, email));
  await db.delete(pendingMedicalReps).where(lowerEq(pendingMedicalReps.email, email));
  await db.delete(pendingCompanyAccounts).where(lowerEq(pendingCompanyAccounts.email, email));
}

export async function insertPendingClinic(db: Write, values: typeof pendingClinicUsers.$inferInsert): Promise<void> {
  await db.insert(pendingClinicUsers).values(values);
}

export async function insertPendingRep(db: Write, values: typeof pendingMedicalReps.$inferInsert): Promise<void> {
  await db.insert(pendingMedicalReps).values(values);
}

export async function insertPendingCompany(db: Write, values: typeof pendingCompanyAccounts.$inferInsert): Promise<void> {
  await db.insert(pendingCompanyAccounts).values(values);
}

export async function findPending(db: DbOrTx, kind: AccountKind, email: string): Promise<PendingRow | undefined> {
  const t = pendingTable(kind);
  const [row] = await db.select().from(t).where(lowerEq(t.email, email)).limit(1);
  return row;
}

/**
 * Counts one attempt at the current code, atomically (UPDATE ... RETURNING), so concurrent guesses each
 * get their own number. Answers the attempt's number, or null when the code was replaced meanwhile.
 */
export async function countCodeAttempt(db: Write, kind: AccountKind, id: number, codeHash: string): Promise<number | null> {
  const t = pendingTable(kind);
  const [row] = await db
    .update(t)
    .set({ otpAttempts: sql`${t.otpAttempts} + 1` })
    .where(and(eq(t.id, id), eq(t.verificationOtp, codeHash)))
    .returning({ attempts: t.otpAttempts });
  return row ? row.attempts : null;
}

/**
 * A new code and link for a pending registration; attempts start again. No cache holds pending rows, so a plain
 * transaction fits too: admin's re-registration jobs call it from one until they write through withWrite.
 */
export async function replacePendingCode(
  db: Tx,
  kind: AccountKind,
  id: number,
  v: { codeHash: string; codeExpiry: Date; tokenHash: string; tokenExpiry: Date },
): Promise<void> {
  const t = pendingTable(kind);
  await db
    .update(t)
    .set({ verificationOtp: v.codeHash, otpExpiry: v.codeExpiry, otpAttempts: 0, verifyTokenHash: v.tokenHash, verifyTokenExpiry: v.tokenExpiry })
    .where(eq(t.id, id));
}

/**
 * Removes the pending row once, only while it still holds the code or link that was checked (for the verification
 * that wins a race, and not after a resend or re-registration replaced it); undefined otherwise.
 */
export async function takePending(
  db: Write,
  kind: AccountKind,
  id: number,
  match: { codeHash: string } | { linkTokenHash: string } | { earlierLinkHash: string },
): Promise<PendingRow | undefined> {
  const t = pendingTable(kind);
  const still =
    'codeHash' in match
      ? eq(t.verificationOtp, match.codeHash)
      : 'linkTokenHash' in match
        ? eq(t.verifyTokenHash, match.linkTokenHash)
        : holdsEarlierLink(t, match.earlierLinkHash);
  const [row] = await db
    .delete(t)
    .where(and(eq(t.id, id), still))
    .returning();
  return row;
}

// --- codes sent to an address (docs/decisions/030) -----------------------------------------------

/**
 * Serialises, until the transaction ends, the requests that send a code to one address, so that counting the
 * codes already sent and queueing the next one are one step under concurrency (on both databases).
 */
export async function lockCodeSends(tx: Write, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`code-send:${key}`}, 0))`);
}

/** When the most recent `limit` e-mails with one of `replaceKeys` were queued since `since` (newest first), whatever became of them. */
export async function recentCodeMails(db: DbOrTx, o: { replaceKeys: string[]; since: Date; limit: number }): Promise<Date[]> {
  const rows = await db
    .select({ queuedAt: outbox.queuedAt })
    .from(outbox)
    .where(and(inArray(outbox.replaceKey, o.replaceKeys), gt(outbox.queuedAt, o.since)))
    .orderBy(desc(outbox.queuedAt))
    .limit(o.limit);
  return rows.map((r) => r.queuedAt);
}

/** Keeps at most this many replaced registrations' links per address (the codes per address cap is 5 a day). */
const EARLIER_LINKS_KEPT = 5;
/** Columns of a pending row that are the registrant's details, not its secrets or bookkeeping. */
const NOT_DETAILS = new Set([
  'id',
  'email',
  'password',
  'verificationOtp',
  'otpExpiry',
  'otpAttempts',
  'verifyTokenHash',
  'verifyTokenExpiry',
  'registrationTokenHash',
  'earlierLinks',
  'createdAt',
]);

export type EarlierLinks = EarlierRegistrationLink[] | null;

/** The links a new registration of an address keeps from the one it replaces (and those it kept), still valid at `now`. */
export function earlierLinksOf(replaced: PendingRow | undefined, now: Date): EarlierLinks {
  if (!replaced) return null;
  const own: EarlierRegistrationLink[] =
    replaced.verifyTokenHash && replaced.verifyTokenExpiry
      ? [
          {
            tokenHash: replaced.verifyTokenHash,
            tokenExpiry: replaced.verifyTokenExpiry.toISOString(),
            details: Object.fromEntries(Object.entries(replaced).filter(([k]) => !NOT_DETAILS.has(k))) as Record<string, string | null>,
          },
        ]
      : [];
  const kept = [...(replaced.earlierLinks ?? []), ...own].filter((l) => new Date(l.tokenExpiry).getTime() > now.getTime());
  return kept.length > 0 ? kept.slice(-EARLIER_LINKS_KEPT) : null;
}

const holdsEarlierLink = (t: ReturnType<typeof pendingTable>, tokenHash: string) => sql`${t.earlierLinks} @> ${JSON.stringify([{ tokenHash }])}::jsonb`;

/** The pending row that keeps `tokenHash` as a replaced registration's link, with that registration's details. */
export async function findPendingByEarlierLink(
  db: DbOrTx,
  kind: AccountKind,
  tokenHash: string,
  now: Date,
): Promise<{ row: PendingRow; details: Record<string, string | null> } | undefined> {
  const t = pendingTable(kind);
  const [row] = await db.select().from(t).where(holdsEarlierLink(t, tokenHash)).limit(1);
  const link = row?.earlierLinks?.find((l) => l.tokenHash === tokenHash);
  if (!row || !link || new Date(link.tokenExpiry).getTime() <= now.getTime()) return undefined;
  return { row, details: link.details };
}

export async function findPendingByToken(db: DbOrTx, kind: AccountKind, tokenHash: string, now: Date): Promise<PendingRow | undefined> {
  const t = pendingTable(kind);
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.verifyTokenHash, tokenHash), gt(t.verifyTokenExpiry, now)))
    .limit(1);
  return row;
}

// --- verified accounts ---------------------------------------------------------------------------

export async function insertClinicFromPending(db: Write, p: PendingClinic, now: Date): Promise<ClinicRow> {
  const [row] = await db
    .insert(clinicUsers)
    .values({
      clinicName: p.clinicName,
      contactPerson: p.contactPerson,
      state: p.state,
      city: p.city,
      contactNumber: p.contactNumber,
      email: p.email,
      password: p.password,
      deviceFingerprint: p.deviceFingerprint,
      verifiedLinkHash: p.verifyTokenHash,
      emailVerified: true,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

export async function insertRepFromPending(db: Write, p: PendingRep, now: Date): Promise<RepRow> {
  const [row] = await db
    .insert(medicalReps)
    .values({
      fullName: p.fullName,
      email: p.email,
      phone: p.phone,
      company: p.company,
      state: p.state,
      password: p.password,
      deviceFingerprint: p.deviceFingerprint,
      verifiedLinkHash: p.verifyTokenHash,
      emailVerified: true,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

/** A company's account from its verified registration (docs/decisions/087): not yet verified by an admin. */
export async function insertCompanyFromPending(db: Write, p: PendingCompany, now: Date): Promise<CompanyRow> {
  const [row] = await db
    .insert(companyAccounts)
    .values({
      companyName: p.companyName,
      contactName: p.contactName,
      email: p.email,
      phone: p.phone,
      gstin: p.gstin,
      password: p.password,
      deviceFingerprint: p.deviceFingerprint,
      verifiedLinkHash: p.verifyTokenHash,
      emailVerified: true,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

/** The verified account of `kind` made from the verification link with this hash (docs/decisions/036). */
export async function findAccountByVerifiedLink(db: DbOrTx, kind: AccountKind, linkTokenHash: string): Promise<{ id: number } | undefined> {
  const t = accountTable(kind);
  const [row] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.verifiedLinkHash, linkTokenHash), eq(t.emailVerified, true)))
    .limit(1);
  return row;
}

export async function findClinicByEmail(db: DbOrTx, email: string): Promise<ClinicRow | undefined> {
  const [row] = await db.select().from(clinicUsers).where(lowerEq(clinicUsers.email, email)).limit(1);
  return row;
}

export async function findRepByEmail(db: DbOrTx, email: string): Promise<RepRow | undefined> {
  const [row] = await db.select().from(medicalReps).where(lowerEq(medicalReps.email, email)).limit(1);
  return row;
}

export async function findCompanyByEmail(db: DbOrTx, email: string): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companyAccounts).where(lowerEq(companyAccounts.email, email)).limit(1);
  return row;
}

export async function findCompanyById(db: DbOrTx, id: number): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companyAccounts).where(eq(companyAccounts.id, id)).limit(1);
  return row;
}

export async function findClinicById(db: DbOrTx, id: number): Promise<ClinicRow | undefined> {
  const [row] = await db.select().from(clinicUsers).where(eq(clinicUsers.id, id)).limit(1);
  return row;
}

export async function findRepById(db: DbOrTx, id: number): Promise<RepRow | undefined> {
  const [row] = await db.select().from(medicalReps).where(eq(medicalReps.id, id)).limit(1);
  return row;
}

/** A doctor's own login (docs/decisions/073): who GET /api/auth/me names. */
export async function findDoctorAccountById(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: doctorAccounts.id, name: doctorAccounts.name, email: doctorAccounts.email })
    .from(doctorAccounts)
    .where(eq(doctorAccounts.id, id))
    .limit(1);
  return row;
}

export async function setDeviceFingerprint(w: Write, kind: AccountKind, id: number, fingerprint: string): Promise<void> {
  const t = accountTable(kind);
  const rows = await w.update(t).set({ deviceFingerprint: fingerprint }).where(eq(t.id, id)).returning({ id: t.id });
  for (const row of rows) w.changed(cacheKey.account(kind, row.id));
}

export async function findTermsAccepted(db: DbOrTx, kind: AccountKind, id: number): Promise<boolean | undefined> {
  const t = accountTable(kind);
  const [row] = await db.select({ termsAccepted: t.termsAccepted }).from(t).where(eq(t.id, id)).limit(1);
  return row?.termsAccepted;
}

export async function acceptTerms(w: Write, kind: AccountKind, id: number, v: { now: Date; version: string }): Promise<boolean> {
  const t = accountTable(kind);
  const rows = await w
    .update(t)
    .set({ termsAccepted: true, termsAcceptedAt: v.now, termsVersion: v.version, updatedAt: v.now })
    .where(eq(t.id, id))
    .returning({ id: t.id });
  for (const row of rows) w.changed(cacheKey.account(kind, row.id));
  return rows.length > 0;
}

export async function setClinicPassword(w: Write, id: number, passwordHash: string, now: Date): Promise<void> {
  const rows = await w.update(clinicUsers).set({ password: passwordHash, updatedAt: now }).where(eq(clinicUsers.id, id)).returning({ id: clinicUsers.id });
  for (const row of rows) w.changed(cacheKey.account('clinic', row.id));
}

export async function setRepPassword(w: Write, id: number, passwordHash: string, now: Date): Promise<void> {
  const rows = await w
    .update(medicalReps)
    .set({ password: passwordHash, passwordChangedAt: now, updatedAt: now, resetToken: null, resetTokenExpires: null })
    .where(eq(medicalReps.id, id))
    .returning({ id: medicalReps.id });
  for (const row of rows) w.changed(cacheKey.account('medrep', row.id));
}

export async function setCompanyPassword(w: Write, id: number, passwordHash: string, now: Date): Promise<void> {
  const rows = await w
    .update(companyAccounts)
    .set({ password: passwordHash, passwordChangedAt: now, updatedAt: now })
    .where(eq(companyAccounts.id, id))
    .returning({ id: companyAccounts.id });
  for (const row of rows) w.changed(cacheKey.account('company', row.id));
}

// --- password-reset tokens -----------------------------------------------------------------------

/** Stores a new reset token; earlier unused tokens of the account stop working (only the newest link counts). */
export async function replaceResetToken(db: Write, v: { kind: AccountKind; userId: number; tokenHash: string; expiresAt: Date; now: Date }): Promise<void> {
  await db
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userType, v.kind), eq(passwordResetTokens.userId, v.userId), isNull(passwordResetTokens.usedAt)));
  await db.insert(passwordResetTokens).values({ userType: v.kind, userId: v.userId, tokenHash: v.tokenHash, expiresAt: v.expiresAt, createdAt: v.now });
}

/** Reset tokens of the account not yet used are deleted (they stop working). */
export async function deleteUnusedResetTokens(db: Write, kind: AccountKind, userId: number): Promise<void> {
  await db
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userType, kind), eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** A reset token as stored (without using it), for the page's check on load (docs/decisions/036). */
export async function findResetToken(db: DbOrTx, kind: AccountKind, tokenHash: string): Promise<{ expiresAt: Date; usedAt: Date | null } | undefined> {
  const [row] = await db
    .select({ expiresAt: passwordResetTokens.expiresAt, usedAt: passwordResetTokens.usedAt })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), eq(passwordResetTokens.userType, kind)))
    .limit(1);
  return row;
}

/** Uses a reset token once, atomically: answers the account id, or undefined when invalid, used or expired. */
export async function consumeResetToken(db: Write, kind: AccountKind, tokenHash: string, now: Date): Promise<number | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        eq(passwordResetTokens.userType, kind),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId;
}

// --- clinic team members (docs/decisions/072-clinic-team.md): they sign in on the clinic login ---------------------

/** A clinic team member by e-mail (any case) with their clinic's state. */
export async function findMemberByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ member: clinicMembers, clinicStatus: clinicUsers.status })
    .from(clinicMembers)
    .innerJoin(clinicUsers, eq(clinicUsers.id, clinicMembers.clinicId))
    .where(lowerEq(clinicMembers.email, email))
    .limit(1);
  return row;
}
export type MemberLogin = NonNullable<Awaited<ReturnType<typeof findMemberByEmail>>>;

/** When the member last signed in: shown on the team list only, which is read from the database (no key). */
export async function stampMemberSignIn(w: Write, o: { memberId: number; now: Date }): Promise<void> {
  await w.update(clinicMembers).set({ lastSignInAt: o.now }).where(eq(clinicMembers.id, o.memberId));
}
