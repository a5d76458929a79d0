import { existsSync } from 'node:fs';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { createAppKeys } from './app-keys';
import type { Config } from './config';
import { databaseOptionsOf, openDatabase, type Database, type Db } from './db/client';
import { migrateDatabase } from './db/migrate';
import { defaultClientDir } from './paths';
import { isClientRoutePath } from '../shared/client-routes';
import { registerPrerenderedPages, sendAppShell, sendNotFoundPage } from './client-shell';
import { registerAuth } from './plugins/auth';
import { answerClientError, registerErrorHandler, registerRetryAfter } from './plugins/error-handler';
import { answerWithMessage, registerLocale } from './plugins/locale';
import { AppError } from './errors';
import { responseSerializerCompiler } from './plugins/response-serializer';
import { postgresRateLimitStore } from './plugins/rate-limit-store';
import { isApiRequest, redactUrl, registerSecurity, requestPath, trustProxyOption } from './plugins/security';
import { cacheKey } from './cache/cache-keys';
import { createOutbox, type Outbox } from './outbox/outbox';
import { createEmailChannel } from './outbox/email-channel';
import { OutboxWorker } from './outbox/outbox-worker';
import { createWhatsAppChannel } from './outbox/whatsapp-channel';
import { isWhatsAppMessageStillWanted } from './modules/whatsapp/whatsapp-messages.service';
import { whatsappRoutes } from './modules/whatsapp/whatsapp.routes';
import { deliverPush } from './modules/notifications/push.service';
import { createLoginThrottle, type LoginThrottle } from './modules/auth/login-throttle';
import { expandEmailJobs } from './modules/admin/admin-email-jobs.service';
import { healthRoutes } from './modules/health/health.routes';
import { registerMetrics } from './metrics/metrics.routes';
import { registerDrain } from './plugins/drain';
import { authRoutes } from './modules/auth/auth.routes';
import { subscriptionRoutes } from './modules/subscriptions/subscriptions.routes';
import { clinicRoutes } from './modules/clinics/clinics.routes';
import { doctorRoutes } from './modules/doctors/doctors.routes';
import { callSettingsRoutes } from './modules/call-settings/call-settings.routes';
import { leaveRoutes } from './modules/leave/leave.routes';
import { bookingRoutes } from './modules/booking/booking.routes';
import { directoryRoutes } from './modules/directory/directory.routes';
import { repProfileRoutes } from './modules/rep-profile/rep-profile.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { privacyRoutes } from './modules/privacy/privacy.routes';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { jobRoutes } from './jobs/jobs.routes';
import { checkInRoutes } from './modules/visits/check-in.routes';
import { receiptRoutes } from './modules/visits/receipts.routes';
import { visitHistoryRoutes } from './modules/visits/visit-history.routes';
import { visitStatusRoutes } from './modules/visits/visit-status.routes';
import { waitlistRoutes } from './modules/waitlist/waitlist.routes';
import { accountLanguageRoutes } from './modules/account/account-language.routes';
import { clinicTeamRoutes } from './modules/clinic-team/team.routes';
import { clinicActivityRoutes } from './modules/clinic-activity/activity.routes';
import { doctorConsoleRoutes } from './modules/doctor-console/doctor-console.routes';
import { liveQueueRoutes } from './modules/live-queue/live-queue.routes';
import { companyRoutes } from './modules/companies/companies.routes';

import type { AppKeys, Clock } from './deps';

export type { Clock } from './deps';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    clock: Clock;
    outbox: Outbox;
    /** Per-app state, made here once per built app (docs/decisions/063): the app's keys (Deps), and the password throttle. */
    keys: AppKeys;
    loginThrottle: LoginThrottle;
    /** Delivers the outbox; tests drain it to read what was sent. */
    outboxWorker: OutboxWorker;
    /** Every route registered (method and url), for the security tests' route tables. */
    routeList: RouteEntry[];
  }
}

/** A registered route and the status codes (or ranges) its declared response schema covers. */
export interface RouteEntry {
  method: string;
  url: string;
  responses: string[];
  /** The names of the query-string fields its schema declares (the hostile-input suite sends each one). */
  query: string[];
}

/** The field names of a route's querystring schema: a zod object, refined or not. */
const queryFields = (schema: unknown): string[] => {
  const shape = (schema as { shape?: unknown } | undefined)?.shape;
  return shape !== null && typeof shape === 'object' ? Object.keys(shape) : [];
};

export interface BuildAppOptions {
  config: Config;
  /** An open database; when absent one is opened from the config and migrated. */
  database?: Database;
  clock?: Clock;
  /** Where the built client lives; defaults to dist/client. */
  clientDir?: string;
  /** Where log lines go (default stdout); the log-secrecy test reads them. */
  logStream?: NodeJS.WritableStream;
}

// Every area registers its routes here, explicitly (ARCHITECTURE: app.ts).
const modules: Array<(app: FastifyInstance) => Promise<void>> = [
  healthRoutes,
  clinicRoutes,
  doctorRoutes,
  callSettingsRoutes,
  leaveRoutes,
  subscriptionRoutes,
  authRoutes,
  directoryRoutes,
  bookingRoutes,
  repProfileRoutes,
  adminRoutes,
  notificationRoutes,
  jobRoutes,
  privacyRoutes,
  checkInRoutes,
  receiptRoutes,
  visitHistoryRoutes,
  visitStatusRoutes,
  waitlistRoutes,
  whatsappRoutes,
  accountLanguageRoutes,
  clinicTeamRoutes,
  clinicActivityRoutes,
  doctorConsoleRoutes,
  liveQueueRoutes,
  companyRoutes,
];

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      // No secret in logs (ARCHITECTURE rule 10): cookies and auth headers are never written.
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      ...(opts.logStream ? { stream: opts.logStream } : {}),
      serializers: {
        req: (req: FastifyRequest) => ({ method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip }),
      },
    },
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 1_048_576,
    clientErrorHandler: answerClientError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  const database =
    opts.database ??
    (await openDatabase({
      ...databaseOptionsOf(config),
      // Read caches are bypassed until it is back (cache/cache-bus.ts); one line a try while the database is away.
      onListenError: (err) => app.log.warn({ err }, 'cache change feed lost; reconnecting'),
    }));
  if (!opts.database) await migrateDatabase(database);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('clock', opts.clock ?? { now: () => new Date() });
  app.decorate('outbox', createOutbox({ clock: app.clock, deadlineMs: config.OUTBOX_DEADLINE_HOURS * 3_600_000 }));
  app.decorate('keys', createAppKeys(app));
  const email = createEmailChannel({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: app.log });
  const worker = new OutboxWorker({
    db: database.db,
    clock: app.clock,
    log: app.log,
    channels: {
      email: (row) => email.deliver(row),
      push: (row) => deliverPush(app, row),
      whatsapp: createWhatsAppChannel({
        apiUrl: config.WHATSAPP_API_URL,
        phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID,
        token: config.WHATSAPP_TOKEN,
        log: app.log,
        isStillWanted: (row) => isWhatsAppMessageStillWanted(app, row),
      }),
    },
    probeEmail: () => email.probe(),
    beforePass: () => expandEmailJobs(app),
    pollMs: config.OUTBOX_POLL_MS,
    concurrency: config.OUTBOX_CONCURRENCY,
    claimMs: config.OUTBOX_CLAIM_MS,
    probeEveryMs: config.OUTBOX_PROBE_MS,
  });
  app.decorate('outboxWorker', worker);
  // Woken by the writes that queue messages, here and on every instance (docs/decisions/078-outbox-wake.md).
  const stopWaking = database.caches.onSignal(cacheKey.outboxQueued(), () => worker.wake());
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => {
    // Deliveries under way finish; what is queued stays queued for the next start or another instance.
    stopWaking();
    await worker.stop();
    email.close();
    if (!opts.database) await database.close();
  });

  const routeList: RouteEntry[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (r) => {
    const responses = r.schema?.response ? Object.keys(r.schema.response) : [];
    const query = queryFields(r.schema?.querystring);
    for (const method of [r.method].flat()) if (method !== 'HEAD') routeList.push({ method, url: r.url, responses, query });
  });

  // Before the routes: the metrics hook counts every one of them (docs/decisions/059).
  registerMetrics(app);
  registerDrain(app);
  registerErrorHandler(app);
  registerRetryAfter(app);
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    // On PostgreSQL the counters are shared by every instance (decision 012); embedded: in this process's memory.
    ...(database.kind === 'postgres' ? { store: postgresRateLimitStore(database.db) as never } : {}),
    // Thrown by the limiter and answered by the error handler, in the caller's language (plugins/locale.ts).
    errorResponseBuilder: (_req, ctx) =>
      new AppError(
        'rate_limited',
        /*i18n*/ '{seconds, plural, one {Too many attempts. Please try again in {seconds} second.} other {Too many attempts. Please try again in {seconds} seconds.}}',
        ctx.statusCode,
        {},
        { seconds: Math.ceil(ctx.ttl / 1000) },
      ),
  });
  // After the rate limiter, whose limiters it is made of.
  app.decorate('loginThrottle', createLoginThrottle(app));
  await registerSecurity(app);
  registerAuth(app);
  registerLocale(app);
  for (const mod of modules) await app.register(mod);

  registerClient(app, opts.clientDir ?? defaultClientDir);
  return app;
}

/** The built PWA: pre-rendered public pages, an SPA fallback for the rest; unknown /api paths are a JSON 404 (STACK.md gotcha). */
function registerClient(app: FastifyInstance, clientDir: string): void {
  const hasClient = existsSync(`${clientDir}/index.html`);
  if (hasClient) {
    app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      // '/' is the pre-rendered landing page (client-shell.ts), not index.html, the empty app shell.
      index: false,
      // The build writes .br and .gz twins of its text files (build/vite-precompress.ts).
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, path) {
        // Hashed assets never change; the shell and the service worker must be revalidated.
        res.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    registerPrerenderedPages(app, clientDir);
  }
  app.setNotFoundHandler((request, reply) => {
    // Judged on the decoded path, as the router reads it (/%61pi/x is an API path; docs/decisions/029).
    if (isApiRequest(request) || !['GET', 'HEAD'].includes(request.method)) {
      const path = requestPath(request.url);
      return reply
        .status(404)
        .send(answerWithMessage(/*i18n*/ { id: 'No such endpoint: {method} {path}', values: { method: request.method, path } }, { code: 'not_found' }));
    }
    if (!hasClient) return reply.status(404).type('text/plain').send('The client is not built. Run `npm run build`.');
    // A page the client router does not have is a 404 with the not-found page (decision 037).
    return isClientRoutePath(requestPath(request.url)) ? sendAppShell(reply) : sendNotFoundPage(reply, clientDir);
  });
}
