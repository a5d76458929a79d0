import { and, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import { cacheKey } from '../../cache/cache-keys';
import type { DbOrTx } from '../../db/client';
import type { Write } from '../../db/write';
import { clinicUsers, medicalReps, outbox, whatsappConsents, whatsappNumberCodes } from '../../db/schema';
import type { DeliveryStatus } from '../../../shared/schemas/whatsapp';
import { WHATSAPP_TEMPLATES } from './whatsapp-templates';

// The WhatsApp module's queries (docs/decisions/044-whatsapp.md): the accounts' numbers, the consent records, the
// number codes, and the delivery statuses written onto the outbox's rows. Writers take the write (db/write.ts); one that
// changes an account's row names the account's key (its sessions carry the row), the other rows are not cached.

export type WhatsAppAccountType = 'rep' | 'clinic';

/** Who a message or a consent is for: the account's own phone (canonical), its WhatsApp number, its address and name. */
export interface WhatsAppAccount {
  id: number;
  name: string;
  email: string;
  phone: string;
  whatsappNumber: string | null;
  /** The account's language (docs/decisions/045): its messages go in it, the template in that language. */
  language: string | null;
}

const repAccount = {
  id: medicalReps.id,
  name: medicalReps.fullName,
  email: medicalReps.email,
  phone: medicalReps.phone,
  whatsappNumber: medicalReps.whatsappNumber,
  language: medicalReps.language,
};
const clinicAccount = {
  id: clinicUsers.id,
  name: clinicUsers.contactPerson,
  email: clinicUsers.email,
  phone: clinicUsers.contactNumber,
  whatsappNumber: clinicUsers.whatsappNumber,
  language: clinicUsers.language,
};

/** The account, its row locked for the rest of the transaction when `lock` (a preferences change). */
export async function findWhatsAppAccount(
  db: DbOrTx,
  o: { accountType: WhatsAppAccountType; accountId: number; lock?: boolean },
): Promise<WhatsAppAccount | undefined> {
  const query =
    o.accountType === 'rep'
      ? db.select(repAccount).from(medicalReps).where(eq(medicalReps.id, o.accountId)).limit(1)
      : db.select(clinicAccount).from(clinicUsers).where(eq(clinicUsers.id, o.accountId)).limit(1);
  const [row] = o.lock ? await query.for('update') : await query;
  return row;
}

/** The reps among `repIds` with WhatsApp on (the opted-in ones only). */
export async function findRepsWithWhatsApp(db: DbOrTx, o: { repIds: number[] }): Promise<Map<number, WhatsAppAccount>> {
  if (o.repIds.length === 0) return new Map();
  const rows = await db
    .select(repAccount)
    .from(medicalReps)
    .where(and(inArray(medicalReps.id, [...new Set(o.repIds)]), isNotNull(medicalReps.whatsappNumber)));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The clinics among `clinicIds` with WhatsApp on; `name` is the contact person, `clinicName` the clinic's. */
export async function findClinicsWithWhatsApp(db: DbOrTx, o: { clinicIds: number[] }): Promise<Map<number, WhatsAppAccount & { clinicName: string }>> {
  if (o.clinicIds.length === 0) return new Map();
  const rows = await db
    .select({ ...clinicAccount, clinicName: clinicUsers.clinicName })
    .from(clinicUsers)
    .where(and(inArray(clinicUsers.id, [...new Set(o.clinicIds)]), isNotNull(clinicUsers.whatsappNumber)));
  return new Map(rows.map((r) => [r.id, r]));
}

const accountKey = (accountType: WhatsAppAccountType, id: number) => cacheKey.account(accountType === 'rep' ? 'medrep' : 'clinic', id);

export async function setWhatsAppNumber(
  w: Write,
  o: { accountType: WhatsAppAccountType; accountId: number; whatsappNumber: string | null; now: Date },
): Promise<void> {
  const rows =
    o.accountType === 'rep'
      ? await w
          .update(medicalReps)
          .set({ whatsappNumber: o.whatsappNumber, updatedAt: o.now })
          .where(eq(medicalReps.id, o.accountId))
          .returning({ id: medicalReps.id })
      : await w
          .update(clinicUsers)
          .set({ whatsappNumber: o.whatsappNumber, updatedAt: o.now })
          .where(eq(clinicUsers.id, o.accountId))
          .returning({ id: clinicUsers.id });
  for (const row of rows) w.changed(accountKey(o.accountType, row.id));
}

export type ConsentRecord = Omit<typeof whatsappConsents.$inferInsert, 'id'>;

/** Append-only: every opt-in (with its wording) and every opt-out is a row of its own. */
export async function insertConsents(tx: Write, rows: ConsentRecord[]): Promise<void> {
  if (rows.length > 0) await tx.insert(whatsappConsents).values(rows);
}

/**
 * STOP from a number: WhatsApp ends for every account with that number, in one statement per kind of account.
 * Answers the accounts it ended (none when the number had none, or a replayed STOP).
 */
export async function endWhatsAppForNumber(
  tx: Write,
  o: { phone: string; now: Date },
): Promise<Array<{ accountType: WhatsAppAccountType; accountId: number }>> {
  const reps = await tx
    .update(medicalReps)
    .set({ whatsappNumber: null, updatedAt: o.now })
    .where(eq(medicalReps.whatsappNumber, o.phone))
    .returning({ id: medicalReps.id });
  const clinics = await tx
    .update(clinicUsers)
    .set({ whatsappNumber: null, updatedAt: o.now })
    .where(eq(clinicUsers.whatsappNumber, o.phone))
    .returning({ id: clinicUsers.id });
  const ended = [
    ...reps.map((r) => ({ accountType: 'rep' as const, accountId: r.id })),
    ...clinics.map((c) => ({ accountType: 'clinic' as const, accountId: c.id })),
  ];
  for (const a of ended) tx.changed(accountKey(a.accountType, a.accountId));
  return ended;
}

/** Whether the account still has WhatsApp on at this number (asked just before a message is sent). */
export async function hasWhatsAppNumber(db: DbOrTx, o: { accountType: WhatsAppAccountType; accountId: number; phone: string }): Promise<boolean> {
  const rows =
    o.accountType === 'rep'
      ? await db
          .select({ id: medicalReps.id })
          .from(medicalReps)
          .where(and(eq(medicalReps.id, o.accountId), eq(medicalReps.whatsappNumber, o.phone)))
      : await db
          .select({ id: clinicUsers.id })
          .from(clinicUsers)
          .where(and(eq(clinicUsers.id, o.accountId), eq(clinicUsers.whatsappNumber, o.phone)));
  return rows.length > 0;
}

// --- number codes -------------------------------------------------------------------------------------------

export async function upsertNumberCode(tx: Write, o: typeof whatsappNumberCodes.$inferInsert): Promise<void> {
  await tx
    .insert(whatsappNumberCodes)
    .values(o)
    .onConflictDoUpdate({
      target: [whatsappNumberCodes.accountType, whatsappNumberCodes.accountId],
      set: { phone: o.phone, codeHash: o.codeHash, expiresAt: o.expiresAt, attempts: 0, createdAt: o.createdAt },
    });
}

/** The outbox's replace key of an account's number codes: a newer code replaces one not yet sent, and the key counts them. */
export const numberCodeReplaceKey = (o: { accountType: WhatsAppAccountType; accountId: number }) => `whatsapp-code:${o.accountType}:${o.accountId}`;

/** Makes code requests for one key (an account, a number) count one after another, until the transaction ends. */
export async function lockCodeSends(tx: Write, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`whatsapp-code-send:${key}`}, 0))`);
}

/**
 * When the latest `limit` number codes were queued since `since`, newest first, whatever became of them (a code
 * replaced before it went out counts too): an account's (by its replace key) or a number's (from any account).
 */
export async function recentCodeSends(
  db: DbOrTx,
  o: ({ replaceKey: string; phone?: never } | { phone: string; replaceKey?: never }) & { since: Date; limit: number },
): Promise<Date[]> {
  const whose =
    o.replaceKey !== undefined
      ? eq(outbox.replaceKey, o.replaceKey)
      : and(eq(outbox.templateType, WHATSAPP_TEMPLATES.numberCode.templateType), eq(outbox.recipientPhone, o.phone), eq(outbox.channel, 'whatsapp'));
  const rows = await db
    .select({ queuedAt: outbox.queuedAt })
    .from(outbox)
    .where(and(whose, gt(outbox.queuedAt, o.since)))
    .orderBy(desc(outbox.queuedAt))
    .limit(o.limit);
  return rows.map((r) => r.queuedAt);
}

/**
 * Counts one attempt at the account's code for this number and answers the code as it now stands. The count is
 * written first, in its own statement, so a wrong guess counts even though the request then fails.
 */
export async function countNumberCodeAttempt(db: Write, o: { accountType: WhatsAppAccountType; accountId: number; phone: string }) {
  const [row] = await db
    .update(whatsappNumberCodes)
    .set({ attempts: sql`${whatsappNumberCodes.attempts} + 1` })
    .where(and(eq(whatsappNumberCodes.accountType, o.accountType), eq(whatsappNumberCodes.accountId, o.accountId), eq(whatsappNumberCodes.phone, o.phone)))
    .returning({ codeHash: whatsappNumberCodes.codeHash, expiresAt: whatsappNumberCodes.expiresAt, attempts: whatsappNumberCodes.attempts });
  return row;
}

/** Uses the code up: true only for the one request that deleted it (two confirmations at once cannot both use it). */
export async function consumeNumberCode(tx: Write, o: { accountType: WhatsAppAccountType; accountId: number; codeHash: string }): Promise<boolean> {
  const rows = await tx
    .delete(whatsappNumberCodes)
    .where(
      and(eq(whatsappNumberCodes.accountType, o.accountType), eq(whatsappNumberCodes.accountId, o.accountId), eq(whatsappNumberCodes.codeHash, o.codeHash)),
    )
    .returning({ accountId: whatsappNumberCodes.accountId });
  return rows.length > 0;
}

// --- delivery statuses ----------------------------------------------------------------------------------------

/**
 * How far a status is along: a status is written only over a lower one, so a replay, a late 'sent' after
 * 'delivered', or 'delivered' after 'read' changes nothing. 'failed' outranks only 'sent': WhatsApp reports it for
 * a message it could not deliver, and a delivery report proves delivery.
 */
const rankOf = (column: unknown) => sql`(case ${column} when 'sent' then 1 when 'failed' then 2 when 'delivered' then 3 when 'read' then 4 else 0 end)`;
export const DELIVERY_STATUS_RANK: Record<DeliveryStatus, number> = { sent: 1, failed: 2, delivered: 3, read: 4 };

/** One status of a WhatsApp message, found by its id; answers whether it changed the row. */
export async function recordDeliveryStatus(db: Write, o: { providerMessageId: string; status: DeliveryStatus; at: Date; error?: string }): Promise<boolean> {
  const rows = await db
    .update(outbox)
    .set({
      deliveryStatus: o.status,
      deliveryStatusAt: o.at,
      ...(o.status === 'failed' ? { errorMessage: (o.error ?? 'WhatsApp could not deliver the message').slice(0, 500) } : {}),
    })
    .where(
      and(
        eq(outbox.providerMessageId, o.providerMessageId),
        eq(outbox.channel, 'whatsapp'),
        sql`${rankOf(outbox.deliveryStatus)} < ${DELIVERY_STATUS_RANK[o.status]}`,
      ),
    )
    .returning({ id: outbox.id });
  return rows.length > 0;
}
