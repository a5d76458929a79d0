import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkEmailQueuedResponseSchema,
  bulkEmailSchema,
  emailJobSchema,
  emailLogsQuerySchema,
  emailLogsResponseSchema,
  emailRetryResponseSchema,
  emailRecipientsQuerySchema,
  emailRecipientsResponseSchema,
  emailStatsSchema,
  pendingRepsResponseSchema,
  reregistrationResponseSchema,
  reregistrationSchema,
} from '../../../shared/schemas/admin';
import { errorResponses } from '../../../shared/schemas/common';
import { pageQuerySchema } from '../../../shared/schemas/pagination';
import { adminOf, requireUser } from '../../plugins/auth';
import { originOf } from '../../plugins/security';
import { listEmailLogs, listEmailRecipients, listPendingReps } from './admin-email-lists.service';
import { getEmailJob, queueBulkEmail, retryFailedJobEmails, sendReregistrationEmails } from './admin-email-jobs.service';
import { getEmailStats, retryFailedEmail } from './admin-email.service';

// The admin e-mail calls (spec part 2, 2.5 (b), 2.6 and 7). Registered by adminRoutes. The lists answer a page
// at a time (docs/decisions/022, 023).

/** The one error shape (ARCHITECTURE rule 4) for every failure of these calls. */

const jobParams = z.object({ jobId: z.uuid(/*i18n*/ 'Email job not found') });
const emailParams = z.object({ id: z.coerce.number().int().positive(/*i18n*/ 'Email not found') });

export async function adminEmailRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const adminOnly = { onRequest: requireUser(['admin']) }; // before body validation: no session, no hints

  app.get(
    '/api/admin/pending-medical-reps',
    { ...adminOnly, schema: { querystring: pageQuerySchema, response: { 200: pendingRepsResponseSchema, ...errorResponses } } },
    async (request) => listPendingReps(app, { query: request.query }),
  );
  app.post(
    '/api/admin/send-reregistration-emails',
    { ...adminOnly, schema: { body: reregistrationSchema, response: { 200: reregistrationResponseSchema, ...errorResponses } } },
    async (request) => sendReregistrationEmails(app, { actor: await adminOf(request), input: request.body, origin: originOf(request) }),
  );
  app.get(
    '/api/admin/medical-reps-with-subscription',
    { ...adminOnly, schema: { querystring: emailRecipientsQuerySchema, response: { 200: emailRecipientsResponseSchema, ...errorResponses } } },
    async (request) => listEmailRecipients(app, { query: request.query }),
  );
  app.post(
    '/api/admin/send-bulk-email',
    { ...adminOnly, schema: { body: bulkEmailSchema, response: { 202: bulkEmailQueuedResponseSchema, ...errorResponses } } },
    async (request, reply) =>
      reply.status(202).send(await queueBulkEmail(app, { actor: await adminOf(request), input: request.body, origin: originOf(request) })),
  );
  app.get(
    '/api/admin/email-jobs/:jobId',
    { ...adminOnly, schema: { params: jobParams, response: { 200: emailJobSchema, ...errorResponses } } },
    async (request) => getEmailJob(app, { jobId: request.params.jobId }),
  );
  app.post(
    '/api/admin/email-jobs/:jobId/retry-failed',
    { ...adminOnly, schema: { params: jobParams, response: { 200: emailRetryResponseSchema, ...errorResponses } } },
    async (request) => retryFailedJobEmails(app, { actor: await adminOf(request), jobId: request.params.jobId, origin: originOf(request) }),
  );
  app.get(
    '/api/admin/email-audit-logs',
    { ...adminOnly, schema: { querystring: emailLogsQuerySchema, response: { 200: emailLogsResponseSchema, ...errorResponses } } },
    async (request) => listEmailLogs(app, { query: request.query }),
  );
  app.post(
    '/api/admin/email-audit-logs/:id/retry',
    { ...adminOnly, schema: { params: emailParams, response: { 200: emailRetryResponseSchema, ...errorResponses } } },
    async (request) => retryFailedEmail(app, { actor: await adminOf(request), id: request.params.id, origin: originOf(request) }),
  );
  app.get('/api/admin/email-stats', { ...adminOnly, schema: { response: { 200: emailStatsSchema, ...errorResponses } } }, async () => getEmailStats(app));
}
