import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { ERROR_MESSAGES } from '../../shared/errors';
import { AppError } from '../errors';
import { backupDirOf } from '../ops/backup';
import { createMetrics, UNMATCHED_ROUTE, type AppMetrics } from './metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Prometheus metrics, or null when they are off (no METRICS_TOKEN, no METRICS_PORT: docs/decisions/059). */
    metrics: AppMetrics | null;
  }
}

/**
 * GET /metrics (docs/decisions/059-metrics-and-health.md). Off unless METRICS_TOKEN or METRICS_PORT is set: then no
 * registry, no hook, and /metrics is a 404 like any unknown path. With METRICS_TOKEN it is a route of the app that
 * wants `Authorization: Bearer <token>`; with METRICS_PORT a listener of its own on 127.0.0.1, which needs no token
 * (only this host reaches it). Call before the routes are registered: the hook counts every route.
 */
export function registerMetrics(app: FastifyInstance): void {
  const { METRICS_TOKEN: token, METRICS_PORT: port } = app.config;
  if (!token && port === undefined) {
    app.decorate('metrics', null);
    return;
  }
  const metrics = createMetrics({
    database: app.database,
    clock: app.clock,
    onScrapeError: (err) => app.log.warn({ err }, 'metrics: outbox backlog or backups not read'),
    ...(app.database.kind === 'pglite' ? { backupDir: backupDirOf(app.config) } : {}),
  });
  app.decorate('metrics', metrics);

  // The request path's whole cost: a counter and a histogram, by the route's template (an unknown path is one label).
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request.method, request.routeOptions.url ?? UNMATCHED_ROUTE, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  if (token) {
    const expected = digest(token);
    app.get('/metrics', async (request, reply) => {
      const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
      // Compared as digests of equal length, in constant time: the answer's timing tells nothing of the token.
      if (!given || !timingSafeEqual(digest(given), expected)) {
        throw new AppError('metrics_token_required', ERROR_MESSAGES.metrics_token_required, 401, { 'www-authenticate': 'Bearer realm="metrics"' });
      }
      return reply
        .type(metrics.registry.contentType)
        .header('cache-control', 'no-store')
        .send(await metrics.registry.metrics());
    });
  }

  if (port !== undefined) {
    let server: Server | undefined;
    app.addHook('onReady', async () => {
      server = createServer((req, res) => {
        if (req.method !== 'GET' || new URL(req.url ?? '/', 'http://127.0.0.1').pathname !== '/metrics') {
          res
            .writeHead(404, { 'content-type': 'application/json; charset=utf-8' })
            .end(JSON.stringify({ message: ERROR_MESSAGES.not_found, code: 'not_found' }));
          return;
        }
        metrics.registry.metrics().then(
          (body) => res.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' }).end(body),
          (err: unknown) => {
            app.log.error({ err }, 'metrics: scrape failed');
            res
              .writeHead(500, { 'content-type': 'application/json; charset=utf-8' })
              .end(JSON.stringify({ message: ERROR_MESSAGES.internal, code: 'internal' }));
          },
        );
      });
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, '127.0.0.1', () => resolve());
      });
      app.log.info({ port }, 'metrics listening on 127.0.0.1');
    });
    app.addHook('onClose', async () => {
      const listening = server;
      if (!listening) return;
      listening.closeAllConnections();
      await new Promise<void>((resolve) => listening.close(() => resolve()));
    });
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();
