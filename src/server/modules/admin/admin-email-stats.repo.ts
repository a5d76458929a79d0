import { count, desc, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailAuditLog, outbox } from '../../db/schema';

// The e-mail history's counts (spec part 2, 7; docs/decisions/028-outbox.md, 044): the spec's cards count the outbox's
// e-mails (the email_audit_log view), the channels count every message of the Messages history.

const l = emailAuditLog;
const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
const sentCount = countWhere(sql`${l.status} = 'sent'`);

/** One row: every e-mail of the history (a code replaced by a newer one before it went out among them), by status. */
export async function queryEmailOverview(db: DbOrTx, o: { since: Date }) {
  const [row] = await db
    .select({
      total_emails: count(),
      sent_emails: sentCount,
      failed_emails: countWhere(sql`${l.status} = 'failed'`),
      last_24h: countWhere(sql`${l.queuedAt} > ${o.since}`),
      queued_emails: countWhere(sql`${l.status} in ('queued', 'sending')`),
      retrying_emails: countWhere(sql`${l.status} = 'retrying'`),
      replaced_emails: countWhere(sql`${l.status} = 'replaced'`),
    })
    .from(l);
  return row;
}

/** Per template: how many, and how many sent; most first. */
export function queryEmailTemplateStats(db: DbOrTx) {
  return db
    .select({ template_type: l.templateType, sent_count: sentCount, count: count() })
    .from(l)
    .groupBy(l.templateType)
    .orderBy(desc(count()), l.templateType);
}

/** Every channel's counts in one grouped pass over the outbox; WhatsApp's own reports beside the hand-over's. */
export function queryMessagesByChannel(db: DbOrTx, o: { since: Date }) {
  const m = outbox;
  return db
    .select({
      channel: m.channel,
      total: count(),
      sent: countWhere(sql`${m.status} = 'sent'`),
      failed: countWhere(sql`${m.status} = 'failed'`),
      queued: countWhere(sql`${m.status} in ('queued', 'sending')`),
      retrying: countWhere(sql`${m.status} = 'retrying'`),
      replaced: countWhere(sql`${m.status} = 'replaced'`),
      last_24h: countWhere(sql`${m.queuedAt} > ${o.since}`),
      delivered: countWhere(sql`${m.deliveryStatus} = 'delivered'`),
      read: countWhere(sql`${m.deliveryStatus} = 'read'`),
      delivery_failed: countWhere(sql`${m.deliveryStatus} = 'failed'`),
    })
    .from(m)
    .groupBy(m.channel);
}
