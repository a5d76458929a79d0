import { count, desc, sql } from 'drizzle-orm';
import { reregistrationMailText } from '../../../shared/admin-mail-texts';
import type { BulkEmail, BulkEmailQueuedResponse, EmailJob, EmailStats, Reregistration, ReregistrationResponse } from '../../../shared/schemas/admin';
import { ADMIN_MESSAGES, personalise } from '../../../shared/schemas/admin';
import { emailAuditLog } from '../../db/schema';
import type { Deps } from '../../deps';
import { notFound } from '../../errors';
import { recordSecurityEvent, type RequestOrigin } from '../../plugins/security';
import { findPending, replacePendingCode, type PendingRep } from '../auth/auth.service';
import { CODE_LIFETIME_MS, VERIFY_LINK_LIFETIME_MS, generateCode, generateToken, hashCode, hashLinkToken } from '../auth/codes';
import { countRecipients, lastPendingId, lastRecipientId, queryPendingBatch, queryRecipientBatch, queryRecipientsByIds } from './admin-email.repo';
import { type EmailJobStore, forEachInBatches, runWithConcurrency } from './email-jobs';

// Re-registration e-mails, bulk e-mails and their history (spec part 2, 2.5 (b), 2.6 and 7).

type EmailDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'mailer' | 'log'>;

export const ADMIN_USER = 'admin';
const BULK_CONCURRENCY = 4;
/** Rows read at a time by a send that walks a filter. */
const SEND_BATCH = 200;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const htmlOf = (text: string) =>
  `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px;margin:0 auto;padding:24px">${text
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 16px">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('')}</body></html>`;

/**
 * A fresh code and link for each pending rep (the old ones stop working), e-mailed with the re-registration
 * text. `sendToAll` walks the pending registrations a batch at a time, up to the newest one when the request came
 * (docs/decisions/023), less `except`; typed addresses without a pending registration are counted as skipped.
 */
export async function sendReregistrationEmails(deps: EmailDeps, o: { input: Reregistration; origin: RequestOrigin }): Promise<ReregistrationResponse> {
  const { input } = o;
  const typed = [...new Set((input.emails ?? []).map((e) => e.toLowerCase()))];
  let sent = 0;
  let failed = 0;
  const sendOne = async (p: PendingRep) => {
    if (await sendReregistrationEmail(deps, p)) sent++;
    else failed++;
  };
  let skipped: number;
  if (input.sendToAll) {
    // A typed address is sent even when it was unticked; it is skipped only when nobody by it is pending.
    skipped = typed.length === 0 ? 0 : typed.length - (await findPendingOf(deps, typed)).length;
    const exceptEmails = [...new Set((input.except ?? []).map((e) => e.toLowerCase()))].filter((e) => !typed.includes(e));
    const maxId = await lastPendingId(deps.db);
    if (maxId !== null) {
      await forEachInBatches<PendingRep>(
        (last) => queryPendingBatch(deps.db, { maxId, exceptEmails, afterId: last?.id ?? 0, limit: SEND_BATCH }),
        BULK_CONCURRENCY,
        sendOne,
      );
    }
  } else {
    const pending = await findPendingOf(deps, typed);
    skipped = typed.length - pending.length;
    await runWithConcurrency(pending, BULK_CONCURRENCY, sendOne);
  }
  await recordSecurityEvent(deps, o.origin, {
    eventType: 'admin_reregistration_emails',
    userType: 'admin',
    userId: 0,
    details: { sendToAll: !!input.sendToAll, except: input.except?.length ?? 0, sent, failed, skipped },
  });
  const parts = [`${sent} re-registration email${sent === 1 ? '' : 's'} sent`];
  if (failed) parts.push(`${failed} failed`);
  if (skipped) parts.push(`${skipped} skipped (no pending registration)`);
  return { sent, failed, skipped, message: parts.join(', ') };
}

/** The pending registrations of these lower-cased addresses (at most 1000, the schema's bound). */
async function findPendingOf(deps: EmailDeps, emails: string[]): Promise<PendingRep[]> {
  return (await Promise.all(emails.map((e) => findPending(deps.db, 'medrep', e)))).filter((p): p is PendingRep => !!p);
}

async function sendReregistrationEmail(deps: EmailDeps, p: PendingRep): Promise<boolean> {
  const now = deps.clock.now();
  const code = generateCode();
  const token = generateToken();
  await replacePendingCode(deps.db, 'medrep', p.id, {
    codeHash: hashCode(code, deps.config.SESSION_SECRET),
    codeExpiry: new Date(now.getTime() + CODE_LIFETIME_MS),
    tokenHash: hashLinkToken(token),
    tokenExpiry: new Date(now.getTime() + VERIFY_LINK_LIFETIME_MS),
  });
  const { subject, text } = reregistrationMailText({ name: p.fullName, code, link: `${deps.config.appUrl}/verify-email?token=${token}&type=medrep` });
  const result = await deps.mailer.send({
    to: p.email,
    toName: p.fullName,
    subject,
    text,
    html: htmlOf(text),
    templateType: 'reregistration',
    adminUser: ADMIN_USER,
  });
  return result.ok;
}

interface Recipient {
  id: number;
  fullName: string;
  email: string;
}

/**
 * Queues one e-mail per recipient and answers at once; the mails go out in the background, a few at a time,
 * each one a row in email_audit_log. The screen follows the job's progress. Recipients are the ticked ids, or
 * a selection by filter (docs/decisions/023): counted now, and read a batch at a time while sending, up to the
 * newest rep that matched now, with the filter judged at this instant throughout.
 */
export async function queueBulkEmail(deps: EmailDeps, o: { jobs: EmailJobStore; input: BulkEmail; origin: RequestOrigin }): Promise<BulkEmailQueuedResponse> {
  const { jobs, input } = o;
  let queued: number;
  let walk: (work: (r: Recipient) => Promise<void>) => Promise<void>;
  if (input.selection) {
    const { filter } = input.selection;
    const except = [...new Set(input.selection.except)];
    const now = deps.clock.now();
    const maxId = await lastRecipientId(deps.db, { filter, now });
    queued = maxId === null ? 0 : await countRecipients(deps.db, { filter, now, maxId, except });
    walk = (work) =>
      maxId === null
        ? Promise.resolve()
        : forEachInBatches<Recipient>(
            (last) => queryRecipientBatch(deps.db, { filter, now, maxId, except, afterId: last?.id ?? 0, limit: SEND_BATCH }),
            BULK_CONCURRENCY,
            work,
          );
  } else {
    const recipients = await queryRecipientsByIds(deps.db, { ids: [...new Set(input.recipientIds)] });
    queued = recipients.length;
    walk = (work) => runWithConcurrency(recipients, BULK_CONCURRENCY, work);
  }
  const job = jobs.create(queued);
  await recordSecurityEvent(deps, o.origin, {
    eventType: 'admin_bulk_email',
    userType: 'admin',
    userId: 0,
    details: {
      jobId: job.jobId,
      recipients: queued,
      templateType: input.templateType,
      ...(input.selection ? { filter: input.selection.filter, except: input.selection.except.length } : {}),
    },
  });
  if (queued > 0) {
    void walk(async (r) => jobs.record(job.jobId, await sendBulkEmail(deps, { input, recipient: r, jobId: job.jobId })))
      .then(() => jobs.finish(job.jobId, { reachedAll: true }))
      .catch((err) => {
        jobs.finish(job.jobId, { reachedAll: false });
        deps.log.error({ err, jobId: job.jobId }, 'bulk mail job failed');
      });
  }
  return {
    jobId: job.jobId,
    sent: 0,
    queued,
    message: `${queued} email${queued === 1 ? '' : 's'} queued for sending`,
  };
}

async function sendBulkEmail(deps: EmailDeps, o: { input: BulkEmail; recipient: Recipient; jobId: string }): Promise<boolean> {
  const { input, recipient: r } = o;
  const text = personalise(input.content, r.fullName);
  try {
    const result = await deps.mailer.send({
      to: r.email,
      toName: r.fullName,
      recipientId: r.id,
      subject: personalise(input.subject, r.fullName),
      text,
      html: htmlOf(text),
      templateType: input.templateType,
      adminUser: ADMIN_USER,
    });
    return result.ok;
  } catch (err) {
    deps.log.warn({ err, jobId: o.jobId }, 'bulk mail failed');
    return false;
  }
}

/** The store is this process's (email-jobs.ts); the route that made the jobs hands it in. */
export function getEmailJob(deps: { jobs: EmailJobStore }, o: { jobId: string }): EmailJob {
  const job = deps.jobs.get(o.jobId);
  if (!job) throw notFound(ADMIN_MESSAGES.jobNotFound);
  return job;
}

export async function getEmailStats(deps: Pick<Deps, 'db'>): Promise<EmailStats> {
  const sentCount = sql<number>`count(*) filter (where ${emailAuditLog.status} = 'sent')`.mapWith(Number);
  const [overview] = await deps.db
    .select({
      total_emails: count(),
      sent_emails: sentCount,
      failed_emails: sql<number>`count(*) filter (where ${emailAuditLog.status} <> 'sent')`.mapWith(Number),
      // sent_at is stamped by the database's clock (the mailer's insert), so the window is the database's too.
      last_24h: sql<number>`count(*) filter (where ${emailAuditLog.sentAt} > now() - interval '24 hours')`.mapWith(Number),
    })
    .from(emailAuditLog);
  const templateStats = await deps.db
    .select({ template_type: emailAuditLog.templateType, sent_count: sentCount, count: count() })
    .from(emailAuditLog)
    .groupBy(emailAuditLog.templateType)
    .orderBy(desc(count()), emailAuditLog.templateType);
  return { overview: overview ?? { total_emails: 0, sent_emails: 0, failed_emails: 0, last_24h: 0 }, templateStats };
}
