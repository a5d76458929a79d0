import { createPrivateKey } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';

// The ONLY reader of process.env (ARCHITECTURE rule 6). The names are a contract (README, Configuration).
const booleanish = z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const TRUST_PROXY_MESSAGE = 'must be true, false, a number of proxy hops, or comma-separated proxy addresses or CIDR ranges';
const RECEIPT_KEY_MESSAGE = 'must be an Ed25519 private key: a PKCS8 PEM or its base64 (openssl genpkey -algorithm ed25519 | base64 -w0)';

/** A WhatsApp template's name: lower-case letters, digits and underscores (WhatsApp Manager's rule). */
const templateName = z.string().regex(/^[a-z0-9_]{1,512}$/, 'must be a WhatsApp template name: lower-case letters, digits and underscores');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  // How long PostgreSQL may take over one statement, and over handing out a connection, before a request is
  // answered 503 (docs/decisions/012, Database timeouts); 0 waits for ever, as PostgreSQL's own 0 does.
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  // What DATABASE_URL leads to (docs/decisions/058-behind-a-pooler.md): `session`, PostgreSQL itself or a pooler in
  // session mode; `transaction`, a pooler in transaction mode (PgBouncer's), where no statement is prepared by name,
  // no setting is sent at connect time, and the change feed listens on DATABASE_LISTEN_URL or polls every CACHE_POLL_MS.
  DB_POOL_MODE: z.enum(['session', 'transaction']).default('session'),
  DATABASE_LISTEN_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  CACHE_POLL_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
  APP_URL: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('RepVisit <no-reply@repvisit.local>'),
  // The outbox (docs/decisions/028-outbox.md): how often the worker looks for due messages unwoken (its safety poll;
  // a queued message wakes it, decision 078), how many it delivers side by side, how long a claim holds a message
  // before another instance may take it, when a message fails.
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(5000),
  OUTBOX_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  OUTBOX_CLAIM_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  OUTBOX_DEADLINE_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 14)
    .default(24),
  /** While e-mails wait out a retry, how often the worker asks the SMTP server whether it takes mail again. */
  OUTBOX_PROBE_MS: z.coerce.number().int().min(50).max(600_000).default(15_000),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // Which X-Forwarded-For entries to believe (docs/decisions/029-request-edge-hardening.md): a number of proxy hops
  // (true = 1, false = 0) or the proxies' addresses and ranges; parsed to 0 | hops | [addresses].
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((v) => parseTrustProxy(v) !== undefined, TRUST_PROXY_MESSAGE)
    .transform((v) => parseTrustProxy(v)!),
  RAZORPAY_KEY_ID: z.string().min(1).optional(),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
  RAZORPAY_API_URL: z.url().default('https://api.razorpay.com'),
  SEED_DEMO: booleanish.default(true),
  FREE_TRIAL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  // How many days ahead of today (IST) a rep can book a visit (docs/decisions/032-refunds-phones-horizon-ics.md).
  BOOKING_HORIZON_DAYS: z.coerce.number().int().min(1).max(730).default(90),
  // How long a waitlist offer holds its freed slot for the rep it was offered to (docs/decisions/043).
  WAITLIST_HOLD_MINUTES: z.coerce.number().int().min(5).max(1440).default(120),
  // WhatsApp Business Cloud API (docs/decisions/044): without the number id, token, app secret and verify token the channel is off.
  WHATSAPP_API_URL: z.url().default('https://graph.facebook.com/v21.0'),
  WHATSAPP_PHONE_NUMBER_ID: z.string().min(1).optional(),
  WHATSAPP_TOKEN: z.string().min(1).optional(),
  WHATSAPP_APP_SECRET: z.string().min(1).optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().min(1).optional(),
  // The message templates' names as registered in WhatsApp Manager, and their language (docs/decisions/044, Templates).
  WHATSAPP_TEMPLATE_LANGUAGE: z
    .string()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'must be a WhatsApp template language code such as en or en_US')
    .default('en'),
  WHATSAPP_TEMPLATE_BOOKING: templateName.default('repvisit_booking_confirmation'),
  WHATSAPP_TEMPLATE_CANCELLATION: templateName.default('repvisit_visit_cancelled'),
  WHATSAPP_TEMPLATE_REMINDER: templateName.default('repvisit_visit_reminder'),
  WHATSAPP_TEMPLATE_MORNING_LIST: templateName.default('repvisit_clinic_visitors_today'),
  WHATSAPP_TEMPLATE_RENEWAL: templateName.default('repvisit_renewal_reminder'),
  WHATSAPP_TEMPLATE_WAITLIST_OFFER: templateName.default('repvisit_waitlist_offer'),
  WHATSAPP_TEMPLATE_WAITLIST_EXPIRED: templateName.default('repvisit_waitlist_expired'),
  WHATSAPP_TEMPLATE_NUMBER_CODE: templateName.default('repvisit_number_code'),
  WHATSAPP_TEMPLATE_RUNNING_LATE: templateName.default('repvisit_doctor_running_late'),
  FREE_ACCESS_PROMO_UNTIL: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a yyyy-mm-dd date')
    .default('2025-07-31'),
  // Data retention (the call-frequency rule looks back at most 28 days, so at least 29) and web push.
  RETENTION_DAYS: z.coerce.number().int().min(29, 'must be at least 29 (the call-frequency rule looks back 28 days)').max(3650).default(90),
  VAPID_PUBLIC_KEY: z.string().min(20).optional(),
  VAPID_PRIVATE_KEY: z.string().min(20).optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https:// URL')
    .optional(),
  // The proof of visit's Ed25519 signing key (docs/decisions/041): a PKCS8 PEM, or the base64 of that PEM or of its
  // DER; kept as PEM. Unset: a key is generated once and kept in app_secrets, shared by every instance.
  RECEIPT_SIGNING_KEY: z
    .string()
    .optional()
    .refine((v) => v === undefined || ed25519PrivateKeyPem(v) !== undefined, RECEIPT_KEY_MESSAGE)
    .transform((v) => (v === undefined ? undefined : ed25519PrivateKeyPem(v))),
  /** Push services the server may POST to (comma-separated origins; *. for subdomains): no other URL is called. */
  PUSH_SERVICE_ORIGINS: z
    .string()
    .default('https://fcm.googleapis.com,https://*.push.services.mozilla.com,https://*.notify.windows.com,https://web.push.apple.com,https://*.push.apple.com'),
  // GET /metrics for Prometheus (docs/decisions/059-metrics-and-health.md): off unless one is set. With the token it is
  // served on PORT to `Authorization: Bearer <token>`; with the port, on a listener of its own bound to 127.0.0.1.
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  JOBS_ENABLED: booleanish.default(true),
  // After SIGTERM, how long readiness answers 503 while the port still serves, however quiet, so a load balancer sees
  // the 503 before the port closes (docs/decisions/061-rolling-restart.md); at most the drain's 10 s.
  DRAIN_MIN_MS: z.coerce.number().int().min(0).max(10_000).default(0),
  // The server's heap limit, passed to node by the supervisor (supervisor-protocol.ts heapOption, docs/decisions/080):
  // the read caches' bound plus the app's own heap must fit well inside it.
  SERVER_HEAP_MB: z.coerce.number().int().min(320, 'must be at least 320 (the read caches alone may hold 192 MB)').max(65_536).default(512),
  // Backups of the embedded database (docs/decisions/060-backups-and-restore.md): where the nightly job and `npm run backup`
  // write them (default: beside DATA_DIR, `<DATA_DIR>-backups`, never inside it), and how many daily and weekly ones it keeps.
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_KEEP_DAILY: z.coerce.number().int().min(1).max(366).default(7),
  BACKUP_KEEP_WEEKLY: z.coerce.number().int().min(0).max(520).default(4),
  /** Where the built client is (default dist/client); tests point it at a private build. */
  CLIENT_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/** An Ed25519 private key given as PKCS8 PEM, base64 of the PEM, or base64 of the DER, as PEM; undefined when it is not one. */
export function ed25519PrivateKeyPem(raw: string): string | undefined {
  const text = raw.trim();
  const candidates: Array<string | Buffer> = [text.replace(/\\n/g, '\n')];
  if (/^[A-Za-z0-9+/=_\s-]+$/.test(text)) {
    const bytes = Buffer.from(text.replace(/\s/g, ''), 'base64');
    candidates.push(bytes.toString('utf8').includes('-----BEGIN') ? bytes.toString('utf8') : bytes);
  }
  for (const candidate of candidates) {
    try {
      const key =
        typeof candidate === 'string'
          ? createPrivateKey({ key: candidate, format: 'pem' })
          : createPrivateKey({ key: candidate, format: 'der', type: 'pkcs8' });
      if (key.asymmetricKeyType === 'ed25519') return key.export({ format: 'pem', type: 'pkcs8' }).toString();
    } catch {
      // not this form; try the next
    }
  }
  return undefined;
}

const IP_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY as hops (0: none) or a list of proxy addresses/ranges, or undefined when it is neither. */
function parseTrustProxy(raw: string): number | string[] | undefined {
  const v = raw.trim().toLowerCase();
  if (['false', 'no', ''].includes(v)) return 0;
  if (['true', 'yes'].includes(v)) return 1;
  if (/^\d{1,2}$/.test(v)) return Number(v);
  const entries = raw.split(',').map((e) => e.trim());
  return entries.every(isProxyAddress) ? entries : undefined;
}

/** An address, address/prefix, address/netmask, or one of proxy-addr's names (what @fastify/proxy-addr compiles). */
function isProxyAddress(entry: string): boolean {
  if (IP_RANGE_NAMES.has(entry)) return true;
  const [address = '', range, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (version === 4 ? 32 : 128);
  return version === 4 && isIP(range) === 4;
}

export type Config = z.infer<typeof envSchema> & { appUrl: string; secureCookies: boolean };

export class ConfigError extends Error {}

/** Reads and validates the environment; a wrong value names the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "not set", as a shell `FOO=` would suggest.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  const lines = [...(parsed.success ? [] : parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)), ...productionProblems(cleaned)];
  if (!parsed.success || lines.length > 0) throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  const c = parsed.data;
  const appUrl = (c.APP_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, '');
  return { ...c, appUrl, secureCookies: appUrl.startsWith('https://') };
}

/**
 * In production every e-mail must really be sent (without SMTP_URL codes and reset links are printed to the log) and
 * codes must be hashed with a secret of the operator's (docs/decisions/029-request-edge-hardening.md).
 */
function productionProblems(env: Record<string, string | undefined>): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (!env.SMTP_URL) problems.push('  SMTP_URL: required when NODE_ENV=production (without it e-mails, with their codes and links, go to the log)');
  if (!env.SESSION_SECRET) problems.push('  SESSION_SECRET: required when NODE_ENV=production (at least 32 characters)');
  return problems;
}

/** A config for tests: defaults plus overrides, never reading process.env. */
export function testConfig(overrides: Record<string, string | undefined> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', OUTBOX_POLL_MS: '50', OUTBOX_PROBE_MS: '200', ...overrides });
}

/** What the test harness needs from the environment (CI sets TEST_DATABASE_URL and the PgBouncers' URLs, .ci/run). */
export function readTestEnv(env: Record<string, string | undefined> = process.env) {
  return {
    testDatabaseUrl: env.TEST_DATABASE_URL || undefined,
    testPgbouncerUrl: env.TEST_PGBOUNCER_URL || undefined,
    testPgbouncerSessionUrl: env.TEST_PGBOUNCER_SESSION_URL || undefined,
  };
}
