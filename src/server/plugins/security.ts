import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { securityEvents } from '../db/schema';
import type { Deps } from '../deps';
import { badRequest, forbidden } from '../errors';
import { THEME_INIT_SCRIPT } from '../../shared/theme-init-script';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Calls whose body is not the app's JSON: Razorpay's webhook keeps its raw, signed bytes. */
const RAW_BODY_PATHS = new Set(['/api/subscription/webhook']);
const JSON_TYPE = /^application\/json\s*(;|$)/i;
/** The app's one inline script (the Dark Mode choice before the first paint), allowed by its hash only. */
const THEME_INIT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(THEME_INIT_SCRIPT).digest('base64')}'`;

/** Security headers and the same-origin rule for state-changing calls. */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  // Helmet's headers do not depend on the request: computed once, set on every reply (@fastify/helmet
  // rebuilt the whole helmet middleware for every request).
  const headers = staticHelmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", THEME_INIT_SCRIPT_HASH, 'https://checkout.razorpay.com'],
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
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  const appOrigin = new URL(app.config.appUrl).origin;
  // CSRF: a state-changing call from another origin is refused. Requests without Origin (curl, webhooks,
  // same-origin navigations of old browsers) rely on the SameSite=Lax session cookie.
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
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
      throw forbidden('Cross-site request refused.');
    }
  });

  // Only JSON bodies on state-changing API calls: a form post or text body is a 415 before it is
  // parsed, so no route ever sees a body shape it was not written for.
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    if (RAW_BODY_PATHS.has(request.url.split('?')[0]!)) return;
    const length = request.headers['content-length'];
    const hasBody = request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
    if (!hasBody) return;
    if (!JSON_TYPE.test(request.headers['content-type'] ?? '')) {
      return reply.status(415).send({ message: 'Send the request body as JSON.', code: 'unsupported_media_type' });
    }
  });

  // No field of the API takes control characters; NUL cannot even be stored in a PostgreSQL text column
  // (it was a 500 on free-text fields). Tab, newline and carriage return stay allowed for messages.
  app.addHook('preValidation', async (request) => {
    if (request.body !== null && typeof request.body === 'object' && !Buffer.isBuffer(request.body) && hasControlCharacters(request.body)) {
      throw badRequest(CONTROL_CHARACTERS_MESSAGE);
    }
  });
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
 * A URL as it may be logged: secrets in paths (the private calendar feed) and in query strings (the e-mailed
 * verify and reset links load the SPA with ?token=) are masked (no secrets in logs).
 */
export function redactUrl(url: string): string {
  return url.replace(/^(\/api\/calendar\/)[^/?#]+/, '$1[redacted]').replace(/([?&](?:token|code|otp|key|signature)=)[^&#]*/gi, '$1[redacted]');
}

export const CONTROL_CHARACTERS_MESSAGE = 'The request contains control characters, which are not allowed.';
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
  path: request.url.split('?')[0]?.slice(0, 300) ?? null,
  method: request.method,
});

/** One row in security_events (failed logins, code failures, lockouts, refused access, admin actions). */
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
  try {
    await deps.db.insert(securityEvents).values({
      eventType: event.eventType,
      ipAddress: origin?.ip ?? null,
      userAgent: origin?.userAgent ?? null,
      userId: event.userId ?? null,
      userType: event.userType ?? null,
      requestPath: origin?.path ?? null,
      requestMethod: origin?.method ?? null,
      threatLevel: event.threatLevel ?? 'low',
      details: event.details ?? null,
      timestamp: deps.clock.now(),
      blocked: event.blocked ?? false,
    });
  } catch (err) {
    deps.log.error({ err }, 'security event write failed');
  }
}
