import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { LIMITS } from '../../../shared/constants';

// One-time codes and link tokens (decision 005): drawn from the cryptographic random source, stored only as
// hashes, compared in constant time.

// Spec part 2, 9: the verification code expires in 15 minutes and can be tried 3 times. The shared numbers, so the
// /verify-otp page's note and the e-mail say what this server enforces.
export const CODE_LIFETIME_MS = LIMITS.registrationOtpMinutes * 60_000;
export const CODE_MAX_ATTEMPTS = LIMITS.registrationOtpAttempts;
export const VERIFY_LINK_LIFETIME_MS = 24 * 3_600_000;
export const RESET_LINK_LIFETIME_MS = 3_600_000; // the reset link is valid one hour

/** A 6-digit code, uniformly drawn (leading zeros kept). */
export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** A link token of 32 random bytes (256 bits), URL-safe. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * A code's hash. Keyed (HMAC-SHA256) with SESSION_SECRET when one is configured, so a leaked table alone
 * does not give the codes away by trying the million candidates.
 */
export function hashCode(code: string, secret?: string): string {
  return createHmac('sha256', secret ?? 'repvisit-code-v1')
    .update(code)
    .digest('hex');
}

/** A link token's hash (SHA-256; the token has 256 bits of entropy). */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Constant-time comparison of two hex hashes. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}
