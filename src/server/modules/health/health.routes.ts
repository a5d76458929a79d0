import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  // issue 2: 200 { status: 'healthy' } when the database answers, 503 otherwise.
  app.get('/api/health', async (_request, reply) => {
    const ok = await app.database.ping();
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'healthy' : 'critical', database: app.database.kind });
  });
}
