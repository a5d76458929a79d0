import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../shared/schemas/common';
import { jobsResponseSchema, retentionResponseSchema } from '../../shared/schemas/jobs';
import { requireUser } from '../plugins/auth';
import { listJobs } from './job-status.service';

// The admin sees each job's last run; the privacy page reads the retention period in force.

export async function jobRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/api/admin/jobs', { schema: { response: { 200: jobsResponseSchema, ...errorResponses } }, preHandler: requireUser(['admin']) }, async () =>
    listJobs(app),
  );

  app.get('/api/legal/retention', { schema: { response: { 200: retentionResponseSchema, ...errorResponses } } }, async () => ({
    retentionDays: app.config.RETENTION_DAYS,
  }));
}
