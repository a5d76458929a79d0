import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../shared/schemas/common';
import { backupStatusResponseSchema, jobsResponseSchema, retentionResponseSchema } from '../../shared/schemas/jobs';
import { backupStatus } from '../ops/backup-status.service';
import { requireUser } from '../plugins/auth';
import { listJobs } from './job-status.service';

// The admin sees each job's last run and the newest backup (docs/decisions/060); the privacy page reads the retention period in force.

export async function jobRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/api/admin/jobs', { schema: { response: { 200: jobsResponseSchema, ...errorResponses } }, preHandler: requireUser(['admin']) }, async () =>
    listJobs(app),
  );

  app.get(
    '/api/admin/backups',
    { schema: { response: { 200: backupStatusResponseSchema, ...errorResponses } }, preHandler: requireUser(['admin']) },
    async () => backupStatus({ config: app.config, clock: app.clock, database: app.database }),
  );

  app.get('/api/legal/retention', { schema: { response: { 200: retentionResponseSchema, ...errorResponses } } }, async () => ({
    retentionDays: app.config.RETENTION_DAYS,
  }));
}
