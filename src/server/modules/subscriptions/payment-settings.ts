import { createHmac, randomBytes } from 'node:crypto';
import type { Config } from '../../config';

// Which way paid plans run (docs/decisions/006-test-checkout.md):
// - live: Razorpay keys are configured; orders go to Razorpay and checkout signatures use the key secret.
// - test: no keys outside production; the server makes 'order_test_...' orders itself and a labelled test
//   checkout signs payments with a local test secret, so the SAME verify flow runs.
// - unavailable: no keys in production; paying is refused rather than handed out for free.

export type PaymentSettings =
  { mode: 'live'; keyId: string; secret: string } | { mode: 'test'; keyId: null; secret: string } | { mode: 'unavailable'; keyId: null; secret: null };

const processTestSecret = randomBytes(32).toString('hex');

export function paymentSettings(config: Config): PaymentSettings {
  if (config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET) {
    return { mode: 'live', keyId: config.RAZORPAY_KEY_ID, secret: config.RAZORPAY_KEY_SECRET };
  }
  if (config.NODE_ENV === 'production') return { mode: 'unavailable', keyId: null, secret: null };
  // Derived from SESSION_SECRET when set, so several instances agree; otherwise random per process.
  const secret = config.SESSION_SECRET ? createHmac('sha256', config.SESSION_SECRET).update('repvisit test checkout').digest('hex') : processTestSecret;
  return { mode: 'test', keyId: null, secret };
}
