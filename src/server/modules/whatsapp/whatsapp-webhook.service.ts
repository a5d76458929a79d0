import { createHmac, timingSafeEqual } from 'node:crypto';
import { withWrite } from '../../db/write';
import type { Deps } from '../../deps';
import { AppError, forbidden } from '../../errors';
import { ERROR_MESSAGES } from '../../../shared/errors';
import { DELIVERY_STATUSES, type DeliveryStatus } from '../../../shared/schemas/whatsapp';
import { isWhatsAppStopWord } from '../../../shared/whatsapp';
import { endWhatsAppForNumber, insertConsents, recordDeliveryStatus } from './whatsapp.repo';
import { isWhatsAppConfigured } from './whatsapp-templates';

// WhatsApp's webhook (docs/decisions/044-whatsapp.md, Webhook). Meta first verifies the URL with a GET carrying our
// verify token and a challenge to echo; then it POSTs batches of changes, each signed with the app secret
// (X-Hub-Signature-256: sha256=<HMAC-SHA256 of the raw body>). Two kinds matter: the statuses of the messages we
// sent (sent, delivered, read, failed), written onto their outbox rows and never backwards; and messages people send
// us, of which a STOP ends WhatsApp for every account with that number at once. The work is a few statements, done
// before the 200: what is acknowledged is written (Meta retries what is not acknowledged).

type WebhookDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'log'>;

/** GET /api/whatsapp/webhook: the challenge when the mode is subscribe and the token ours; else 403. */
export function verifyWhatsAppWebhook(deps: Pick<Deps, 'config'>, q: { mode?: string; token?: string; challenge?: string }): string {
  const expected = deps.config.WHATSAPP_VERIFY_TOKEN;
  if (!expected || q.mode !== 'subscribe' || q.token === undefined || q.challenge === undefined || !sameText(q.token, expected)) {
    throw forbidden(/*i18n*/ 'The verify token does not match.');
  }
  return q.challenge;
}

/** Constant-time comparison of two strings (their lengths are no secret). */
function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

export function isWhatsAppSignatureValid(o: { rawBody: Buffer; signature: string | undefined; appSecret: string }): boolean {
  const given = /^sha256=([0-9a-f]{64})$/i.exec(o.signature?.trim() ?? '')?.[1];
  if (!given) return false;
  const expected = createHmac('sha256', o.appSecret).update(o.rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

interface WebhookStatus {
  id?: unknown;
  status?: unknown;
  timestamp?: unknown;
  errors?: Array<{ code?: number | string; title?: string; message?: string }>;
}
interface WebhookMessage {
  from?: unknown;
  type?: unknown;
  text?: { body?: unknown };
  button?: { text?: unknown };
}
interface WebhookPayload {
  object?: unknown;
  entry?: Array<{
    changes?: Array<{ field?: unknown; value?: { metadata?: { phone_number_id?: string | number }; statuses?: WebhookStatus[]; messages?: WebhookMessage[] } }>;
  }>;
}

export interface WebhookOutcome {
  statuses: number;
  stopped: number;
}

/** POST /api/whatsapp/webhook: checks the signature, then records the statuses and the STOP replies. */
export async function handleWhatsAppWebhook(deps: WebhookDeps, o: { rawBody: Buffer; signature: string | undefined }): Promise<WebhookOutcome> {
  if (!isWhatsAppConfigured(deps.config)) throw new AppError('whatsapp_off', ERROR_MESSAGES.whatsapp_off, 409);
  if (!isWhatsAppSignatureValid({ rawBody: o.rawBody, signature: o.signature, appSecret: deps.config.WHATSAPP_APP_SECRET! })) {
    throw new AppError('invalid_signature', ERROR_MESSAGES.invalid_signature, 401);
  }
  let payload: WebhookPayload;
  try {
    payload = JSON.parse(o.rawBody.toString('utf8')) as WebhookPayload;
  } catch {
    throw new AppError('invalid_json', ERROR_MESSAGES.invalid_json, 400);
  }
  const outcome: WebhookOutcome = { statuses: 0, stopped: 0 };
  if (payload?.object !== 'whatsapp_business_account' || !Array.isArray(payload.entry)) return outcome;
  for (const entry of payload.entry) {
    for (const change of Array.isArray(entry?.changes) ? entry.changes : []) {
      const value = change?.value;
      if (!value) continue;
      // One Meta app may serve several business numbers: only ours speak for our messages and our people.
      const numberId = value.metadata?.phone_number_id;
      if (numberId !== undefined && String(numberId) !== deps.config.WHATSAPP_PHONE_NUMBER_ID) continue;
      for (const status of Array.isArray(value.statuses) ? value.statuses : []) {
        if (await recordStatus(deps, status)) outcome.statuses++;
      }
      for (const message of Array.isArray(value.messages) ? value.messages : []) {
        outcome.stopped += await stopIfAsked(deps, message);
      }
    }
  }
  return outcome;
}

async function recordStatus(deps: WebhookDeps, s: WebhookStatus): Promise<boolean> {
  if (typeof s?.id !== 'string' || !(DELIVERY_STATUSES as readonly unknown[]).includes(s.status)) return false;
  const seconds = Number(s.timestamp);
  const at = Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : deps.clock.now();
  const first = s.errors?.[0];
  // The error's title (and code), as WhatsApp words it, is what the history shows for a failed message.
  const error = first
    ? `WhatsApp: ${String(first.title ?? first.message ?? 'failed')}${first.code !== undefined ? ` (${String(first.code)})` : ''}`
    : undefined;
  const providerMessageId = s.id;
  return withWrite(deps, (w) => recordDeliveryStatus(w, { providerMessageId, status: s.status as DeliveryStatus, at, error }));
}

/** A STOP (or UNSUBSCRIBE) from a number ends WhatsApp for every account with it; answers how many accounts it ended. */
async function stopIfAsked(deps: WebhookDeps, m: WebhookMessage): Promise<number> {
  const text = m?.type === 'button' ? m.button?.text : m?.text?.body;
  if (typeof m?.from !== 'string' || typeof text !== 'string' || !isWhatsAppStopWord(text)) return 0;
  const phone = m.from.replace(/\D/g, '');
  if (!phone) return 0;
  const now = deps.clock.now();
  const ended = await withWrite(deps, async (tx) => {
    const accounts = await endWhatsAppForNumber(tx, { phone, now });
    await insertConsents(
      tx,
      accounts.map((a) => ({ ...a, phone, action: 'opt_out', wording: null, source: 'stop_reply', createdAt: now })),
    );
    return accounts.length;
  });
  if (ended > 0) deps.log.info({ accounts: ended }, 'WhatsApp turned off by a STOP reply');
  return ended;
}
