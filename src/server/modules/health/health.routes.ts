import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_MESSAGES } from '../../../shared/errors';
import { errorResponses } from '../../../shared/schemas/common';
import { healthResponseSchema, healthUnavailableResponseSchema, livenessResponseSchema, type ReadinessCheck } from '../../../shared/schemas/health';
import { migrationsApplied } from '../../db/migrate';

// Liveness and readiness (docs/decisions/059-metrics-and-health.md). Liveness says only that the process answers: a
// restart is the cure for its failing, and a database outage is no reason to restart. Readiness says whether to send
// this instance requests: the database answers, its migrations are applied, the outbox worker runs, and it is not
// draining before a stop (plugins/drain.ts).
export async function healthRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Migrations are never undone: once applied, they are not asked again.
  let migrated = false;

  app.get('/api/health/live', { schema: { response: { 200: livenessResponseSchema, ...errorResponses } } }, async () => ({ status: 'ok' as const }));

  // 200 { status: 'healthy' } when ready, 503 'critical' (with what is not) or 'draining' otherwise. PostgreSQL's ping
  // is bounded by the database timeouts (db/pg-pool.ts), so a hung database is a 503 within them, not a request that
  // never ends.
  app.get(
    '/api/health',
    { schema: { response: { 200: healthResponseSchema, 503: healthUnavailableResponseSchema, ...errorResponses } } },
    async (_request, reply) => {
      const database = app.database.kind;
      const unavailable = { message: ERROR_MESSAGES.service_unavailable, code: 'service_unavailable' as const };
      if (app.drain.draining) return reply.status(503).send({ status: 'draining', database, notReady: [], ...unavailable });
      const notReady: ReadinessCheck[] = [];
      if (!(await app.database.ping())) notReady.push('database');
      else if (!migrated && !(migrated = await migrationsApplied(app.database))) notReady.push('migrations');
      if (!app.outboxWorker.running) notReady.push('outbox');
      if (notReady.length === 0) return reply.status(200).send({ status: 'healthy', database });
      return reply.status(503).send({ status: 'critical', database, notReady, ...unavailable });
    },
  );
}
