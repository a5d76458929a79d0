import { and, desc, eq, inArray, isNull, not, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Write } from '../../db/write';
import { cacheKey } from '../../cache/cache-keys';
import { medicalReps, subscriptionOrders, subscriptionRefunds } from '../../db/schema';

// Drizzle queries of the subscriptions area only (ARCHITECTURE: <area>.repo.ts).

const repSubscriptionColumns = {
  id: medicalReps.id,
  fullName: medicalReps.fullName,
  email: medicalReps.email,
  subscriptionStatus: medicalReps.subscriptionStatus,
  subscriptionId: medicalReps.subscriptionId,
  subscriptionExpiresAt: medicalReps.subscriptionExpiresAt,
  freeTrialUsedAt: medicalReps.freeTrialUsedAt,
  /** the rep's language: the receipts are written in it (docs/decisions/045) */
  language: medicalReps.language,
};
export type RepSubscription = Awaited<ReturnType<typeof findRepSubscription>>;

export async function findRepSubscription(db: DbOrTx, repId: number) {
  const [row] = await db.select(repSubscriptionColumns).from(medicalReps).where(eq(medicalReps.id, repId)).limit(1);
  return row;
}

/** The rep row locked for the rest of the transaction (a paid activation reads, then extends, the expiry). */
export async function lockRepSubscription(tx: DbOrTx, repId: number) {
  const [row] = await tx.select(repSubscriptionColumns).from(medicalReps).where(eq(medicalReps.id, repId)).for('update').limit(1);
  return row;
}

const PAID_KINDS = ['active', 'authenticated', 'paid'];

/**
 * Starts the free trial in ONE conditional UPDATE: only when it was never used and no paid subscription is
 * running. Concurrent attempts race on the row; exactly one sees a row come back.
 */
export async function startFreeTrial(db: Write, opts: { repId: number; subscriptionId: string; now: Date; expiresAt: Date }) {
  const [row] = await db
    .update(medicalReps)
    .set({
      subscriptionStatus: 'free_trial',
      subscriptionId: opts.subscriptionId,
      subscriptionExpiresAt: opts.expiresAt,
      freeTrialUsedAt: opts.now,
      updatedAt: opts.now,
    })
    .where(
      and(
        eq(medicalReps.id, opts.repId),
        isNull(medicalReps.freeTrialUsedAt),
        or(
          not(inArray(medicalReps.subscriptionStatus, PAID_KINDS)),
          isNull(medicalReps.subscriptionExpiresAt),
          sql`${medicalReps.subscriptionExpiresAt} <= ${opts.now}`,
        ),
      ),
    )
    .returning(repSubscriptionColumns);
  // The subscription is cached with the rep's account (the calendar and booking check it).
  if (row) db.changed(cacheKey.account('medrep', row.id));
  return row;
}

export async function setRepSubscription(tx: Write, opts: { repId: number; status: string; subscriptionId: string; expiresAt: Date; now: Date }) {
  const [row] = await tx
    .update(medicalReps)
    .set({ subscriptionStatus: opts.status, subscriptionId: opts.subscriptionId, subscriptionExpiresAt: opts.expiresAt, updatedAt: opts.now })
    .where(eq(medicalReps.id, opts.repId))
    .returning(repSubscriptionColumns);
  tx.changed(cacheKey.account('medrep', opts.repId));
  return row!;
}

export async function insertOrder(db: DbOrTx, values: typeof subscriptionOrders.$inferInsert) {
  const [row] = await db.insert(subscriptionOrders).values(values).returning();
  return row!;
}

export async function findOrder(db: DbOrTx, orderId: string) {
  const [row] = await db.select().from(subscriptionOrders).where(eq(subscriptionOrders.orderId, orderId)).limit(1);
  return row;
}

/**
 * Marks an order paid by one payment, once: the UPDATE matches only while the order is still 'created'.
 * A second caller (a replayed verify, the webhook after verify) gets nothing back and changes nothing.
 */
export async function markOrderPaid(tx: DbOrTx, opts: { orderId: string; paymentId: string; now: Date }) {
  const [row] = await tx
    .update(subscriptionOrders)
    .set({ status: 'paid', paymentId: opts.paymentId, paidAt: opts.now })
    .where(and(eq(subscriptionOrders.orderId, opts.orderId), eq(subscriptionOrders.status, 'created')))
    .returning();
  return row;
}

// --- refunds (docs/decisions/032) ------------------------------------------------------------------------

/** The order locked for the rest of the transaction: refunds of one payment are recorded one after another. */
export async function lockOrder(tx: DbOrTx, o: { orderId?: string; paymentId?: string }) {
  const where = o.orderId ? eq(subscriptionOrders.orderId, o.orderId) : o.paymentId ? eq(subscriptionOrders.paymentId, o.paymentId) : undefined;
  if (!where) return undefined;
  const [row] = await tx.select().from(subscriptionOrders).where(where).for('update').limit(1);
  return row;
}

/** Records one Razorpay refund once: a replayed or second event for it inserts nothing and answers false. */
export async function insertRefund(tx: DbOrTx, values: typeof subscriptionRefunds.$inferInsert): Promise<boolean> {
  const rows = await tx
    .insert(subscriptionRefunds)
    .values(values)
    .onConflictDoNothing({ target: subscriptionRefunds.refundId })
    .returning({ id: subscriptionRefunds.id });
  return rows.length > 0;
}

export async function setOrderRefund(tx: DbOrTx, o: { orderId: string; amountRefunded: number; refundedAt: Date; refundId: string | null; status: string }) {
  await tx
    .update(subscriptionOrders)
    .set({ amountRefunded: o.amountRefunded, refundedAt: o.refundedAt, refundId: o.refundId, status: o.status })
    .where(eq(subscriptionOrders.orderId, o.orderId));
}

/** Each rep's most recently refunded order (amount refunded, when, the latest refund's id), for the given reps. */
export async function findLatestRefunds(db: DbOrTx, repIds: number[]) {
  if (repIds.length === 0) return [];
  return db
    .selectDistinctOn([subscriptionOrders.repId], {
      repId: subscriptionOrders.repId,
      amountRefunded: subscriptionOrders.amountRefunded,
      currency: subscriptionOrders.currency,
      refundedAt: subscriptionOrders.refundedAt,
      refundId: subscriptionOrders.refundId,
      fullyRefunded: sql<boolean>`${subscriptionOrders.status} = 'refunded'`,
    })
    .from(subscriptionOrders)
    .where(and(inArray(subscriptionOrders.repId, repIds), sql`${subscriptionOrders.amountRefunded} > 0`))
    .orderBy(subscriptionOrders.repId, desc(subscriptionOrders.refundedAt));
}
