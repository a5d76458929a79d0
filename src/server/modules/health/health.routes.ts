import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_MESSAGES } from '../../../shared/errors';
import { errorResponses } from '../../../shared/schemas/common';
import { healthResponseSchema, healthUnavailableResponseSchema } from '../../../shared/schemas/health';

export async function healthRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // 200 { status: 'healthy' } when the database answers, 503 'critical' otherwise: PostgreSQL's ping is bounded by
  // the database timeouts (db/pg-pool.ts), so a hung database is a 503 within them, not a request that never ends.
  app.get(
    '/api/health',
    { schema: { response: { 200: healthResponseSchema, 503: healthUnavailableResponseSchema, ...errorResponses } } },
    async (_request, reply) => {
      const database = app.database.kind;
      if (await app.database.ping()) return reply.status(200).send({ status: 'healthy', database });
      return reply.status(503).send({ status: 'critical', database, message: ERROR_MESSAGES.service_unavailable, code: 'service_unavailable' });
    },
  );
}
