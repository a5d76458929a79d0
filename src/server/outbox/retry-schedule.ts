// When a message that could not be delivered is tried again (docs/decisions/028-outbox.md): about 30 s, 2 min,
// 10 min, 1 h, then hourly, until its deadline. A short first wait rides out a blip; the long ones keep a broken
// SMTP server from being hammered. When the server is seen working again the waiting messages go at once
// (outbox-worker.ts), so a long wait never holds a verification code back after an outage.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const STEPS = [30 * SECOND, 2 * MINUTE, 10 * MINUTE, 60 * MINUTE];

/** The wait after the `attempts`-th failed attempt (1 = the first). */
export function retryDelayMs(attempts: number): number {
  return STEPS[Math.min(Math.max(attempts, 1), STEPS.length) - 1]!;
}

/** A failure that no retry will mend: the SMTP server rejected the address itself (550-553), or the push subscription is gone. */
export class PermanentDeliveryError extends Error {}

/**
 * A failure the service asked to be retried after a while (HTTP 429 or 503 with Retry-After): the next attempt waits
 * at least that long, and at least the schedule's wait (docs/decisions/044).
 */
export class RetryLaterError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
  }
}
