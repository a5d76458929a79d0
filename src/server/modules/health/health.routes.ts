import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../shared/schemas/common';
import { healthResponseSchema } from '../../../shared/schemas/health';

export async function healthRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // 200 { status: 'healthy' } when the database answers, 503 'critical' otherwise.
  app.get('/api/health', { schema: { response: { 200: healthResponseSchema, 503: healthResponseSchema, ...errorResponses } } }, async (_request, reply) => {
    const ok = await app.database.ping();
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'healthy' : 'critical', database: app.database.kind });
  });
}
