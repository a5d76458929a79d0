import { count, desc, inArray, sql } from 'drizzle-orm';
import { reregistrationMailText } from '../../../shared/admin-mail-texts';
import type { BulkEmail, BulkEmailQueuedResponse, EmailJob, EmailLog, EmailStats, Reregistration, ReregistrationResponse } from '../../../shared/schemas/admin';
import { ADMIN_MESSAGES, personalise } from '../../../shared/schemas/admin';
import { emailAuditLog, medicalReps, pendingMedicalReps } from '../../db/schema';
import type { Deps } from '../../deps';
import { notFound } from '../../errors';
import { recordSecurityEvent, type RequestOrigin } from '../../plugins/security';
import { findPending, replacePendingCode, type PendingRep } from '../auth/auth.service';
import { CODE_LIFETIME_MS, VERIFY_LINK_LIFETIME_MS, generateCode, generateToken, hashCode, hashLinkToken } from '../auth/codes';
import { type EmailJobStore, runWithConcurrency } from './email-jobs';

// Re-registration e-mails, bulk e-mails and their history (spec part 2, 2.5 (b), 2.6 and 7).

type EmailDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'mailer' | 'log'>;

export const ADMIN_USER = 'admin';
const BULK_CONCURRENCY = 4;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const htmlOf = (text: string) =>
  `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px;margin:0 auto;padding:24px">${text
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 16px">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('')}</body></html>`;

/**
 * A fresh code and link for each pending rep (the old ones stop working), e-mailed with the re-registration
 * text. E-mails without a pending registration are counted as skipped.
 */
export async function sendReregistrationEmails(deps: EmailDeps, o: { input: Reregistration; origin: RequestOrigin }): Promise<ReregistrationResponse> {
  const { input } = o;
  const pending = input.sendToAll
    ? await deps.db.select().from(pendingMedicalReps).orderBy(pendingMedicalReps.createdAt)
    : (await Promise.all([...new Set(input.emails!.map((e) => e.toLowerCase()))].map((e) => findPending(deps.db, 'medrep', e)))).filter(
        (p): p is PendingRep => !!p,
      );
  const asked = input.sendToAll ? pending.length : new Set(input.emails!.map((e) => e.toLowerCase())).size;
  let sent = 0;
  let failed = 0;
  for (const p of pending) {
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
    if (result.ok) sent++;
    else failed++;
  }
  const skipped = asked - pending.length;
  await recordSecurityEvent(deps, o.origin, {
    eventType: 'admin_reregistration_emails',
    userType: 'admin',
    userId: 0,
    details: { sendToAll: !!input.sendToAll, sent, failed, skipped },
  });
  const parts = [`${sent} re-registration email${sent === 1 ? '' : 's'} sent`];
  if (failed) parts.push(`${failed} failed`);
  if (skipped) parts.push(`${skipped} skipped (no pending registration)`);
  return { sent, failed, skipped, message: parts.join(', ') };
}

/**
 * Queues one e-mail per recipient and answers at once; the mails go out in the background, a few at a time,
 * each one a row in email_audit_log. The screen follows the job's progress.
 */
export async function queueBulkEmail(deps: EmailDeps, o: { jobs: EmailJobStore; input: BulkEmail; origin: RequestOrigin }): Promise<BulkEmailQueuedResponse> {
  const { jobs, input } = o;
  const ids = [...new Set(input.recipientIds)];
  const recipients = await deps.db
    .select({ id: medicalReps.id, fullName: medicalReps.fullName, email: medicalReps.email })
    .from(medicalReps)
    .where(inArray(medicalReps.id, ids));
  const job = jobs.create(recipients.length);
  await recordSecurityEvent(deps, o.origin, {
    eventType: 'admin_bulk_email',
    userType: 'admin',
    userId: 0,
    details: { jobId: job.jobId, recipients: recipients.length, templateType: input.templateType },
  });
  void runWithConcurrency(recipients, BULK_CONCURRENCY, async (r) => {
    const text = personalise(input.content, r.fullName);
    let ok = false;
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
      ok = result.ok;
    } catch (err) {
      deps.log.warn({ err, jobId: job.jobId }, 'bulk mail failed');
    }
    jobs.record(job.jobId, ok);
  }).catch((err) => deps.log.error({ err, jobId: job.jobId }, 'bulk mail job failed'));
  const queued = recipients.length;
  return {
    jobId: job.jobId,
    sent: 0,
    queued,
    message: `${queued} email${queued === 1 ? '' : 's'} queued for sending`,
  };
}

/** The store is this process's (email-jobs.ts); the route that made the jobs hands it in. */
export function getEmailJob(deps: { jobs: EmailJobStore }, o: { jobId: string }): EmailJob {
  const job = deps.jobs.get(o.jobId);
  if (!job) throw notFound(ADMIN_MESSAGES.jobNotFound);
  return job;
}

const HISTORY_LIMIT = 500;

export async function listEmailLogs(deps: Pick<Deps, 'db'>): Promise<EmailLog[]> {
  const rows = await deps.db.select().from(emailAuditLog).orderBy(desc(emailAuditLog.sentAt), desc(emailAuditLog.id)).limit(HISTORY_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    recipient_name: r.recipientName,
    recipient_email: r.recipientEmail,
    subject: r.subject,
    error_message: r.errorMessage,
    template_type: r.templateType,
    email_service: r.emailService,
    sent_at: r.sentAt.toISOString(),
  }));
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
