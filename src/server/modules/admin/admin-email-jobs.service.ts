import { randomUUID } from 'node:crypto';
import { reregistrationMailText } from '../../../shared/admin-mail-texts';
import type {
  BulkEmail,
  BulkEmailQueuedResponse,
  EmailJob,
  EmailRecipientsFilter,
  EmailRetryResponse,
  Reregistration,
  ReregistrationResponse,
} from '../../../shared/schemas/admin';
import { ADMIN_MESSAGES, personalise } from '../../../shared/schemas/admin';
import { withWrite, type Write } from '../../db/write';
import type { Deps } from '../../deps';
import { notFound } from '../../errors';
import { countJobMessages } from '../../outbox/outbox.repo';
import type { AdminActor } from '../auth/sessions.service';
import { recordSecurityEvent, type RequestOrigin } from '../../plugins/security';
import { recordAdminAct, targetOf } from './admin-audit.service';
import { findPending, replacePendingCode, type PendingRep } from '../auth/auth.service';
import { CODE_LIFETIME_MS, VERIFY_LINK_LIFETIME_MS, generateCode, generateToken, hashCode, hashLinkToken } from '../auth/codes';
import { verificationMailKey } from '../auth/registration.service';
import {
  advanceEmailJob,
  claimUnexpandedJob,
  countPendingSelected,
  countRecipients,
  countRecipientsByIds,
  findEmailJob,
  hasUnexpandedJob,
  insertEmailJob,
  lastPendingId,
  lastRecipientId,
  queryPendingBatch,
  queryRecipientBatch,
  queryRecipientsByIds,
  type EmailJobRow,
  type PendingSelection,
} from './admin-email.repo';
import { answerWithMessage } from '../../plugins/locale';

// Bulk and re-registration e-mail sends (spec part 2, 2.5 (b) and 2.6; docs/decisions/028-outbox.md). The request
// fixes who the send reaches (the ticked ids, or the filter up to the newest match now, docs/decisions/023) and
// writes the job; the outbox worker of any instance then writes its recipients' e-mails to the outbox a batch at a
// time, each batch in one transaction with the job's cursor, so a crash or restart resumes where it stopped and
// never writes one recipient twice. Progress is counted from the outbox, so any instance answers it.

type EmailDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'outbox' | 'log'>;

/** The e-mails of a send written before sends named their admin (docs/decisions/042-admin-team.md). */
export const ADMIN_USER = 'admin';
/** Recipients written to the outbox per transaction. */
const EXPAND_BATCH = 200;

type BulkJobInput = Pick<BulkEmail, 'subject' | 'content' | 'templateType'> & {
  recipients: { ids: number[] } | { filter: EmailRecipientsFilter; now: string; maxId: number; except: number[] };
};
type ReregistrationJobInput = { recipients: PendingSelection };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const htmlOf = (text: string) =>
  `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px;margin:0 auto;padding:24px">${text
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 16px">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('')}</body></html>`;

/** POST /api/admin/send-bulk-email: the job is written and answered at once (202); the screen follows its progress. */
export async function queueBulkEmail(deps: EmailDeps, o: { actor: AdminActor; input: BulkEmail; origin: RequestOrigin }): Promise<BulkEmailQueuedResponse> {
  const { input } = o;
  let recipients: BulkJobInput['recipients'];
  let queued: number;
  if (input.selection) {
    const { filter } = input.selection;
    const except = [...new Set(input.selection.except)];
    const now = deps.clock.now();
    const maxId = (await lastRecipientId(deps.db, { filter, now })) ?? 0;
    recipients = { filter, now: now.toISOString(), maxId, except };
    queued = maxId === 0 ? 0 : await countRecipients(deps.db, { filter, now, maxId, except });
  } else {
    const ids = [...new Set(input.recipientIds)];
    recipients = { ids };
    queued = await countRecipientsByIds(deps.db, { ids });
  }
  const jobId = randomUUID();
  const job: BulkJobInput = { subject: input.subject, content: input.content, templateType: input.templateType, recipients };
  const now = deps.clock.now();
  await withWrite(deps, async (tx) => {
    await insertEmailJob(tx, { id: jobId, kind: 'bulk', input: job, total: queued, expanded: queued === 0, createdBy: o.actor.name, createdAt: now });
    await recordAdminAct(tx, {
      actor: o.actor,
      action: 'bulk_email_sent',
      target: targetOf('email_job', jobId),
      origin: o.origin,
      at: now,
      details: { recipients: queued, subject: input.subject, templateType: input.templateType },
    });
  });
  await recordSecurityEvent(deps, o.origin, {
    eventType: 'admin_bulk_email',
    userType: 'admin',
    userId: o.actor.id,
    details: {
      jobId,
      recipients: queued,
      templateType: input.templateType,
      ...(input.selection ? { filter: input.selection.filter, except: input.selection.except.length } : {}),
    },
  });
  return answerWithMessage(
    /*i18n*/ { id: '{count, plural, one {{count} email} other {{count} emails}} queued for sending', values: { count: queued } },
    { jobId, sent: 0, queued },
  );
}

/**
 * POST /api/admin/send-reregistration-emails: a fresh code and link for each pending rep (the old ones stop working),
 * e-mailed with the re-registration text. `sendToAll` reaches every pending registration up to the newest one now,
 * less `except`; typed addresses without a pending registration are counted as skipped.
 */
export async function sendReregistrationEmails(
  deps: EmailDeps,
  o: { actor: AdminActor; input: Reregistration; origin: RequestOrigin },
): Promise<ReregistrationResponse> {
  const { input } = o;
  const typed = [...new Set((input.emails ?? []).map((e) => e.toLowerCase()))];
  const pendingTyped = await findPendingOf(deps, typed);
  const skipped = typed.length - pendingTyped.length;
  let recipients: PendingSelection;
  if (input.sendToAll) {
    // A typed address is sent even when it was unticked; it is skipped only when nobody by it is pending.
    const exceptEmails = [...new Set((input.except ?? []).map((e) => e.toLowerCase()))].filter((e) => !typed.includes(e));
    recipients = { maxId: (await lastPendingId(deps.db)) ?? 0, exceptEmails };
  } else {
    recipients = { ids: pendingTyped.map((p) => p.id) };
  }
  const queued = await countPendingSelected(deps.db, { selection: recipients });
  const jobId = randomUUID();
  const job: ReregistrationJobInput = { recipients };
  const now = deps.clock.now();
  await withWrite(deps, async (tx) => {
    await insertEmailJob(tx, { id: jobId, kind: 'reregistration', input: job, total: queued, expanded: queued === 0, createdBy: o.actor.name, createdAt: now });
    await recordAdminAct(tx, {
      actor: o.actor,
      action: 'reregistration_email_sent',
      target: targetOf('email_job', jobId),
      origin: o.origin,
      at: now,
      details: { recipients: queued, skipped, sendToAll: !!input.sendToAll },
    });
  });
  await recordSecurityEvent(deps, o.origin, {
    eventType: 'admin_reregistration_emails',
    userType: 'admin',
    userId: o.actor.id,
    details: { jobId, sendToAll: !!input.sendToAll, except: input.except?.length ?? 0, queued, skipped },
  });
  const answer = { jobId, sent: queued, failed: 0, skipped };
  if (!skipped) {
    return answerWithMessage(
      /*i18n*/ {
        id: '{count, plural, one {{count} re-registration email} other {{count} re-registration emails}} queued for sending',
        values: { count: queued },
      },
      answer,
    );
  }
  return answerWithMessage(
    /*i18n*/ {
      id: '{count, plural, one {{count} re-registration email} other {{count} re-registration emails}} queued for sending, {skipped} skipped (no pending registration)',
      values: { count: queued, skipped },
    },
    answer,
  );
}

/** The pending registrations of these lower-cased addresses (at most 1000, the schema's bound). */
async function findPendingOf(deps: EmailDeps, emails: string[]): Promise<PendingRep[]> {
  return (await Promise.all(emails.map((e) => findPending(deps.db, 'medrep', e)))).filter((p): p is PendingRep => !!p);
}

/**
 * Before each outbox pass: one batch of one send's recipients is written to the outbox with the job's new cursor, in
 * one transaction. The job row is locked (SKIP LOCKED), so two instances never write the same batch.
 */
export async function expandEmailJobs(deps: EmailDeps): Promise<void> {
  // A plain read first: most passes find no send to expand and open no transaction.
  if (!(await hasUnexpandedJob(deps.db))) return;
  await withWrite(deps, async (tx) => {
    const job = await claimUnexpandedJob(tx);
    if (!job) return;
    const last = job.kind === 'bulk' ? await expandBulkBatch(deps, tx, job) : await expandReregistrationBatch(deps, tx, job);
    if (last === null) {
      // Every recipient is written: the total becomes what was written (a rep deleted meanwhile is not owed a mail).
      const counts = await countJobMessages(tx, { jobId: job.id });
      await advanceEmailJob(tx, { jobId: job.id, cursor: job.cursor, expanded: true, total: sum(counts) });
    } else {
      await advanceEmailJob(tx, { jobId: job.id, cursor: last, expanded: false });
    }
  });
}

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/** Writes the next batch; answers the last recipient id written, or null when there was none left. */
async function expandBulkBatch(deps: EmailDeps, tx: Write, job: EmailJobRow): Promise<number | null> {
  const input = job.input as BulkJobInput;
  const { recipients } = input;
  const batch =
    'ids' in recipients
      ? await queryRecipientsByIds(tx, { ids: recipients.ids, afterId: job.cursor, limit: EXPAND_BATCH })
      : await queryRecipientBatch(tx, { ...recipients, now: new Date(recipients.now), afterId: job.cursor, limit: EXPAND_BATCH });
  if (batch.length === 0) return null;
  await deps.outbox.queueEmails(
    tx,
    batch.map((r) => {
      const text = personalise(input.content, r.fullName);
      return {
        to: r.email,
        toName: r.fullName,
        recipientId: r.id,
        subject: personalise(input.subject, r.fullName),
        text,
        html: htmlOf(text),
        templateType: input.templateType,
        adminUser: job.createdBy ?? ADMIN_USER,
      };
    }),
    { jobId: job.id },
  );
  return batch.at(-1)!.id;
}

async function expandReregistrationBatch(deps: EmailDeps, tx: Write, job: EmailJobRow): Promise<number | null> {
  const { recipients } = job.input as ReregistrationJobInput;
  const batch = await queryPendingBatch(tx, { selection: recipients, afterId: job.cursor, limit: EXPAND_BATCH });
  if (batch.length === 0) return null;
  const now = deps.clock.now();
  for (const p of batch) {
    const code = generateCode();
    const token = generateToken();
    await replacePendingCode(tx, 'medrep', p.id, {
      codeHash: hashCode(code, deps.config.SESSION_SECRET),
      codeExpiry: new Date(now.getTime() + CODE_LIFETIME_MS),
      tokenHash: hashLinkToken(token),
      tokenExpiry: new Date(now.getTime() + VERIFY_LINK_LIFETIME_MS),
    });
    const { subject, text } = reregistrationMailText({ name: p.fullName, code, link: `${deps.config.appUrl}/verify-email?token=${token}&type=medrep` });
    // The same key as the verification e-mail: the newest code replaces one not yet sent.
    await deps.outbox.queueEmail(
      tx,
      { to: p.email, toName: p.fullName, subject, text, html: htmlOf(text), templateType: 'reregistration', adminUser: job.createdBy ?? ADMIN_USER },
      { jobId: job.id, replaceKey: verificationMailKey('medrep', p.email) },
    );
  }
  return batch.at(-1)!.id;
}

/** GET /api/admin/email-jobs/:jobId: from the database, so any instance answers, before and after a restart. */
export async function getEmailJob(deps: Pick<Deps, 'db'>, o: { jobId: string }): Promise<EmailJob> {
  const job = await findEmailJob(deps.db, o);
  if (!job) throw notFound(ADMIN_MESSAGES.jobNotFound);
  const counts = await countJobMessages(deps.db, { jobId: job.id });
  const sent = counts.sent ?? 0;
  const failed = counts.failed ?? 0;
  const retrying = counts.retrying ?? 0;
  const pending = (counts.queued ?? 0) + (counts.sending ?? 0) + retrying;
  // A re-registration e-mail replaced by a newer code for the same rep (the rep registered again) is no longer owed.
  const total = Math.max(0, job.total - (counts.replaced ?? 0));
  return { jobId: job.id, total, sent, failed, pending, retrying, done: job.expanded && pending === 0 };
}

/** POST /api/admin/email-jobs/:jobId/retry-failed: every failed e-mail of the send is queued again. */
export async function retryFailedJobEmails(
  deps: Pick<Deps, 'db' | 'outbox' | 'clock'>,
  o: { actor: AdminActor; jobId: string; origin: RequestOrigin },
): Promise<EmailRetryResponse> {
  if (!(await findEmailJob(deps.db, o))) throw notFound(ADMIN_MESSAGES.jobNotFound);
  const retried = await withWrite(deps, async (tx) => {
    const n = await deps.outbox.requeueFailed(tx, { jobId: o.jobId });
    await recordAdminAct(tx, {
      actor: o.actor,
      action: 'email_job_retried',
      target: targetOf('email_job', o.jobId),
      origin: o.origin,
      at: deps.clock.now(),
      details: { retried: n },
    });
    return n;
  });
  return answerWithMessage(
    /*i18n*/ { id: '{count, plural, one {{count} failed email} other {{count} failed emails}} queued again', values: { count: retried } },
    { retried },
  );
}
