import { desc, eq, ne, and } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { jobRuns } from '../db/schema';
import { requireUser } from '../plugins/auth';
import type { JobRunView, JobsResponse, RetentionResponse } from '../../shared/schemas/notifications';
import { JOBS } from './job-catalogue';

// issue 11: the admin sees each job's last run; the privacy page reads the retention period in force.

export async function jobRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/admin/jobs', { preHandler: requireUser(['admin']) }, async (): Promise<JobsResponse> => {
    const jobs = await Promise.all(
      JOBS.map(async (job) => {
        const [last] = await app.db
          .select()
          .from(jobRuns)
          .where(and(eq(jobRuns.name, job.name), ne(jobRuns.status, 'skipped')))
          .orderBy(desc(jobRuns.startedAt), desc(jobRuns.id))
          .limit(1);
        const lastRun: JobRunView | null = last
          ? {
              startedAt: last.startedAt.toISOString(),
              finishedAt: last.finishedAt?.toISOString() ?? null,
              status: last.status as JobRunView['status'],
              counts: last.counts ?? null,
              error: last.error,
            }
          : null;
        return { name: job.name, schedule: job.schedule, lastRun };
      }),
    );
    return { jobs };
  });

  app.get('/api/legal/retention', async (): Promise<RetentionResponse> => ({ retentionDays: app.config.RETENTION_DAYS }));
}
