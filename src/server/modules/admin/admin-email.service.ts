import { count, desc, sql, type SQL } from 'drizzle-orm';
import type { EmailRetryResponse, EmailStats } from '../../../shared/schemas/admin';
import { ERROR_MESSAGES } from '../../../shared/errors';
import { emailAuditLog, outbox } from '../../db/schema';
import type { ChannelStats, MessageChannel } from '../../../shared/schemas/whatsapp';
import type { Deps } from '../../deps';
import { badRequest } from '../../errors';
import type { AdminActor } from '../auth/sessions.service';
import type { RequestOrigin } from '../../plugins/security';
import { recordAdminAct, targetOf } from './admin-audit.service';

// The e-mail history's summary and the retry of a failed e-mail (spec part 2, 7; docs/decisions/028-outbox.md).
// The spec's cards count the outbox's e-mails (the email_audit_log view); `byChannel` counts every channel of the
// Messages history (docs/decisions/044). Only an e-mail can be sent again by hand.

export async function getEmailStats(deps: Pick<Deps, 'db' | 'clock'>): Promise<EmailStats> {
  const l = emailAuditLog;
  const dayAgo = new Date(deps.clock.now().getTime() - 24 * 3_600_000);

  const sentCount = sql<number>`count(*) filter (where ${l.status} = 'sent')`.mapWith(Number);
  const [overview] = await deps.db
    .select({
      // Every row of the history, as listed (a code replaced by a newer one before it went out among them).
      total_emails: count(),
      sent_emails: sentCount,
      failed_emails: sql<number>`count(*) filter (where ${l.status} = 'failed')`.mapWith(Number),
      last_24h: sql<number>`count(*) filter (where ${l.queuedAt} > ${dayAgo})`.mapWith(Number),
      queued_emails: sql<number>`count(*) filter (where ${l.status} in ('queued', 'sending'))`.mapWith(Number),
      retrying_emails: sql<number>`count(*) filter (where ${l.status} = 'retrying')`.mapWith(Number),
      replaced_emails: sql<number>`count(*) filter (where ${l.status} = 'replaced')`.mapWith(Number),
    })
    .from(l);
  const templateStats = await deps.db
    .select({ template_type: l.templateType, sent_count: sentCount, count: count() })
    .from(l)
    .groupBy(l.templateType)
    .orderBy(desc(count()), l.templateType);
  return {
    overview: overview ?? { total_emails: 0, sent_emails: 0, failed_emails: 0, last_24h: 0, queued_emails: 0, retrying_emails: 0, replaced_emails: 0 },
    templateStats,
    byChannel: await countByChannel(deps, dayAgo),
  };
}

/** Every channel's counts (docs/decisions/044): one grouped pass over the outbox; WhatsApp's own reports beside the hand-over's. */
async function countByChannel(deps: Pick<Deps, 'db'>, dayAgo: Date): Promise<EmailStats['byChannel']> {
  const o = outbox;
  const where = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
  const rows = await deps.db
    .select({
      channel: o.channel,
      total: count(),
      sent: where(sql`${o.status} = 'sent'`),
      failed: where(sql`${o.status} = 'failed'`),
      queued: where(sql`${o.status} in ('queued', 'sending')`),
      retrying: where(sql`${o.status} = 'retrying'`),
      replaced: where(sql`${o.status} = 'replaced'`),
      last_24h: where(sql`${o.queuedAt} > ${dayAgo}`),
      delivered: where(sql`${o.deliveryStatus} = 'delivered'`),
      read: where(sql`${o.deliveryStatus} = 'read'`),
      delivery_failed: where(sql`${o.deliveryStatus} = 'failed'`),
    })
    .from(o)
    .groupBy(o.channel);
  const empty: ChannelStats = { total: 0, sent: 0, failed: 0, queued: 0, retrying: 0, replaced: 0, last_24h: 0, delivered: 0, read: 0, delivery_failed: 0 };
  const of = (channel: MessageChannel): ChannelStats => {
    const row = rows.find((r) => r.channel === channel);
    if (!row) return { ...empty };
    const { channel: _channel, ...counts } = row;
    return counts;
  };
  return { email: of('email'), whatsapp: of('whatsapp'), push: of('push') };
}

/** POST /api/admin/email-audit-logs/:id/retry: a failed e-mail whose text is kept is queued again, with a new deadline. */
export async function retryFailedEmail(
  deps: Pick<Deps, 'db' | 'outbox' | 'clock'>,
  o: { actor: AdminActor; id: number; origin: RequestOrigin },
): Promise<EmailRetryResponse> {
  const retried = await deps.db.transaction(async (tx) => {
    const n = await deps.outbox.requeueFailed(tx, { id: o.id });
    // Nothing retried, nothing done: no row (the transaction ends with the refusal).
    if (n === 0) throw badRequest(ERROR_MESSAGES.not_retryable, 'not_retryable');
    await recordAdminAct(tx, { actor: o.actor, action: 'email_retried', target: targetOf('email', o.id), origin: o.origin, at: deps.clock.now() });
    return n;
  });
  return { retried, message: /*i18n*/ 'The email is queued again' };
}
