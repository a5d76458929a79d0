import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { RECOVERY_CODE_COUNT, TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '../../../shared/schemas/admin-team';

// The second factor of admins (docs/decisions/042-admin-team.md): TOTP as RFC 6238 and authenticator apps read it
// (SHA-1, 6 digits, 30 s), checked by otpauth with one step either side for clock drift, and ten one-time recovery
// codes. Pure: the step a code belongs to is stored by the caller, which refuses a step used before.

const ISSUER = 'RepVisit';
/** One 30-second step either side: a phone's clock a little off, or a code typed as it turned. */
const WINDOW = 1;

const totpOf = (secret: string, email = '') =>
  new TOTP({ issuer: ISSUER, label: email, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });

/** 160 random bits (RFC 4226's recommended length), base32 for the app. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URL the enrolment page shows as a QR code. */
export const otpauthUrlOf = (o: { secret: string; email: string }): string => totpOf(o.secret, o.email).toString();

const digitsOf = (code: string) => code.replace(/[\s-]/g, '');

/** A code shaped like a TOTP code (6 digits, spaces allowed); anything else is tried as a recovery code. */
export const isTotpShaped = (code: string): boolean => new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(digitsOf(code));

/** The 30-second step the code belongs to, within one step of `now`, or null when it is not a current code. */
export function totpStepOf(o: { secret: string; code: string; now: Date }): number | null {
  if (!isTotpShaped(o.code)) return null;
  const timestamp = o.now.getTime();
  const delta = totpOf(o.secret).validate({ token: digitsOf(o.code), timestamp, window: WINDOW });
  return delta === null ? null : TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp }) + delta;
}

/** The current code of a secret (the command line's and the tests' authenticator app). */
export const totpCodeAt = (o: { secret: string; now: Date }): string => totpOf(o.secret).generate({ timestamp: o.now.getTime() });

// Recovery codes: 10 characters of Crockford's base32 (50 random bits each), shown once as `xxxxx-xxxxx`.
const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => CROCKFORD[randomInt(CROCKFORD.length)]!).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** As typed: case, spaces and dashes do not matter; Crockford reads i and l as 1, o as 0. */
const normalRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '').replace(/[il]/g, '1').replace(/o/g, '0');

/** SHA-256 is enough for 50 random bits: nothing short of the code itself matches a stored hash. */
export const hashRecoveryCode = (code: string): string => createHash('sha256').update(normalRecoveryCode(code)).digest('hex');
