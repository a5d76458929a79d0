import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_COOKIE } from '../../../shared/site-cookies';
import { DEVICE_LIMIT, LIMITS, refuseThrottled } from './auth.limits';

// Password attempts without locking the owner out (OWASP "Slow down online guessing attacks with device cookies";
// docs/decisions/031-account-holder-proof-and-device-cookies.md). A right password gives the browser a device cookie
// bound to the account (HMAC with a key derived from SESSION_SECRET). A later attempt presenting a valid one for that
// account counts against that device's own budget only; any other attempt counts against the account's and the
// address's budgets (decision 005). So ten wrong passwords from anywhere throttle guessers, not the owner's browser.
// Every attempt is counted BEFORE the password is checked: parallel guesses each take their own number.

export { DEVICE_COOKIE };
const DEVICE_LIFETIME_MS = 180 * 86_400_000;
/** A browser shared by a few accounts (a clinic's front desk) keeps one entry per account, the newest first. */
const MAX_ENTRIES = 5;

// 'doctor': the doctor's own login (docs/decisions/073), 'company' a pharma company's (087), on the users' budgets.
type PasswordAccountKind = 'clinic' | 'medrep' | 'admin' | 'doctor' | 'company';
export interface PasswordAccount {
  kind: PasswordAccountKind;
  /** The account's sign-in name: its e-mail (any case), or 'admin'. */
  login: string;
}

export interface LoginThrottle {
  /** Counts one password attempt of this browser at this account; a 429 when its budget is spent. */
  countAttempt(request: FastifyRequest, account: PasswordAccount): Promise<void>;
  /** After the right password: this browser gets (or renews) its device cookie for the account. */
  trustDevice(request: FastifyRequest, reply: FastifyReply, account: PasswordAccount): void;
}

/** Without SESSION_SECRET the key lives as long as the process (device cookies then end with a restart). */
const processKey = randomBytes(32);

const normal = (a: PasswordAccount) => `${a.kind}|${a.login.trim().toLowerCase()}`;

function signature(key: Buffer, account: PasswordAccount, nonce: string, issued: string): Buffer {
  return createHmac('sha256', key)
    .update(`rv-device-v1|${normal(account)}|${nonce}|${issued}`)
    .digest();
}

/** The nonce of the cookie's entry that is valid for `account`, if any. */
function deviceOf(key: Buffer, cookie: string | undefined, account: PasswordAccount, now: number): string | undefined {
  for (const entry of (cookie ?? '').split('~').slice(0, MAX_ENTRIES)) {
    const [nonce, issued, sig] = entry.split('.');
    if (!nonce || !issued || !sig || !/^[0-9a-z]{1,12}$/.test(issued)) continue;
    const at = parseInt(issued, 36);
    if (!(at <= now && now - at < DEVICE_LIFETIME_MS)) continue;
    const given = Buffer.from(sig, 'base64url');
    const expected = signature(key, account, nonce, issued);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return nonce;
  }
  return undefined;
}

/**
 * The app's one throttle (buildApp makes it, after the rate limiter; docs/decisions/063), shared by every route that
 * checks a password (the sign-ins, the admin gate, a profile change of e-mail or phone): on the embedded database each
 * limiter counts in its own memory, so they must be the same ones.
 */
export function createLoginThrottle(app: FastifyInstance): LoginThrottle {
  const key = app.config.SESSION_SECRET ? createHmac('sha256', app.config.SESSION_SECRET).update('repvisit device cookie').digest() : processKey;
  const limiter = (limit: { max: number; timeWindow: number }, keyOf: (req: FastifyRequest) => string) =>
    app.createRateLimit({ ...limit, keyGenerator: keyOf });
  const account = new WeakMap<FastifyRequest, string>();
  const device = new WeakMap<FastifyRequest, string>();
  // The keys of the accounts' limits are those of decision 005 ('login:acct:medrep:<email>', 'admin-auth:acct:admin:<login>').
  const budgets = {
    user: {
      name: 'login',
      ip: limiter(LIMITS.login.ip, (req) => `login:ip:${req.ip}`),
      account: limiter(LIMITS.login.account, (req) => `login:acct:${account.get(req)}`),
    },
    admin: {
      name: 'adminLogin',
      ip: limiter(LIMITS.adminLogin.ip, (req) => `admin-auth:ip:${req.ip}`),
      // One budget per admin sign-in name: 'admin' for the single password, else the named admin's e-mail (decision 042).
      account: limiter(LIMITS.adminLogin.account, (req) => `admin-auth:acct:${account.get(req)}`),
    },
  };
  const perDevice = limiter(DEVICE_LIMIT, (req) => `login:device:${device.get(req)}`);

  return {
    async countAttempt(request, acct) {
      const budget = acct.kind === 'admin' ? budgets.admin : budgets.user;
      const nonce = deviceOf(key, request.cookies[DEVICE_COOKIE], acct, app.clock.now().getTime());
      const checks: Array<['ip' | 'account' | 'device', typeof perDevice]> = nonce
        ? [['device', perDevice]]
        : [
            ['ip', budget.ip],
            ['account', budget.account],
          ];
      if (nonce) device.set(request, nonce);
      account.set(request, `${acct.kind}:${acct.login.trim().toLowerCase()}`);
      for (const [scope, check] of checks) {
        const r = await check(request);
        if (!r.isAllowed && r.isExceeded) await refuseThrottled(app, request, { limit: budget.name, scope, ttlInSeconds: r.ttlInSeconds });
      }
    },

    trustDevice(request, reply, acct) {
      const now = app.clock.now().getTime();
      const nonce = randomBytes(16).toString('base64url');
      const issued = now.toString(36);
      const fresh = `${nonce}.${issued}.${signature(key, acct, nonce, issued).toString('base64url')}`;
      // Entries of other accounts stay (while young enough); this account's older entry is replaced.
      const others = (request.cookies[DEVICE_COOKIE] ?? '')
        .split('~')
        .slice(0, MAX_ENTRIES)
        .filter((e) => e && !deviceOf(key, e, acct, now) && /^[\w-]+\.[0-9a-z]{1,12}\.[\w-]+$/.test(e))
        .filter((e) => now - parseInt(e.split('.')[1]!, 36) < DEVICE_LIFETIME_MS);
      reply.setCookie(DEVICE_COOKIE, [fresh, ...others].slice(0, MAX_ENTRIES).join('~'), {
        path: '/api',
        httpOnly: true,
        sameSite: 'strict',
        secure: app.config.secureCookies,
        maxAge: Math.floor(DEVICE_LIFETIME_MS / 1000),
      });
    },
  };
}
