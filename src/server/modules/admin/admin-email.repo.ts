import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, lt, lte, max, not, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { EmailRecipientsFilter } from '../../../shared/schemas/admin';
import { PAID_SUBSCRIPTION_STATUSES, TRIAL_SUBSCRIPTION_STATUSES, type RecipientGroup } from '../../../shared/subscription/recipient-groups';
import { ACTIVE_SUBSCRIPTION_STATUSES } from '../../../shared/subscription/subscription-status';
import type { Db, DbOrTx } from '../../db/client';
import { containing } from '../../db/like-pattern';
import { emailJobs, medicalReps, outbox, pendingMedicalReps } from '../../db/schema';
import type { Write } from '../../db/write';
import { cacheKey } from '../../cache/cache-keys';

// The e-mail dashboard's queries (docs/decisions/023). Lists read one page before a keyset position, newest id
// first (the primary key's order: the order rows were written); sends walk the same filter oldest id first, a
// batch at a time, up to the last id that matched when the send was queued.

// --- medical reps: the recipients -------------------------------------------------------------------------

const r = medicalReps;
const activeAt = (now: Date, statuses: readonly string[]) =>
  and(inArray(r.subscriptionStatus, [...statuses]), isNotNull(r.subscriptionExpiresAt), gt(r.subscriptionExpiresAt, now));

/** spec part 2, 4: the groups in SQL; recipientKind (src/shared/subscription/recipient-groups.ts) is the same rule per row. */
function inGroup(group: RecipientGroup, now: Date): SQL | undefined {
  switch (group) {
    case 'all':
      return undefined;
    case 'free-trial-active':
      return activeAt(now, TRIAL_SUBSCRIPTION_STATUSES);
    case 'subscribed':
      return activeAt(now, PAID_SUBSCRIPTION_STATUSES);
    case 'free-trial-not-activated':
      return and(isNull(r.freeTrialUsedAt), isNull(r.subscriptionExpiresAt));
    case 'expired':
      // activeAt is never null (its `is not null` makes it false), so `not` keeps every inactive rep.
      return and(or(isNotNull(r.freeTrialUsedAt), isNotNull(r.subscriptionExpiresAt)), not(activeAt(now, ACTIVE_SUBSCRIPTION_STATUSES)!));
  }
}

const recipientsMatching = (filter: EmailRecipientsFilter, now: Date) =>
  and(inGroup(filter.status, now), filter.q ? or(ilike(r.fullName, containing(filter.q)), ilike(r.email, containing(filter.q))) : undefined);

const recipientColumns = {
  id: r.id,
  fullName: r.fullName,
  email: r.email,
  company: r.company,
  state: r.state,
  subscriptionStatus: r.subscriptionStatus,
  subscriptionExpiresAt: r.subscriptionExpiresAt,
  freeTrialUsedAt: r.freeTrialUsedAt,
  createdAt: r.createdAt,
};

export function queryRecipientsPage(db: Db, o: { filter: EmailRecipientsFilter; now: Date; beforeId?: number; limit: number }) {
  return db
    .select(recipientColumns)
    .from(r)
    .where(and(recipientsMatching(o.filter, o.now), o.beforeId === undefined ? undefined : lt(r.id, o.beforeId)))
    .orderBy(desc(r.id))
    .limit(o.limit);
}

/** What a send by filter reaches: the filter, at most `maxId`, less `except`. */
const selected = (o: { filter: EmailRecipientsFilter; now: Date; maxId?: number; except?: number[] }) =>
  and(recipientsMatching(o.filter, o.now), o.maxId === undefined ? undefined : lte(r.id, o.maxId), o.except?.length ? notInArray(r.id, o.except) : undefined);

export async function countRecipients(db: Db, o: { filter: EmailRecipientsFilter; now: Date; maxId?: number; except?: number[] }): Promise<number> {
  const [row] = await db.select({ n: count() }).from(r).where(selected(o));
  return row?.n ?? 0;
}

/** The newest rep the filter matches now: a send by filter stops there, so reps who register meanwhile are not added. */
export async function lastRecipientId(db: Db, o: { filter: EmailRecipientsFilter; now: Date }): Promise<number | null> {
  const [row] = await db
    .select({ id: max(r.id) })
    .from(r)
    .where(recipientsMatching(o.filter, o.now));
  return row?.id ?? null;
}

export function queryRecipientBatch(
  db: DbOrTx,
  o: { filter: EmailRecipientsFilter; now: Date; maxId: number; except: number[]; afterId: number; limit: number },
) {
  return db
    .select({ id: r.id, fullName: r.fullName, email: r.email })
    .from(r)
    .where(and(selected(o), gt(r.id, o.afterId)))
    .orderBy(asc(r.id))
    .limit(o.limit);
}

/** The ticked reps that still exist, after `afterId`, oldest id first. */
export function queryRecipientsByIds(db: DbOrTx, o: { ids: number[]; afterId: number; limit: number }) {
  return db
    .select({ id: r.id, fullName: r.fullName, email: r.email })
    .from(r)
    .where(and(inArray(r.id, o.ids), gt(r.id, o.afterId)))
    .orderBy(asc(r.id))
    .limit(o.limit);
}

export async function countRecipientsByIds(db: Db, o: { ids: number[] }): Promise<number> {
  const [row] = await db.select({ n: count() }).from(r).where(inArray(r.id, o.ids));
  return row?.n ?? 0;
}

// --- pending registrations (the re-registration tool) --------------------------------------------------------

const p = pendingMedicalReps;

export function queryPendingPage(db: Db, o: { beforeId?: number; limit: number }) {
  return db
    .select()
    .from(p)
    .where(o.beforeId === undefined ? undefined : lt(p.id, o.beforeId))
    .orderBy(desc(p.id))
    .limit(o.limit);
}

export async function countPending(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(p);
  return row?.n ?? 0;
}

export async function lastPendingId(db: Db): Promise<number | null> {
  const [row] = await db.select({ id: max(p.id) }).from(p);
  return row?.id ?? null;
}

/** What a re-registration send reaches: the pending reps of `ids`, or every one up to `maxId` less `exceptEmails`. */
export type PendingSelection = { ids: number[] } | { maxId: number; exceptEmails: string[] };

const pendingSelected = (o: PendingSelection) =>
  'ids' in o ? inArray(p.id, o.ids) : and(lte(p.id, o.maxId), o.exceptEmails.length ? notInArray(sql`lower(${p.email})`, o.exceptEmails) : undefined);

export function queryPendingBatch(db: DbOrTx, o: { selection: PendingSelection; afterId: number; limit: number }) {
  return db
    .select()
    .from(p)
    .where(and(gt(p.id, o.afterId), pendingSelected(o.selection)))
    .orderBy(asc(p.id))
    .limit(o.limit);
}

export async function countPendingSelected(db: Db, o: { selection: PendingSelection }): Promise<number> {
  const [row] = await db.select({ n: count() }).from(p).where(pendingSelected(o.selection));
  return row?.n ?? 0;
}

// --- the sends themselves (docs/decisions/028-outbox.md): read from the database, no cached read shows them ----------

export type EmailJobRow = typeof emailJobs.$inferSelect;

export async function insertEmailJob(db: Write, job: typeof emailJobs.$inferInsert): Promise<void> {
  await db.insert(emailJobs).values(job);
  // The outbox workers write its recipients before their passes: they look now (docs/decisions/078-outbox-wake.md).
  db.changed(cacheKey.outboxQueued());
}

export async function findEmailJob(db: Db, o: { jobId: string }): Promise<EmailJobRow | undefined> {
  const [row] = await db.select().from(emailJobs).where(eq(emailJobs.id, o.jobId)).limit(1);
  return row;
}

export async function hasUnexpandedJob(db: Db): Promise<boolean> {
  const rows = await db.select({ id: emailJobs.id }).from(emailJobs).where(eq(emailJobs.expanded, false)).limit(1);
  return rows.length > 0;
}

/** One send still writing its recipients, locked for this transaction; another instance skips it meanwhile. */
export async function claimUnexpandedJob(tx: Write): Promise<EmailJobRow | undefined> {
  const [row] = await tx
    .select()
    .from(emailJobs)
    .where(eq(emailJobs.expanded, false))
    .orderBy(asc(emailJobs.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

export async function advanceEmailJob(tx: Write, o: { jobId: string; cursor: number; expanded: boolean; total?: number }): Promise<void> {
  await tx
    .update(emailJobs)
    .set({ cursor: o.cursor, expanded: o.expanded, ...(o.total === undefined ? {} : { total: o.total }) })
    .where(eq(emailJobs.id, o.jobId));
}

// --- the delivery history ---------------------------------------------------------------------------------

/**
 * The Messages history (docs/decisions/044): the outbox's rows of every channel, or of one, newest first (the index
 * on (channel, id) serves one channel's page). The body is not read: only whether a failed e-mail still has it
 * (what the email_audit_log view calls `retryable`; WhatsApp and push messages are never sent again by hand).
 */
export function queryMessageLogsPage(db: Db, o: { channel?: string; beforeId?: number; limit: number }) {
  return db
    .select({
      id: outbox.id,
      channel: outbox.channel,
      status: outbox.status,
      attempts: outbox.attempts,
      nextAttemptAt: outbox.nextAttemptAt,
      retryable: sql<boolean>`(${outbox.channel} = 'email' and ${outbox.status} = 'failed' and ${outbox.body} is not null)`,
      jobId: outbox.jobId,
      queuedAt: outbox.queuedAt,
      recipientName: outbox.recipientName,
      recipientEmail: outbox.recipientEmail,
      recipientPhone: outbox.recipientPhone,
      subject: outbox.subject,
      errorMessage: outbox.errorMessage,
      templateType: outbox.templateType,
      emailService: outbox.emailService,
      sentAt: outbox.sentAt,
      deliveryStatus: outbox.deliveryStatus,
      deliveryStatusAt: outbox.deliveryStatusAt,
    })
    .from(outbox)
    .where(and(o.channel === undefined ? undefined : eq(outbox.channel, o.channel), o.beforeId === undefined ? undefined : lt(outbox.id, o.beforeId)))
    .orderBy(desc(outbox.id))
    .limit(o.limit);
}
