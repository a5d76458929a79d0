import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bulkEmailSchema, reregistrationSchema } from '../../../shared/schemas/admin';
import { requireUser } from '../../plugins/auth';
import { getEmailJob, getEmailStats, listEmailLogs, queueBulkEmail, sendReregistrationEmails } from './admin-email.service';
import { listEmailRecipients } from './admin-users.service';
import { EmailJobStore } from './email-jobs';

// The admin e-mail calls (spec part 2, 2.5 (b), 2.6 and 7; issue 7). Registered by adminRoutes.

const jobParams = z.object({ jobId: z.uuid('Email job not found') });

export async function adminEmailRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const adminOnly = { onRequest: requireUser(['admin']) }; // before body validation: no session, no hints
  const jobs = new EmailJobStore();

  app.post('/api/admin/send-reregistration-emails', { ...adminOnly, schema: { body: reregistrationSchema } }, async (request) =>
    sendReregistrationEmails({ app, request }, request.body),
  );
  app.get('/api/admin/medical-reps-with-subscription', adminOnly, async () => ({ medicalReps: await listEmailRecipients(app) }));
  app.post('/api/admin/send-bulk-email', { ...adminOnly, schema: { body: bulkEmailSchema } }, async (request, reply) =>
    reply.status(202).send(await queueBulkEmail({ app, request }, jobs, request.body)),
  );
  app.get('/api/admin/email-jobs/:jobId', { ...adminOnly, schema: { params: jobParams } }, async (request) => getEmailJob(jobs, request.params.jobId));
  app.get('/api/admin/email-audit-logs', adminOnly, async () => ({ logs: await listEmailLogs(app) }));
  app.get('/api/admin/email-stats', adminOnly, async () => getEmailStats(app));
}
