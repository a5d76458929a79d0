import { busOf } from '../cache/cache-bus';
import { cacheKey } from '../cache/cache-keys';
import type { DbOrTx } from '../db/client';
import { isWrite } from '../db/write';
import { outbox } from '../db/schema';
import { and, eq, inArray } from 'drizzle-orm';
import { lastSentAt, requeueFailedEmails } from './outbox.repo';

// Every message the product sends is a row written in the transaction of the change that causes it
// (ARCHITECTURE rule 14, docs/decisions/028-outbox.md); the worker (outbox-worker.ts) delivers it. Nothing here
// talks to SMTP, a push service or WhatsApp (docs/decisions/044), so no request waits on one.

export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

export interface OutgoingMail {
  to: string;
  toName?: string | null;
  recipientId?: number | null;
  subject: string;
  text: string;
  html?: string;
  /** welcome | reminder | subscription | updates | custom | verification | password_reset | booking | ... */
  templateType: string;
  attachments?: MailAttachment[];
  adminUser?: string | null;
}

export interface OutgoingPush {
  repId: number;
  /** The rep's address and name, for the record (a push is not listed in the e-mail history). */
  recipientEmail: string;
  recipientName: string;
  title: string;
  payload: Record<string, unknown>;
  templateType: string;
}

/** One parameter of a WhatsApp template component (Cloud API: a text parameter). */
export interface WhatsAppTextParameter {
  type: 'text';
  text: string;
}

/** A template component with its parameters: the body's {{1}}..., or a button's (an authentication code's copy button). */
export type WhatsAppTemplateComponent =
  { type: 'body'; parameters: WhatsAppTextParameter[] } | { type: 'button'; sub_type: 'url'; index: string; parameters: WhatsAppTextParameter[] };

/** The Cloud API's `template` object, as sent (docs/decisions/044): a registered template's name, language and parameters. */
export interface WhatsAppBody {
  name: string;
  language: { code: string };
  components: WhatsAppTemplateComponent[];
}

export interface OutgoingWhatsApp {
  /** The number, international form without '+' (WhatsApp's `to`). */
  to: string;
  /** The account it is for (a rep or a clinic) and its address and name, for the record and the Messages history. */
  recipientId: number;
  recipientEmail: string;
  recipientName: string | null;
  /** A short description for the history (never a code or a link's secret). */
  subject: string;
  template: WhatsAppBody;
  /** whatsapp_booking | whatsapp_cancellation | whatsapp_reminder | whatsapp_visitors | whatsapp_renewal | whatsapp_waitlist_offer | whatsapp_waitlist_expired | whatsapp_code */
  templateType: string;
}

export interface EmailBody {
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export interface PushBody {
  repId: number;
  payload: Record<string, unknown>;
}

export interface QueueOptions {
  /**
   * A message with the same key not yet handed over is replaced by this one (status `replaced`): a resent code
   * makes the earlier one useless, so only the newest goes out.
   */
  replaceKey?: string;
  /** The bulk or re-registration send it belongs to. */
  jobId?: string;
}

/** 24 hours: after that a message that could not be delivered is failed (decision 028). */
export const DEFAULT_DEADLINE_MS = 24 * 3_600_000;

export interface Outbox {
  queueEmail(db: DbOrTx, mail: OutgoingMail, o?: QueueOptions): Promise<void>;
  queueEmails(db: DbOrTx, mails: OutgoingMail[], o?: QueueOptions): Promise<void>;
  queuePush(db: DbOrTx, push: OutgoingPush): Promise<void>;
  /** A WhatsApp template message (channel 'whatsapp'; docs/decisions/044); `replaceKey` as for e-mails (a resent number code). */
  queueWhatsApp(db: DbOrTx, message: OutgoingWhatsApp, o?: QueueOptions): Promise<void>;
  /** Failed e-mails queued again with a fresh deadline: one (`id`), or every failed one of a send (`jobId`). Returns how many. */
  requeueFailed(db: DbOrTx, o: { id: number } | { jobId: string }): Promise<number>;
  /** When a message with this key was last handed over (to SMTP), or null. */
  lastSentAt(db: DbOrTx, replaceKey: string): Promise<Date | null>;
}

/**
 * Rows were written for the workers (docs/decisions/078-outbox-wake.md). In a write (db/write.ts) the signal goes out
 * with its keys: to every instance at its commit, and to this instance's worker right after it, once the rows can be
 * claimed. Written outside a transaction the rows are committed already: this instance's worker looks now, the
 * others at their safety poll.
 */
function announceQueued(db: DbOrTx): void {
  if (isWrite(db)) db.changed(cacheKey.outboxQueued());
  else busOf(db)?.invalidate(cacheKey.outboxQueued());
}

/** `clock`: where "now" comes from (the app's Clock; typed here so deps.ts can name the Outbox without a cycle). */
export function createOutbox(deps: { clock: { now(): Date }; deadlineMs?: number }): Outbox {
  const deadlineMs = deps.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const stamps = () => {
    const now = deps.clock.now();
    return { queuedAt: now, nextAttemptAt: now, deadlineAt: new Date(now.getTime() + deadlineMs) };
  };
  const emailRow = (mail: OutgoingMail, o: QueueOptions) => ({
    channel: 'email',
    templateType: mail.templateType,
    adminUser: mail.adminUser ?? null,
    recipientId: mail.recipientId ?? null,
    recipientEmail: mail.to,
    recipientName: mail.toName ?? null,
    subject: mail.subject,
    body: { text: mail.text, html: mail.html, attachments: mail.attachments } satisfies EmailBody,
    status: 'queued',
    replaceKey: o.replaceKey ?? null,
    jobId: o.jobId ?? null,
    ...stamps(),
  });
  const replaceEarlier = async (db: DbOrTx, replaceKey: string | undefined) => {
    if (!replaceKey) return;
    await db
      .update(outbox)
      .set({ status: 'replaced', body: null, errorMessage: 'Replaced by a newer message before it was sent' })
      .where(and(eq(outbox.replaceKey, replaceKey), inArray(outbox.status, ['queued', 'retrying'])));
  };
  const queueEmails: Outbox['queueEmails'] = async (db, mails, o = {}) => {
    if (mails.length === 0) return;
    await replaceEarlier(db, o.replaceKey);
    await db.insert(outbox).values(mails.map((m) => emailRow(m, o)));
    announceQueued(db);
  };
  return {
    queueEmails,
    lastSentAt: (db, replaceKey) => lastSentAt(db, { replaceKey }),
    async requeueFailed(db, o) {
      const n = await requeueFailedEmails(db, { ...o, now: deps.clock.now(), deadlineMs });
      if (n > 0) announceQueued(db);
      return n;
    },
    queueEmail: (db, mail, o) => queueEmails(db, [mail], o),
    async queuePush(db, push) {
      await db.insert(outbox).values({
        channel: 'push',
        templateType: push.templateType,
        recipientId: push.repId,
        recipientEmail: push.recipientEmail,
        recipientName: push.recipientName,
        subject: push.title,
        body: { repId: push.repId, payload: push.payload } satisfies PushBody,
        status: 'queued',
        ...stamps(),
      });
      announceQueued(db);
    },
    async queueWhatsApp(db, message, o = {}) {
      await replaceEarlier(db, o.replaceKey);
      await db.insert(outbox).values({
        channel: 'whatsapp',
        templateType: message.templateType,
        recipientId: message.recipientId,
        recipientEmail: message.recipientEmail,
        recipientName: message.recipientName,
        recipientPhone: message.to,
        subject: message.subject,
        body: message.template satisfies WhatsAppBody,
        status: 'queued',
        replaceKey: o.replaceKey ?? null,
        jobId: o.jobId ?? null,
        ...stamps(),
      });
      announceQueued(db);
    },
  };
}
