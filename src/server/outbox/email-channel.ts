import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { EmailBody } from './outbox';
import type { OutboxRow } from './outbox.repo';
import { PermanentDeliveryError } from './retry-schedule';

// E-mail through nodemailer to SMTP_URL (docs/decisions/028-outbox.md). Without SMTP_URL (local use) each e-mail
// is written to the server's output in a clear block, so a person trying the app can read their code; bodies
// are never logged when SMTP is configured (ARCHITECTURE rule 10).

export interface EmailChannel {
  deliver(row: OutboxRow): Promise<string>;
  /** True when the SMTP server accepts a connection and greets (no message is sent). */
  probe(): Promise<boolean>;
  close(): void;
}

/** SMTP replies that name the address itself as wrong: no retry will get the message through. */
const PERMANENT_SMTP_CODES = new Set([550, 551, 553]);

export function createEmailChannel(opts: { smtpUrl?: string; from: string; log: FastifyBaseLogger }): EmailChannel {
  // A pool of a few connections kept open: the worker hands several messages over side by side without a
  // handshake each. The timeouts bound a hung server: a delivery gives up long before its claim runs out.
  const transport = opts.smtpUrl
    ? nodemailer.createTransport({
        url: opts.smtpUrl,
        pool: true,
        maxConnections: 4,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      } as never)
    : null;
  return {
    async deliver(row) {
      const body = row.body as EmailBody | null;
      if (!body) throw new PermanentDeliveryError('The message has no body to send');
      if (!transport) {
        opts.log.info({ to: row.recipientEmail, subject: row.subject }, 'mail not sent (no SMTP_URL); its text follows');
        process.stdout.write(`\n----- e-mail to ${row.recipientEmail}: ${row.subject} -----\n${body.text}\n-----\n\n`);
        return 'log';
      }
      try {
        await transport.sendMail({
          from: opts.from,
          to: row.recipientName ? { name: row.recipientName, address: row.recipientEmail } : row.recipientEmail,
          subject: row.subject,
          text: body.text,
          html: body.html,
          attachments: body.attachments,
        });
      } catch (err) {
        const { responseCode, code } = err as { responseCode?: number; code?: string };
        // EENVELOPE: nodemailer found the address itself unusable, before any server was asked.
        if ((responseCode !== undefined && PERMANENT_SMTP_CODES.has(responseCode)) || code === 'EENVELOPE') {
          throw new PermanentDeliveryError((err as Error).message);
        }
        throw err;
      }
      return 'smtp';
    },
    async probe() {
      if (!transport) return true;
      try {
        return await transport.verify();
      } catch {
        return false;
      }
    },
    close() {
      transport?.close();
    },
  };
}
