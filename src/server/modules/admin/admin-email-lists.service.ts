import type { EmailLogsQuery, EmailLogsResponse, EmailRecipientsQuery, EmailRecipientsResponse, PendingRepsResponse } from '../../../shared/schemas/admin';
import type { DeliveryStatus, MessageChannel } from '../../../shared/schemas/whatsapp';
import type { PageQuery } from '../../../shared/schemas/pagination';
import { effectiveSubscriptionStatus, isSubscriptionActive } from '../../../shared/subscription/subscription-status';
import { cursorId, decodeCursor, pageOf } from '../../db/keyset';
import type { Deps } from '../../deps';
import { countPending, countRecipients, queryMessageLogsPage, queryPendingPage, queryRecipientsPage } from './admin-email.repo';

// The e-mail dashboard's three lists (spec part 2, 2.5 (b) and 2.6), a page at a time (docs/decisions/022, 023):
// newest first, the cursor the last row's id. The first page also carries the total the screens show.

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The id a cursor stops before; a number no serial id can be is not a cursor this list made. */
const beforeIdOf = (cursor: string | undefined) => (cursor === undefined ? undefined : cursorId(decodeCursor(cursor, ['number'] as const)[0]));
const byId = (row: { id: number }) => [row.id];

/**
 * GET /api/admin/medical-reps-with-subscription. The total is exact: it is the number of people "Select All"
 * e-mails (docs/decisions/023).
 */
export async function listEmailRecipients(deps: Pick<Deps, 'db' | 'clock'>, o: { query: EmailRecipientsQuery }): Promise<EmailRecipientsResponse> {
  const { limit, cursor, ...filter } = o.query;
  const beforeId = beforeIdOf(cursor);
  const now = deps.clock.now();
  const [rows, total] = await Promise.all([
    queryRecipientsPage(deps.db, { filter, now, beforeId, limit: limit + 1 }),
    cursor === undefined ? countRecipients(deps.db, { filter, now }) : undefined,
  ]);
  const page = pageOf(rows, limit, byId);
  return {
    medicalReps: page.items.map((r) => ({
      id: r.id,
      fullName: r.fullName,
      email: r.email,
      company: r.company,
      state: r.state,
      registrationDate: r.createdAt.toISOString(),
      subscriptionStatus: effectiveSubscriptionStatus({ status: r.subscriptionStatus, expiresAt: r.subscriptionExpiresAt, now }),
      subscriptionExpiresAt: iso(r.subscriptionExpiresAt),
      freeTrialUsed: r.freeTrialUsedAt !== null,
      isActive: isSubscriptionActive({ status: r.subscriptionStatus, expiresAt: r.subscriptionExpiresAt, now }),
    })),
    nextCursor: page.nextCursor,
    ...(total === undefined ? {} : { total: { count: total, exact: true } }),
  };
}

/** GET /api/admin/pending-medical-reps: registrations waiting for their code (purged after a week, so few). */
export async function listPendingReps(deps: Pick<Deps, 'db'>, o: { query: PageQuery }): Promise<PendingRepsResponse> {
  const { limit, cursor } = o.query;
  const [rows, total] = await Promise.all([
    queryPendingPage(deps.db, { beforeId: beforeIdOf(cursor), limit: limit + 1 }),
    cursor === undefined ? countPending(deps.db) : undefined,
  ]);
  const page = pageOf(rows, limit, byId);
  return {
    pendingReps: page.items.map((p) => ({
      id: p.id,
      full_name: p.fullName,
      email: p.email,
      company: p.company,
      state: p.state,
      created_at: p.createdAt.toISOString(),
      // The e-mailed link lives 24 hours (the code 15 minutes); the link is what a returning rep can still use.
      token_expiry: iso(p.verifyTokenExpiry ?? p.otpExpiry),
    })),
    nextCursor: page.nextCursor,
    ...(total === undefined ? {} : { total: { count: total, exact: true } }),
  };
}

/**
 * GET /api/admin/email-audit-logs: the Messages history (docs/decisions/044), newest first: every channel, or the one
 * `channel` names (the summary cards count the whole). A WhatsApp message shows its number and what WhatsApp
 * reported of it.
 */
export async function listEmailLogs(deps: Pick<Deps, 'db'>, o: { query: EmailLogsQuery }): Promise<EmailLogsResponse> {
  const { limit, cursor, channel } = o.query;
  const rows = await queryMessageLogsPage(deps.db, { channel: channel === 'all' ? undefined : channel, beforeId: beforeIdOf(cursor), limit: limit + 1 });
  const page = pageOf(rows, limit, byId);
  return {
    logs: page.items.map((l) => ({
      id: l.id,
      status: l.status,
      attempts: l.attempts,
      next_attempt_at: l.status === 'retrying' ? l.nextAttemptAt.toISOString() : null,
      retryable: l.retryable,
      job_id: l.jobId,
      queued_at: l.queuedAt.toISOString(),
      recipient_name: l.recipientName,
      recipient_email: l.recipientEmail,
      subject: l.subject,
      error_message: l.errorMessage,
      template_type: l.templateType,
      email_service: l.emailService,
      sent_at: iso(l.sentAt),
      channel: l.channel as MessageChannel,
      recipient_phone: l.recipientPhone,
      delivery_status: (l.deliveryStatus as DeliveryStatus | null) ?? null,
      delivery_status_at: iso(l.deliveryStatusAt),
    })),
    nextCursor: page.nextCursor,
  };
}
