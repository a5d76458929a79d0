import { and, count, eq, gt, inArray, isNotNull, max, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { outbox } from '../db/schema';
import { retryDelayMs } from './retry-schedule';

// The outbox's queries (docs/decisions/028-outbox.md). A row is claimed by moving it to `sending` with its
// next_attempt_at at the end of the claim: if the instance dies mid-delivery the row is due again when the
// claim runs out, and any instance takes it. SKIP LOCKED lets several instances claim side by side without
// waiting on, or taking, each other's rows.

export type OutboxRow = typeof outbox.$inferSelect;

const UNFINISHED = ['queued', 'retrying', 'sending'];

export async function claimDueMessages(db: Db, o: { now: Date; limit: number; claimMs: number }): Promise<OutboxRow[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(inArray(outbox.status, UNFINISHED), sql`${outbox.nextAttemptAt} <= ${o.now}`))
    .orderBy(outbox.nextAttemptAt)
    .limit(o.limit)
    .for('update', { skipLocked: true });
  return db
    .update(outbox)
    .set({ status: 'sending', attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: new Date(o.now.getTime() + o.claimMs) })
    .where(inArray(outbox.id, due))
    .returning();
}

/**
 * Delivered: the body (which may hold a code or a link) is dropped; the record stays. Only the claim that sent it
 * writes. A provider's id (WhatsApp's wamid) is kept with the status 'sent': its later statuses arrive by webhook and
 * find the row by it (docs/decisions/044).
 */
export async function markMessageSent(db: Db, o: { row: OutboxRow; now: Date; service: string; providerMessageId?: string }): Promise<void> {
  await db
    .update(outbox)
    .set({
      status: 'sent',
      sentAt: o.now,
      body: null,
      emailService: o.service,
      errorMessage: null,
      ...(o.providerMessageId ? { providerMessageId: o.providerMessageId, deliveryStatus: 'sent', deliveryStatusAt: o.now } : {}),
    })
    .where(and(eq(outbox.id, o.row.id), eq(outbox.attempts, o.row.attempts), eq(outbox.status, 'sending')));
}

/**
 * Not delivered: retried after the schedule's wait (or the service's Retry-After, when longer), or failed when that
 * passes the deadline or no retry can help.
 */
export async function markAttemptFailed(db: Db, o: { row: OutboxRow; now: Date; error: string; permanent: boolean; retryAfterMs?: number }): Promise<void> {
  const next = new Date(o.now.getTime() + Math.max(retryDelayMs(o.row.attempts), o.retryAfterMs ?? 0));
  const failed = o.permanent || next > o.row.deadlineAt;
  await db
    .update(outbox)
    .set({ status: failed ? 'failed' : 'retrying', nextAttemptAt: next, errorMessage: o.error.slice(0, 500) })
    .where(and(eq(outbox.id, o.row.id), eq(outbox.attempts, o.row.attempts), eq(outbox.status, 'sending')));
}

/** SMTP works again: e-mails waiting out a retry go now rather than at their scheduled time. */
export async function hurryWaitingEmails(db: Db, o: { now: Date }): Promise<number> {
  const rows = await db
    .update(outbox)
    .set({ nextAttemptAt: o.now })
    .where(and(eq(outbox.channel, 'email'), eq(outbox.status, 'retrying'), gt(outbox.nextAttemptAt, o.now)))
    .returning({ id: outbox.id });
  return rows.length;
}

export async function hasWaitingEmails(db: Db, o: { now: Date }): Promise<boolean> {
  const rows = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.channel, 'email'), eq(outbox.status, 'retrying'), gt(outbox.nextAttemptAt, o.now)))
    .limit(1);
  return rows.length > 0;
}

/** Failed e-mails queued again with a fresh deadline: one, or every failed one of a send. Returns how many. */
export async function requeueFailedEmails(db: DbOrTx, o: { id?: number; jobId?: string; now: Date; deadlineMs: number }): Promise<number> {
  const rows = await db
    .update(outbox)
    .set({ status: 'queued', nextAttemptAt: o.now, deadlineAt: new Date(o.now.getTime() + o.deadlineMs) })
    .where(
      and(
        eq(outbox.channel, 'email'),
        eq(outbox.status, 'failed'),
        isNotNull(outbox.body),
        o.id !== undefined ? eq(outbox.id, o.id) : undefined,
        o.jobId !== undefined ? eq(outbox.jobId, o.jobId) : undefined,
      ),
    )
    .returning({ id: outbox.id });
  return rows.length;
}

/** When a message with this key was last handed to SMTP, or null. */
export async function lastSentAt(db: DbOrTx, o: { replaceKey: string }): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(outbox.sentAt) })
    .from(outbox)
    .where(and(eq(outbox.replaceKey, o.replaceKey), eq(outbox.status, 'sent')));
  return row?.at ?? null;
}

/** A send's messages by status. */
export async function countJobMessages(db: DbOrTx, o: { jobId: string }): Promise<Record<string, number>> {
  const rows = await db.select({ status: outbox.status, n: count() }).from(outbox).where(eq(outbox.jobId, o.jobId)).groupBy(outbox.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/** How far back the failed messages are counted: the index on queued_at bounds the scan (docs/decisions/059). */
const FAILED_WINDOW_MS = 7 * 86_400_000;

/**
 * The backlog by channel and status for the metrics (docs/decisions/059): the unfinished messages through the due
 * index, the failed ones among those queued in the last 7 days, and the oldest queued_at of each unfinished group.
 */
export async function readOutboxBacklog(
  db: Db,
  o: { now: Date },
): Promise<Array<{ channel: string; status: string; count: number; oldestQueuedAt: Date | null }>> {
  const unfinished = db
    .select({ channel: outbox.channel, status: outbox.status, count: count(), oldestQueuedAt: sql<Date | string | null>`min(${outbox.queuedAt})` })
    .from(outbox)
    .where(inArray(outbox.status, UNFINISHED))
    .groupBy(outbox.channel, outbox.status);
  const failed = db
    .select({ channel: outbox.channel, status: outbox.status, count: count(), oldestQueuedAt: sql<Date | string | null>`null::timestamptz` })
    .from(outbox)
    .where(and(eq(outbox.status, 'failed'), gt(outbox.queuedAt, new Date(o.now.getTime() - FAILED_WINDOW_MS))))
    .groupBy(outbox.channel, outbox.status);
  const rows = await unfinished.unionAll(failed);
  // A raw min() comes back as text on node-postgres and as a Date on PGlite.
  return rows.map((r) => ({ ...r, count: Number(r.count), oldestQueuedAt: r.oldestQueuedAt === null ? null : new Date(r.oldestQueuedAt) }));
}
