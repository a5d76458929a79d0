import { and, desc, eq, ne } from 'drizzle-orm';
import type { JobRunView, JobsResponse } from '../../shared/schemas/jobs';
import { jobRuns } from '../db/schema';
import type { Deps } from '../deps';
import { JOBS } from './job-catalogue';

/** Each scheduled job with its last run that did work (a run skipped because another instance had it is not one). */
export async function listJobs(deps: Pick<Deps, 'db'>): Promise<JobsResponse> {
  const jobs = await Promise.all(
    JOBS.map(async (job) => {
      const [last] = await deps.db
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
}
