import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { todayInIndia } from '../../../shared/dates';
import {
  adminAppointmentsFilterSchema,
  adminAppointmentsQuerySchema,
  adminAppointmentsResponseSchema,
  adminDoctorsFilterSchema,
  adminDoctorsQuerySchema,
  adminDoctorsResponseSchema,
  adminSubscriptionsFilterSchema,
  adminSubscriptionsQuerySchema,
  adminSubscriptionsResponseSchema,
  adminUsersFilterSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
} from '../../../shared/schemas/admin';
import { errorResponses } from '../../../shared/schemas/common';
import { adminOf, requireUser } from '../../plugins/auth';
import { originOf } from '../../plugins/security';
import { recordAdminActAlone } from './admin-audit.service';
import { exportAppointmentsCsv, exportDoctorsCsv, exportSubscriptionsCsv, exportUsersCsv } from './admin-export.service';
import { listAppointments, listDoctors, listSubscriptions, listUsers } from './admin-lists.service';

// The admin dashboard's lists (spec part 2, 2.5; docs/decisions/022): a page at a time with the screens' filters,
// and each as a CSV file of everything the same filters match, streamed as it is read.

export async function adminListsRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const adminOnly = { onRequest: requireUser(['admin']) };

  /**
   * A text/csv answer written while the rows are read; a failure part-way cuts the download short. An export of
   * personal data is an admin act: its audit row names the list and the filters (docs/decisions/042-admin-team.md).
   */
  const sendCsv = async (request: FastifyRequest, reply: FastifyReply, name: string, chunks: AsyncIterable<string>) => {
    await recordAdminActAlone(app, {
      actor: await adminOf(request),
      action: 'data_exported',
      target: `export:${name}`,
      origin: originOf(request),
      at: app.clock.now(),
      details: { filters: request.query as Record<string, unknown> },
    });
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="repvisit-${name}-${todayInIndia(app.clock.now())}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(Readable.from(chunks, { objectMode: false }));
  };

  app.get(
    '/api/admin/users',
    { ...adminOnly, schema: { querystring: adminUsersQuerySchema, response: { 200: adminUsersResponseSchema, ...errorResponses } } },
    async (request) => listUsers(app, request.query),
  );
  app.get('/api/admin/users.csv', { ...adminOnly, schema: { querystring: adminUsersFilterSchema, response: errorResponses } }, async (request, reply) =>
    sendCsv(
      request,
      reply,
      request.query.type ? { clinic: 'clinics', medrep: 'medical-reps', company: 'companies' }[request.query.type] : 'users',
      exportUsersCsv(app, request.query),
    ),
  );

  app.get(
    '/api/admin/subscriptions',
    { ...adminOnly, schema: { querystring: adminSubscriptionsQuerySchema, response: { 200: adminSubscriptionsResponseSchema, ...errorResponses } } },
    async (request) => listSubscriptions(app, request.query),
  );
  app.get(
    '/api/admin/subscriptions.csv',
    { ...adminOnly, schema: { querystring: adminSubscriptionsFilterSchema, response: errorResponses } },
    async (request, reply) => sendCsv(request, reply, 'subscriptions', exportSubscriptionsCsv(app, request.query)),
  );

  app.get(
    '/api/admin/doctors',
    { ...adminOnly, schema: { querystring: adminDoctorsQuerySchema, response: { 200: adminDoctorsResponseSchema, ...errorResponses } } },
    async (request) => listDoctors(app, request.query),
  );
  app.get('/api/admin/doctors.csv', { ...adminOnly, schema: { querystring: adminDoctorsFilterSchema, response: errorResponses } }, async (request, reply) =>
    sendCsv(request, reply, 'doctors', exportDoctorsCsv(app, request.query)),
  );

  app.get(
    '/api/admin/appointments',
    { ...adminOnly, schema: { querystring: adminAppointmentsQuerySchema, response: { 200: adminAppointmentsResponseSchema, ...errorResponses } } },
    async (request) => listAppointments(app, request.query),
  );
  app.get(
    '/api/admin/appointments.csv',
    { ...adminOnly, schema: { querystring: adminAppointmentsFilterSchema, response: errorResponses } },
    async (request, reply) => sendCsv(request, reply, 'appointments', exportAppointmentsCsv(app, request.query)),
  );
}
