import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../../errors';
import { recordSecurityEvent } from '../../plugins/security';

// Rate limits of the accounts calls (decision 005): per client IP AND per account, so rotating addresses does not
// help an attacker. Both limits run on every request (the plugin's route option allows only one).

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface Limit {
  max: number;
  timeWindow: number;
}
type AccountKey = (request: FastifyRequest) => string | undefined;

const bodyField =
  (field: string): AccountKey =>
  (request) => {
    const v = (request.body as Record<string, unknown> | undefined)?.[field];
    return typeof v === 'string' && v ? v.trim().toLowerCase() : undefined;
  };

export const byEmail = bodyField('email');
export const byToken = bodyField('token');
export const byValue = bodyField('value');

export const LIMITS = {
  // Per-IP budgets are wider than per-account ones: an office or hospital network shares one address.
  checkAvailability: { ip: { max: 120, timeWindow: MINUTE }, account: { max: 20, timeWindow: MINUTE } },
  register: { ip: { max: 60, timeWindow: HOUR }, account: { max: 5, timeWindow: HOUR } },
  // The 3-attempt rule guards each code; these bound the guessing across resends.
  verifyOtp: { ip: { max: 100, timeWindow: 15 * MINUTE }, account: { max: 30, timeWindow: 15 * MINUTE } },
  verifyEmail: { ip: { max: 60, timeWindow: 15 * MINUTE }, account: { max: 10, timeWindow: 15 * MINUTE } },
  resend: { ip: { max: 10, timeWindow: HOUR }, account: { max: 5, timeWindow: HOUR } },
  // Passwords of unknown devices (no device cookie for the account; decision 031). A wrong current password of a
  // profile change counts here too.
  login: { ip: { max: 100, timeWindow: 15 * MINUTE }, account: { max: 10, timeWindow: 15 * MINUTE } },
  // The admin gate: one account, whatever the address (rotating X-Forwarded-For behind a proxy does not reset it).
  adminLogin: { ip: { max: 5, timeWindow: 15 * MINUTE }, account: { max: 10, timeWindow: 15 * MINUTE } },
  forgotPassword: { ip: { max: 20, timeWindow: HOUR }, account: { max: 5, timeWindow: HOUR } },
  resetPassword: { ip: { max: 20, timeWindow: 15 * MINUTE }, account: { max: 5, timeWindow: 15 * MINUTE } },
  // The link pages' checks on load (decision 036) read only, and a reload asks again: a budget apart from the use.
  checkLink: { ip: { max: 60, timeWindow: 15 * MINUTE }, account: { max: 20, timeWindow: 15 * MINUTE } },
  // An admin's enrolment link (docs/decisions/042): choosing the password and confirming the first code, with room for a
  // reload and a mistyped code or two; per link and per address.
  adminInvite: { ip: { max: 30, timeWindow: 15 * MINUTE }, account: { max: 10, timeWindow: 15 * MINUTE } },
} satisfies Record<string, { ip: Limit; account: Limit }>;

/**
 * A browser presenting a valid device cookie for the account has this budget of its own instead of the account's and
 * address's (decision 031): generous for the owner, and a device that keeps failing locks itself out.
 */
export const DEVICE_LIMIT = { max: 20, timeWindow: 15 * MINUTE } satisfies Limit;

/** The 429 of the accounts limits, recorded as a security event. */
export async function refuseThrottled(
  app: FastifyInstance,
  request: FastifyRequest,
  o: { limit: string; scope: string; ttlInSeconds: number },
): Promise<never> {
  const seconds = Math.max(1, o.ttlInSeconds);
  await recordSecurityEvent(app, request, {
    eventType: 'rate_limited',
    threatLevel: o.limit === 'adminLogin' ? 'high' : 'medium',
    blocked: true,
    details: { limit: o.limit, scope: o.scope },
  });
  throw new AppError(
    'rate_limited',
    /*i18n*/ '{seconds, plural, one {Too many attempts. Please try again in {seconds} second.} other {Too many attempts. Please try again in {seconds} seconds.}}',
    429,
    { 'retry-after': String(seconds) },
    { seconds },
  );
}

/** A preHandler applying an IP limit and an account limit under the name `name`. */
export function rateLimited(app: FastifyInstance, name: string, limits: { ip: Limit; account: Limit }, accountKey: AccountKey): preHandlerAsyncHookHandler {
  const perIp = app.createRateLimit({ ...limits.ip, keyGenerator: (req) => `${name}:ip:${req.ip}` });
  const perAccount = app.createRateLimit({ ...limits.account, keyGenerator: (req) => `${name}:acct:${accountKey(req) ?? ''}` });
  return async function rateLimit(request) {
    for (const [scope, limiter] of [
      ['ip', perIp],
      ['account', perAccount],
    ] as const) {
      if (scope === 'account' && !accountKey(request)) continue;
      const r = await limiter(request);
      if (!r.isAllowed && r.isExceeded) await refuseThrottled(app, request, { limit: name, scope, ttlInSeconds: r.ttlInSeconds });
    }
  };
}
