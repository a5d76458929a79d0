import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: { filename?: string; contentType: string; content: string }[];
  raw: ParsedMail;
  /** performance.now() when the message was in (the bench's measure of the outbox's wait). */
  receivedAt: number;
}

/** A real local SMTP server (smtp-server) that keeps what it receives; tests read codes and links from it. */
export class Mailbox {
  readonly messages: ReceivedMail[] = [];
  private server: SMTPServer;
  private waiters: Array<() => void> = [];
  port = 0;

  /** `acceptDelayMs`: how long the server takes over each message, as a busy mail server does. */
  constructor(o: { acceptDelayMs?: number } = {}) {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      // No reverse DNS lookup of each client: without a network it can take seconds, which no real mail server adds here.
      disableReverseLookup: true,
      logger: false,
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            this.messages.push({
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              attachments: parsed.attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                content: a.content.toString('utf8'),
              })),
              raw: parsed,
              receivedAt: performance.now(),
            });
            for (const w of this.waiters.splice(0)) w();
            if (o.acceptDelayMs) setTimeout(() => callback(), o.acceptDelayMs);
            else callback();
          })
          .catch(callback);
      },
    });
    // A client that dies mid-session (a server process killed with kill -9) resets its connection: the server
    // reports that as an 'error' event, which is the client's failure, not the mailbox's, and must not end the test.
    this.server.on('error', () => {});
  }

  /** Listens on `port` (default: any free one) and answers the SMTP_URL to reach it. */
  async start(port = 0): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return `smtp://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Messages sent to `address` (case-insensitive), oldest first. */
  to(address: string): ReceivedMail[] {
    return this.messages.filter((m) => m.to.includes(address.toLowerCase()));
  }

  /** Waits until a message to `address` matching `match` arrives (default 5 s). */
  async waitFor(address: string, match: (m: ReceivedMail) => boolean = () => true, timeoutMs = 5000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.to(address).filter(match).at(-1);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no e-mail to ${address} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 200));
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  clear(): void {
    this.messages.length = 0;
  }
}

/** The 6-digit code in an e-mail's text. */
export function codeIn(mail: ReceivedMail): string {
  const m = /\b(\d{6})\b/.exec(mail.text);
  if (!m) throw new Error(`no 6-digit code in e-mail "${mail.subject}"`);
  return m[1]!;
}

/** The first link in an e-mail's text whose path starts with `path`. */
export function linkIn(mail: ReceivedMail, path: string): URL {
  const m = mail.text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
  const url = m.map((u) => new URL(u)).find((u) => u.pathname.startsWith(path));
  if (!url) throw new Error(`no ${path} link in e-mail "${mail.subject}"`);
  return url;
}
