import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { emailAuditLog } from '../../db/schema';

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

export interface Mailer {
  send(mail: OutgoingMail): Promise<{ ok: boolean; error?: string }>;
  close(): void;
}

/**
 * Mail through nodemailer to SMTP_URL. Without SMTP_URL (local use) each e-mail is written to the server log
 * in a clear line, so a person trying the app can read their code. Every e-mail, sent or failed, is a row in
 * email_audit_log (spec part 1, 3). Bodies are never logged when SMTP is configured (ARCHITECTURE rule 10).
 */
export function createMailer(opts: { smtpUrl?: string; from: string; db: Db; log: FastifyBaseLogger }): Mailer {
  const transport: Transporter | null = opts.smtpUrl
    ? nodemailer.createTransport({ url: opts.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as never)
    : null;
  const service = transport ? 'smtp' : 'log';

  return {
    async send(mail) {
      let error: string | undefined;
      try {
        if (transport) {
          await transport.sendMail({
            from: opts.from,
            to: mail.toName ? { name: mail.toName, address: mail.to } : mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            attachments: mail.attachments,
          });
        } else {
          opts.log.info({ to: mail.to, subject: mail.subject }, 'mail not sent (no SMTP_URL); its text follows');
          process.stdout.write(`\n----- e-mail to ${mail.to}: ${mail.subject} -----\n${mail.text}\n-----\n\n`);
        }
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
        opts.log.warn({ to: mail.to, templateType: mail.templateType, error }, 'mail failed');
      }
      try {
        await opts.db.insert(emailAuditLog).values({
          adminUser: mail.adminUser ?? null,
          recipientId: mail.recipientId ?? null,
          recipientEmail: mail.to,
          recipientName: mail.toName ?? null,
          subject: mail.subject,
          templateType: mail.templateType,
          status: error ? 'failed' : 'sent',
          errorMessage: error ?? null,
          emailService: service,
        });
      } catch (err) {
        opts.log.error({ err }, 'email audit log write failed');
      }
      return error ? { ok: false, error } : { ok: true };
    },
    close() {
      transport?.close();
    },
  };
}
