import type { EmailRetryResponse, EmailStats } from '../../../shared/schemas/admin';
import { ERROR_MESSAGES } from '../../../shared/errors';
import type { ChannelStats, MessageChannel } from '../../../shared/schemas/whatsapp';
import { withWrite } from '../../db/write';
import type { Deps } from '../../deps';
import { badRequest } from '../../errors';
import type { AdminActor } from '../auth/sessions.service';
import type { RequestOrigin } from '../../plugins/security';
import { recordAdminAct, targetOf } from './admin-audit.service';
import { queryEmailOverview, queryEmailTemplateStats, queryMessagesByChannel } from './admin-email-stats.repo';

// The e-mail history's summary and the retry of a failed e-mail (spec part 2, 7; docs/decisions/028-outbox.md).
// The spec's cards count the outbox's e-mails (the email_audit_log view); `byChannel` counts every channel of the
// Messages history (docs/decisions/044). Only an e-mail can be sent again by hand.

export async function getEmailStats(deps: Pick<Deps, 'db' | 'clock'>): Promise<EmailStats> {
  const dayAgo = new Date(deps.clock.now().getTime() - 24 * 3_600_000);
  const overview = await queryEmailOverview(deps.db, { since: dayAgo });
  return {
    overview: overview ?? { total_emails: 0, sent_emails: 0, failed_emails: 0, last_24h: 0, queued_emails: 0, retrying_emails: 0, replaced_emails: 0 },
    templateStats: await queryEmailTemplateStats(deps.db),
    byChannel: await countByChannel(deps, dayAgo),
  };
}

/** Every channel's counts (docs/decisions/044); a channel without messages counts zeros. */
async function countByChannel(deps: Pick<Deps, 'db'>, dayAgo: Date): Promise<EmailStats['byChannel']> {
  const rows = await queryMessagesByChannel(deps.db, { since: dayAgo });
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
  const retried = await withWrite(deps, async (tx) => {
    const n = await deps.outbox.requeueFailed(tx, { id: o.id });
    // Nothing retried, nothing done: no row (the transaction ends with the refusal).
    if (n === 0) throw badRequest(ERROR_MESSAGES.not_retryable, 'not_retryable');
    await recordAdminAct(tx, { actor: o.actor, action: 'email_retried', target: targetOf('email', o.id), origin: o.origin, at: deps.clock.now() });
    return n;
  });
  return { retried, message: /*i18n*/ 'The email is queued again' };
}
