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
  login: { ip: { max: 100, timeWindow: 15 * MINUTE }, account: { max: 10, timeWindow: 15 * MINUTE } },
  forgotPassword: { ip: { max: 20, timeWindow: HOUR }, account: { max: 5, timeWindow: HOUR } },
  resetPassword: { ip: { max: 20, timeWindow: 15 * MINUTE }, account: { max: 5, timeWindow: 15 * MINUTE } },
} satisfies Record<string, { ip: Limit; account: Limit }>;

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
      if (!r.isAllowed && r.isExceeded) {
        const seconds = Math.max(1, r.ttlInSeconds);
        await recordSecurityEvent(app, request, {
          eventType: 'rate_limited',
          threatLevel: 'medium',
          blocked: true,
          details: { limit: name, scope },
        });
        throw new AppError('rate_limited', `Too many attempts. Please try again in ${seconds} seconds.`, 429, {
          'retry-after': String(seconds),
        });
      }
    }
  };
}
