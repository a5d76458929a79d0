import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, requireClinicRole, requireUser } from '../../plugins/auth';
import { CLINIC_ROLES_MAY } from '../../../shared/schemas/clinic-team';
import { errorResponses } from '../../../shared/schemas/common';
import { clinicVisitsQuerySchema, clinicVisitsResponseSchema, repVisitsQuerySchema, repVisitsResponseSchema } from '../../../shared/schemas/visits';
import { exportClinicVisitsCsv, exportRepVisitsCsv, listClinicVisits, listRepVisits } from './visit-history.service';

// The visit histories (docs/decisions/041-visit-outcomes-and-proof.md): the rep's (and its call report) and the
// clinic's, each as JSON and as a CSV file streamed as it is read.

export async function visitHistoryRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const rep = requireUser(['medrep']);
  // The clinic's visitors: every role of it, reception too (docs/decisions/072-clinic-team.md).
  const clinic = requireClinicRole(CLINIC_ROLES_MAY.runTheDay);

  /** A text/csv download written while the rows are read; a failure part-way cuts it short. */
  const sendCsv = (reply: FastifyReply, name: string, file: { from: string; to: string; chunks: AsyncIterable<string> }) =>
    reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="repvisit-${name}-${file.from}-to-${file.to}.csv"`)
      .send(Readable.from(file.chunks, { objectMode: false }));

  app.get(
    '/api/rep-visits',
    { preHandler: rep, schema: { querystring: repVisitsQuerySchema, response: { 200: repVisitsResponseSchema, ...errorResponses } } },
    async (request) => listRepVisits(app, { repId: (await actorOf(request)).id, query: request.query }),
  );
  app.get('/api/rep-visits.csv', { preHandler: rep, schema: { querystring: repVisitsQuerySchema, response: errorResponses } }, async (request, reply) =>
    sendCsv(reply, 'call-report', await exportRepVisitsCsv(app, { repId: (await actorOf(request)).id, query: request.query })),
  );

  app.get(
    '/api/clinic/visits',
    { preHandler: clinic, schema: { querystring: clinicVisitsQuerySchema, response: { 200: clinicVisitsResponseSchema, ...errorResponses } } },
    async (request) => listClinicVisits(app, { actor: await actorOf(request), query: request.query }),
  );
  app.get(
    '/api/clinic/visits.csv',
    { preHandler: clinic, schema: { querystring: clinicVisitsQuerySchema, response: errorResponses } },
    async (request, reply) => sendCsv(reply, 'visits', await exportClinicVisitsCsv(app, { actor: await actorOf(request), query: request.query })),
  );
}
