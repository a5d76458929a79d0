import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { securityEvents } from '../db/schema';
import type { Deps } from '../deps';
import { badRequest, forbidden } from '../errors';
import { HEAD_SCRIPT } from '../../shared/head-script';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Routes whose body is not the app's JSON: Razorpay's and WhatsApp's webhooks keep their raw, signed bytes. */
const RAW_BODY_ROUTES = new Set(['/api/subscription/webhook', '/api/whatsapp/webhook']);
const JSON_TYPE = /^application\/json\s*(;|$)/i;
/** The app's one inline script (the Dark Mode choice and early taps before the app runs), allowed by its hash only. */
const HEAD_SCRIPT_HASH = `'sha256-${createHash('sha256').update(HEAD_SCRIPT).digest('base64')}'`;

/** Security headers and the same-origin rule for state-changing calls. */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  // Helmet's headers do not depend on the request: computed once, set on every page, file and redirect
  // (@fastify/helmet rebuilt the whole helmet middleware for every request); an API answer gets its few (below).
  const headers = staticHelmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", HEAD_SCRIPT_HASH, 'https://checkout.razorpay.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
        frameSrc: ["'self'", 'https://api.razorpay.com', 'https://checkout.razorpay.com'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
      },
    },
    strictTransportSecurity: app.config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  const apiHeaders = apiAnswerHeaders(headers);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiRequest(request) ? apiHeaders : headers);
    done();
  });

  const appOrigin = new URL(app.config.appUrl).origin;
  // CSRF: a state-changing call from another origin is refused. Requests without Origin (curl, webhooks,
  // same-origin navigations of old browsers) rely on the SameSite=Lax session cookie. Every path, not only
  // /api/: the router also serves other spellings of a path (/%61pi/..., absolute-form request lines), and
  // every state-changing route is the API's anyway (docs/decisions/029-request-edge-hardening.md).
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin) return;
    const sameHost = (() => {
      try {
        return new URL(origin).host === request.headers.host;
      } catch {
        return false;
      }
    })();
    if (origin !== appOrigin && !sameHost) {
      await recordSecurityEvent(app, request, { eventType: 'csrf_origin_refused', threatLevel: 'medium', blocked: true, details: { origin } });
      throw forbidden(/*i18n*/ 'Cross-site request refused.');
    }
  });

  // Only JSON bodies on state-changing calls: a form post or text body is a 415 before it is parsed, so no
  // route ever sees a body shape it was not written for. The exceptions are named by the route the router
  // matched (its pattern), never by the path as spelled.
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.routeOptions.url !== undefined && RAW_BODY_ROUTES.has(request.routeOptions.url)) return;
    const length = request.headers['content-length'];
    const hasBody = request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
    if (!hasBody) return;
    if (!JSON_TYPE.test(request.headers['content-type'] ?? '')) {
      return reply.status(415).send({ message: /*i18n*/ 'Send the request body as JSON.', code: 'unsupported_media_type' });
    }
  });

  // No API answer is kept by the browser or a shared cache: they hold one account's data (signed in) or change
  // with every write (public reads). An answer that chose its own Cache-Control (the calendar feed's
  // 'private, no-store') keeps it; client files keep theirs (app.ts).
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiRequest(request) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  // No field of the API takes control characters; NUL cannot even be stored in a PostgreSQL text column, nor be
  // compared with one (it was a 500 on free-text fields and on searches). Tab, newline and carriage return stay
  // allowed for messages. One guard for every place a value arrives: the body, the decoded query string (names
  // and values) and the path's parameters, before any schema or guard reads them (docs/decisions/029).
  app.addHook('preValidation', async (request) => {
    const body = request.body !== null && typeof request.body === 'object' && !Buffer.isBuffer(request.body) ? request.body : null;
    if ([body, request.query, request.params].some((part) => hasControlCharacters(part))) throw badRequest(CONTROL_CHARACTERS_MESSAGE);
  });
}

/**
 * What of the page's headers an API answer needs (docs/decisions/078-outbox-wake.md, API answers): no document is
 * made of it, so a policy for scripts, frames, referrers, prefetching or the opener has nothing to govern. It keeps what guards data read as data (OWASP REST Security Cheat Sheet,
 * Security headers): nosniff, so a JSON answer holding a user's text is never sniffed into a page; a CSP that lets an
 * answer opened as a page load and run nothing, nor be framed; Cross-Origin-Resource-Policy, so another origin
 * cannot pull it in as a no-cors resource; HSTS over https.
 */
function apiAnswerHeaders(page: Record<string, string>): Record<string, string> {
  const kept = ['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security'];
  return {
    ...Object.fromEntries(kept.filter((name) => name in page).map((name) => [name, page[name]!])),
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  };
}

/** The headers helmet sets with `options`, read once from a stand-in response. */
function staticHelmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * The path a request is for, as the router reads it: without the scheme and host of an absolute-form request
 * line, the query and the fragment, percent-decoded (`/%61pi/x` is `/api/x`). For decisions about a request
 * that no route matched, for logs and for security_events; a matched route is judged by its pattern.
 */
export function requestPath(url: string): string {
  let path = url;
  if (!path.startsWith('/')) {
    try {
      path = new URL(path).pathname;
    } catch {
      // not a URL: judged as written
    }
  }
  path = path.split(/[?#]/, 1)[0]!;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/** True when the router routes the request to the API, or would if it had such a route (an unknown API path). */
export function isApiRequest(request: FastifyRequest): boolean {
  return isApiPath(request.routeOptions.url ?? requestPath(request.url));
}

/** A decoded path (requestPath) with the calendar feed's token masked. */
const redactPath = (path: string) => path.replace(/^(\/api\/calendar\/)[^/]+/, '$1[redacted]');

/**
 * A URL as it may be logged: secrets in paths (the private calendar feed) and in query strings (the e-mailed
 * verify and reset links load the SPA with ?token=) are masked (no secrets in logs). The path is judged decoded,
 * as the router serves it, so no spelling of the feed's path slips its token into the logs.
 */
export function redactUrl(url: string): string {
  const queryAt = url.search(/[?#]/);
  const query = queryAt < 0 ? '' : url.slice(queryAt);
  return redactPath(requestPath(url)) + query.replace(/([?&](?:token|code|otp|key|signature)=)[^&#]*/gi, '$1[redacted]');
}

/**
 * TRUST_PROXY (config.ts) as Fastify's trustProxy: hops as a function of the hop's position (Fastify 5 takes a
 * bare number as "trust no hop"), proxies' addresses and ranges as the list @fastify/proxy-addr compiles. The
 * client's address is then the right-most X-Forwarded-For entry no trusted proxy wrote: what a client writes
 * itself at the left is never believed (docs/decisions/029-request-edge-hardening.md).
 */
export function trustProxyOption(trust: number | string[]): false | string[] | ((address: string, hop: number) => boolean) {
  if (Array.isArray(trust)) return trust;
  if (trust <= 0) return false;
  return (_address, hop) => hop < trust;
}

export const CONTROL_CHARACTERS_MESSAGE = /*i18n*/ 'The request contains control characters, which are not allowed.';
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

function hasControlCharacters(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return CONTROL.test(value);
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  for (const [key, v] of Object.entries(value)) if (CONTROL.test(key) || hasControlCharacters(v, depth + 1)) return true;
  return false;
}

/**
 * Where a request came from, as plain values: a service is given these, never the request (ARCHITECTURE
 * rule 16). `originOf` reads them at the edge (a route or a plugin).
 */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
  path: string | null;
  method: string | null;
}

export const originOf = (request: FastifyRequest): RequestOrigin => ({
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
  // As the router served it, with the calendar feed's token masked (the admin's security log shows it).
  path: redactPath(requestPath(request.url)).slice(0, 300),
  method: request.method,
});

/**
 * The events anyone can cause as often as they like, signed in or not (a foreign Origin, a 429): one row per kind,
 * level, address and minute, whose `count` a repeat adds to, so a flood of refused requests writes a row a minute, not
 * a row a request (docs/decisions/049-security-events-bounded.md). Other events keep a row each: they are an act of an
 * account or sit behind a rate limit, whose 429s are then counted here.
 */
const REPEATING_EVENTS = new Set(['csrf_origin_refused', 'rate_limited']);
/** Caps on what one event stores (docs/decisions/049): a header or body of kilobytes is kept as its first characters. */
const MAX_DETAIL_TEXT = 200;
const MAX_DETAILS_CHARS = 1_000;
const MAX_ORIGIN_TEXT = 300;

/**
 * One row in security_events (failed logins, code failures, lockouts, refused access, admin actions), or one more
 * in the count of this minute's row for a repeating event from the same address.
 */
export async function recordSecurityEvent(
  deps: Pick<Deps, 'db' | 'clock' | 'log'>,
  from: FastifyRequest | RequestOrigin | null,
  event: {
    eventType: string;
    userId?: number | null;
    userType?: string | null;
    threatLevel?: 'low' | 'medium' | 'high' | 'critical';
    blocked?: boolean;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  const origin = from && 'raw' in from ? originOf(from) : from;
  const now = deps.clock.now();
  const threatLevel = event.threatLevel ?? 'low';
  const blocked = event.blocked ?? false;
  const ip = origin?.ip?.slice(0, 100) ?? null;
  const repeatKey = REPEATING_EVENTS.has(event.eventType) && ip ? [event.eventType, threatLevel, blocked, ip, now.toISOString().slice(0, 16)].join('|') : null;
  try {
    const insert = deps.db.insert(securityEvents).values({
      eventType: event.eventType,
      ipAddress: ip,
      userAgent: origin?.userAgent?.slice(0, MAX_ORIGIN_TEXT) ?? null,
      userId: event.userId ?? null,
      userType: event.userType ?? null,
      requestPath: origin?.path?.slice(0, MAX_ORIGIN_TEXT) ?? null,
      requestMethod: origin?.method?.slice(0, 20) ?? null,
      threatLevel,
      details: event.details ? boundedDetails(event.details) : null,
      timestamp: now,
      blocked,
      repeatKey,
    });
    if (repeatKey) await insert.onConflictDoUpdate({ target: securityEvents.repeatKey, set: { count: sql`${securityEvents.count} + 1` } });
    else await insert;
  } catch (err) {
    deps.log.error({ err }, 'security event write failed');
  }
}

/** Details as stored: each text at most MAX_DETAIL_TEXT characters, the whole at most about MAX_DETAILS_CHARS. */
export function boundedDetails(details: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let size = 2;
  for (const [key, value] of Object.entries(details)) {
    const name = key.slice(0, 60);
    const bounded = boundedValue(value, 0);
    const piece = JSON.stringify(name).length + (JSON.stringify(bounded) ?? 'null').length + 2;
    if (size + piece > MAX_DETAILS_CHARS) {
      out.truncated = true;
      break;
    }
    out[name] = bounded;
    size += piece;
  }
  return out;
}

function boundedValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return value.length > MAX_DETAIL_TEXT ? `${value.slice(0, MAX_DETAIL_TEXT)}…` : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= 2) return '…';
  if (Array.isArray(value)) return value.slice(0, 20).map((v) => boundedValue(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value)
      .slice(0, 20)
      .map(([k, v]) => [k.slice(0, 60), boundedValue(v, depth + 1)]),
  );
}
