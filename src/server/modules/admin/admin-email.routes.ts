import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkEmailQueuedResponseSchema,
  bulkEmailSchema,
  emailJobSchema,
  emailLogsResponseSchema,
  emailRecipientsResponseSchema,
  emailStatsSchema,
  reregistrationResponseSchema,
  reregistrationSchema,
} from '../../../shared/schemas/admin';
import { errorResponses } from '../../../shared/schemas/common';
import { requireUser } from '../../plugins/auth';
import { originOf } from '../../plugins/security';
import { getEmailJob, getEmailStats, listEmailLogs, queueBulkEmail, sendReregistrationEmails } from './admin-email.service';
import { listEmailRecipients } from './admin-users.service';
import { EmailJobStore } from './email-jobs';

// The admin e-mail calls (spec part 2, 2.5 (b), 2.6 and 7). Registered by adminRoutes.

/** The one error shape (ARCHITECTURE rule 4) for every failure of these calls. */

const jobParams = z.object({ jobId: z.uuid('Email job not found') });

export async function adminEmailRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const adminOnly = { onRequest: requireUser(['admin']) }; // before body validation: no session, no hints
  const jobs = new EmailJobStore();

  app.post(
    '/api/admin/send-reregistration-emails',
    { ...adminOnly, schema: { body: reregistrationSchema, response: { 200: reregistrationResponseSchema, ...errorResponses } } },
    async (request) => sendReregistrationEmails(app, { input: request.body, origin: originOf(request) }),
  );
  app.get(
    '/api/admin/medical-reps-with-subscription',
    { ...adminOnly, schema: { response: { 200: emailRecipientsResponseSchema, ...errorResponses } } },
    async () => ({
      medicalReps: await listEmailRecipients(app),
    }),
  );
  app.post(
    '/api/admin/send-bulk-email',
    { ...adminOnly, schema: { body: bulkEmailSchema, response: { 202: bulkEmailQueuedResponseSchema, ...errorResponses } } },
    async (request, reply) => reply.status(202).send(await queueBulkEmail(app, { jobs, input: request.body, origin: originOf(request) })),
  );
  app.get(
    '/api/admin/email-jobs/:jobId',
    { ...adminOnly, schema: { params: jobParams, response: { 200: emailJobSchema, ...errorResponses } } },
    async (request) => getEmailJob({ jobs }, { jobId: request.params.jobId }),
  );
  app.get('/api/admin/email-audit-logs', { ...adminOnly, schema: { response: { 200: emailLogsResponseSchema, ...errorResponses } } }, async () => ({
    logs: await listEmailLogs(app),
  }));
  app.get('/api/admin/email-stats', { ...adminOnly, schema: { response: { 200: emailStatsSchema, ...errorResponses } } }, async () => getEmailStats(app));
}
