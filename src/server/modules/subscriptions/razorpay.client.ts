import { createHmac, timingSafeEqual } from 'node:crypto';

// Razorpay's Orders API called directly with fetch (STACK.md: the SDK crashes when the network is down),
// and its signatures checked with node:crypto in constant time.

export interface RazorpayOrder {
  id: string;
  amount: number;
  currency: string;
  receipt: string;
  status: string;
}

export class RazorpayError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'RazorpayError';
  }
}

const ORDER_TIMEOUT_MS = 10_000;

/** POST {apiUrl}/v1/orders with HTTP Basic auth; throws RazorpayError on any failure or odd answer. */
export async function createRazorpayOrder(opts: {
  apiUrl: string;
  keyId: string;
  keySecret: string;
  amount: number;
  currency: string;
  receipt: string;
  notes: Record<string, string>;
}): Promise<RazorpayOrder> {
  const auth = Buffer.from(`${opts.keyId}:${opts.keySecret}`).toString('base64');
  let res: Response;
  try {
    res = await fetch(`${opts.apiUrl.replace(/\/$/, '')}/v1/orders`, {
      method: 'POST',
      headers: { Authorization: `Basic ${auth}`, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ amount: opts.amount, currency: opts.currency, receipt: opts.receipt, notes: opts.notes }),
      signal: AbortSignal.timeout(ORDER_TIMEOUT_MS),
    });
  } catch (err) {
    throw new RazorpayError(`orders request failed: ${(err as Error).name}`);
  }
  const body = (await res.json().catch(() => null)) as Partial<RazorpayOrder> | null;
  if (!res.ok) throw new RazorpayError('orders request refused', res.status);
  if (!body || typeof body.id !== 'string' || !body.id || body.amount !== opts.amount || body.currency !== opts.currency) {
    throw new RazorpayError('orders answer not understood', res.status);
  }
  return { id: body.id, amount: body.amount, currency: body.currency, receipt: String(body.receipt ?? opts.receipt), status: String(body.status ?? 'created') };
}

export const hmacSha256Hex = (secret: string, payload: string | Buffer) => createHmac('sha256', secret).update(payload).digest('hex');

/** Constant-time comparison of a hex signature we computed with one we were sent. */
export function signaturesMatch(expectedHex: string, givenHex: string): boolean {
  const expected = Buffer.from(expectedHex, 'utf8');
  const given = Buffer.from(givenHex, 'utf8');
  // timingSafeEqual needs equal lengths; a wrong length is a mismatch (the length itself is no secret).
  if (expected.length !== given.length) return false;
  return timingSafeEqual(expected, given);
}

/** Checkout signature: HMAC-SHA256(order_id + '|' + payment_id, key secret). */
export function paymentSignature(opts: { orderId: string; paymentId: string; secret: string }): string {
  return hmacSha256Hex(opts.secret, `${opts.orderId}|${opts.paymentId}`);
}

export function isPaymentSignatureValid(opts: { orderId: string; paymentId: string; signature: string; secret: string }): boolean {
  return signaturesMatch(paymentSignature(opts), opts.signature);
}

/** Webhook signature: HMAC-SHA256 of the raw request body with the webhook secret. */
export function isWebhookSignatureValid(opts: { rawBody: Buffer; signature: string; secret: string }): boolean {
  return signaturesMatch(hmacSha256Hex(opts.secret, opts.rawBody), opts.signature);
}
