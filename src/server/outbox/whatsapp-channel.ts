import type { FastifyBaseLogger } from 'fastify';
import type { Delivered } from './outbox-worker';
import type { WhatsAppBody } from './outbox';
import type { OutboxRow } from './outbox.repo';
import { PermanentDeliveryError, RetryLaterError } from './retry-schedule';

// WhatsApp through the Business Cloud API, called directly with fetch (docs/decisions/044-whatsapp.md): one POST
// {WHATSAPP_API_URL}/{phone number id}/messages per message, a template with its parameters. What WhatsApp answers
// decides what the outbox does: an id is kept for the delivery statuses the webhook brings; a throttle or an
// outage is retried on the outbox's schedule (or after Retry-After); any other refusal fails the message with
// WhatsApp's own words. The token is sent only in the Authorization header and never logged (ARCHITECTURE rule 10).

export interface WhatsAppChannelOptions {
  apiUrl: string;
  phoneNumberId: string | undefined;
  token: string | undefined;
  log: FastifyBaseLogger;
  /**
   * Whether the row's recipient still wants WhatsApp at that number, asked just before sending: a STOP reply or the
   * switch turned off after the message was queued stops it (docs/decisions/044, STOP).
   */
  isStillWanted: (row: OutboxRow) => Promise<boolean>;
  /** How long one call may take (default 15 s): far less than an outbox claim, so a hung call is retried, never doubled. */
  timeoutMs?: number;
}

/** Graph API error codes that say "later", even when the HTTP status is 400 (Cloud API error codes: throttling and transient). */
const RETRYABLE_CODES = new Set([
  1, // API Unknown: possibly a server error
  2, // API Service: temporary downtime or overload
  4, // API Too Many Calls: the app's call rate
  80007, // the WhatsApp Business Account's rate limit
  130429, // Cloud API message throughput reached
  131000, // something went wrong
  131016, // service unavailable
  131056, // too many messages to the same number (pair rate limit)
]);

/** At most this long is waited for a Retry-After; a longer one is the outbox's schedule's business. */
const MAX_RETRY_AFTER_MS = 3_600_000;

interface GraphError {
  message?: string;
  code?: number;
  error_data?: { details?: string };
}

export function createWhatsAppChannel(o: WhatsAppChannelOptions): (row: OutboxRow) => Promise<Delivered> {
  const timeoutMs = o.timeoutMs ?? 15_000;
  return async (row) => {
    const template = row.body as WhatsAppBody | null;
    if (!template) throw new PermanentDeliveryError('The message has no body to send');
    if (!row.recipientPhone) throw new PermanentDeliveryError('The message has no WhatsApp number');
    // Not configured (any more): kept and retried until its deadline, so a deployment that lost its settings loses no message.
    if (!o.phoneNumberId || !o.token) throw new Error('WhatsApp is not configured (WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_TOKEN)');
    if (!(await o.isStillWanted(row))) throw new PermanentDeliveryError('Not sent: WhatsApp messages were turned off for this number');

    let response: Response;
    try {
      response = await fetch(`${o.apiUrl.replace(/\/$/, '')}/${encodeURIComponent(o.phoneNumberId)}/messages`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${o.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', to: row.recipientPhone, type: 'template', template }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      // No answer (refused, reset, timed out): WhatsApp may or may not have it; retried, as the outbox does for SMTP.
      throw new Error(`WhatsApp not reached: ${(err as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (err as Error).message}`);
    }
    const answer = (await response.json().catch(() => null)) as { messages?: Array<{ id?: unknown }>; error?: GraphError } | null;
    if (response.ok) {
      const id = answer?.messages?.[0]?.id;
      if (typeof id === 'string' && id.length > 0) return { service: 'whatsapp', providerMessageId: id };
      // Accepted without an id: sent, but no status will ever be matched to it.
      o.log.warn({ messageId: row.id }, 'WhatsApp accepted a message without an id');
      return { service: 'whatsapp' };
    }
    const error = answer?.error;
    const text = `WhatsApp ${response.status}: ${error?.message ?? response.statusText}${error?.error_data?.details ? ` (${error.error_data.details})` : ''}`;
    if (response.status === 429 || response.status >= 500 || (error?.code !== undefined && RETRYABLE_CODES.has(error.code))) {
      const wait = retryAfterMs(response.headers.get('retry-after'));
      throw wait === undefined ? new Error(text) : new RetryLaterError(text, wait);
    }
    throw new PermanentDeliveryError(text);
  };
}

/** Retry-After as seconds or an HTTP date (RFC 9110, 10.2.3); undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now;
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS) : undefined;
}
