import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Clock } from '../deps';
import { claimDueMessages, hasWaitingEmails, hurryWaitingEmails, markAttemptFailed, markMessageSent, type OutboxRow } from './outbox.repo';
import { PermanentDeliveryError, RetryLaterError } from './retry-schedule';

// The worker that delivers the outbox (docs/decisions/028-outbox.md). Every instance runs one; they share the
// rows through SKIP LOCKED claims. A pass first lets the bulk sends write their next recipients (`beforePass`),
// then claims what is due and delivers it, a few at a time. It is woken (docs/decisions/078-outbox-wake.md): a write
// that queues a message wakes this instance's worker after its commit and every other instance's through the change
// feed, so a message is taken at once; a slow safety poll (`pollMs`) finds retries come due, claims run out, and
// what a wake missed. A full pass, or a wake during one, is followed by another at once.

/** How a message went out: the service ('smtp', 'log', 'whatsapp'...), and the provider's id of it where there is one. */
export interface Delivered {
  service: string;
  providerMessageId?: string;
}

/**
 * Hands one message over; throws when it could not (PermanentDeliveryError when no retry can help, RetryLaterError
 * when the service named a wait). Resolves to how it went out.
 */
export type DeliverMessage = (row: OutboxRow) => Promise<string | Delivered>;

export interface OutboxWorkerOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  channels: Record<string, DeliverMessage>;
  /** Asks the e-mail server whether it takes mail again (a connection and a greeting, no message). */
  probeEmail?: () => Promise<boolean>;
  beforePass?: () => Promise<void>;
  /** The safety poll: how long the worker waits, unwoken, before it looks anyway (retries due, claims run out). */
  pollMs: number;
  /** Messages delivered side by side by one instance. */
  concurrency: number;
  /** How long a claim holds a message: past it, a delivery cut off by a crash is tried again. Longer than any delivery's timeouts. */
  claimMs: number;
  /** While e-mails wait out a retry, how often the worker asks the SMTP server whether it is back. */
  probeEveryMs: number;
}

/** How long stopping waits for deliveries under way (a hung mail server must not hold a shutdown). */
const STOP_WAIT_MS = 3000;

export class OutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  /** Passes run one after another, so a drain that finds nothing due knows no earlier pass is still delivering. */
  private chain: Promise<number> = Promise.resolve(0);
  private stopped = true;
  private lastProbe = 0;
  private failuresInARow = 0;
  /** A pass is running (started by the timer): a wake meanwhile is kept for when it ends. */
  private passing = false;
  private wokenDuringPass = false;

  constructor(private readonly o: OutboxWorkerOptions) {}

  /** True between start and stop (readiness, GET /api/health). */
  get running(): boolean {
    return !this.stopped;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /**
   * Stops taking messages and waits a little for the deliveries under way; what is still queued stays queued. A
   * delivery still hanging after that stays claimed, and is tried again when its claim runs out.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    let wait: NodeJS.Timeout | undefined;
    await Promise.race([this.chain, new Promise((resolve) => (wait = setTimeout(resolve, STOP_WAIT_MS)))]);
    clearTimeout(wait);
  }

  /** Messages were queued (here or by another instance): look now rather than at the next safety poll. */
  wake(): void {
    if (this.stopped) return;
    if (this.passing) {
      this.wokenDuringPass = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.schedule(0);
  }

  /** Delivers everything due now, then resolves (tests, and the bench's measure of delivery). */
  async drain(): Promise<void> {
    while ((await this.runPass()) > 0);
  }

  private runPass(): Promise<number> {
    const pass = this.chain.then(() => this.pass());
    this.chain = pass;
    return pass;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.passing = true;
      this.wokenDuringPass = false;
      void this.runPass().then((claimed) => {
        this.passing = false;
        // A full pass, or a wake while it ran (its rows may have committed after the claim): more may be due. A
        // database outage: wait longer each time, up to ten polls.
        const again = claimed >= this.o.concurrency || (this.wokenDuringPass && this.failuresInARow === 0);
        this.schedule(again ? 0 : this.o.pollMs * Math.min(1 + this.failuresInARow, 10));
      });
    }, ms);
    this.timer.unref();
  }

  /** One claim and its deliveries; resolves to how many messages it took (0 on an error, logged). */
  private async pass(): Promise<number> {
    try {
      await this.o.beforePass?.();
      await this.probe();
      const rows = await claimDueMessages(this.o.db, { now: this.o.clock.now(), limit: this.o.concurrency, claimMs: this.o.claimMs });
      await Promise.all(rows.map((row) => this.deliver(row)));
      this.failuresInARow = 0;
      return rows.length;
    } catch (err) {
      this.failuresInARow++;
      this.o.log.error({ err }, 'outbox pass failed');
      return 0;
    }
  }

  private async deliver(row: OutboxRow): Promise<void> {
    const deliver = this.o.channels[row.channel];
    let delivered: Delivered;
    try {
      if (!deliver) throw new PermanentDeliveryError(`no channel ${row.channel}`);
      const how = await deliver(row);
      delivered = typeof how === 'string' ? { service: how } : how;
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const permanent = err instanceof PermanentDeliveryError;
      const retryAfterMs = err instanceof RetryLaterError ? err.retryAfterMs : undefined;
      // The address and the error only: a body may hold a code or a link (ARCHITECTURE rule 10).
      this.o.log.warn(
        { messageId: row.id, channel: row.channel, templateType: row.templateType, attempt: row.attempts, error, permanent },
        'message not delivered',
      );
      await markAttemptFailed(this.o.db, { row, now: this.o.clock.now(), error, permanent, retryAfterMs });
      return;
    }
    // Handed over. Should this mark not be written (the database gone), the claim runs out and the message goes
    // again: at least once, never lost.
    await markMessageSent(this.o.db, { row, now: this.o.clock.now(), ...delivered });
  }

  /** E-mails wait out a retry: if the SMTP server takes mail again, they go now (a code sent during an outage arrives once it ends). */
  private async probe(): Promise<void> {
    if (!this.o.probeEmail || Date.now() - this.lastProbe < this.o.probeEveryMs) return;
    this.lastProbe = Date.now();
    const now = this.o.clock.now();
    if (!(await hasWaitingEmails(this.o.db, { now }))) return;
    if (!(await this.o.probeEmail())) return;
    const n = await hurryWaitingEmails(this.o.db, { now });
    if (n > 0) this.o.log.info({ messages: n }, 'e-mail server answers again; waiting e-mails go now');
  }
}
