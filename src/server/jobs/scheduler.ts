import { Cron } from 'croner';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { jobRuns } from '../db/schema';
import { JOBS, JOB_TIMEZONE, type JobDefinition } from './job-catalogue';

// Starts the schedules. Only main.ts calls this: tests run the jobs directly with their clock, so
// no timer runs in a test. Every instance may run it: the job runner's advisory lock and the reminders_sent
// claims make a job do its work once (docs/decisions/011-jobs-advisory-locks.md). At start, an occurrence missed
// while no instance was up runs once if it is still recent enough (catchUpHours). Closing the app stops the
// timers and waits for a run in progress.

/** The occurrence to catch up at `now`, if the last one has no run and is at most catchUpHours old. */
export function missedOccurrence(o: { previous: Date | null; lastRunAt: Date | null; now: Date; catchUpHours: number }): Date | null {
  if (!o.previous) return null;
  if (o.now.getTime() - o.previous.getTime() > o.catchUpHours * 3_600_000) return null;
  if (o.lastRunAt && o.lastRunAt.getTime() >= o.previous.getTime()) return null;
  return o.previous;
}

export function startScheduler(app: FastifyInstance): void {
  if (!app.config.JOBS_ENABLED) {
    app.log.info('scheduled jobs are off (JOBS_ENABLED=false)');
    return;
  }
  const running = new Set<Promise<unknown>>();
  const track = (job: JobDefinition) => {
    const run = job.run({ app, now: app.clock.now() }).catch((err: unknown) => app.log.error({ err, job: job.name }, 'job crashed'));
    running.add(run);
    return run.finally(() => running.delete(run));
  };
  const crons = JOBS.map(
    (job) =>
      new Cron(job.cron, { name: job.name, timezone: JOB_TIMEZONE, protect: true }, async () => {
        await track(job);
      }),
  );
  app.addHook('onClose', async () => {
    for (const cron of crons) cron.stop();
    await Promise.allSettled([...running]);
  });
  app.addHook('onReady', async () => {
    void catchUp(app, crons, track);
  });
  app.log.info({ jobs: JOBS.map((j) => `${j.name} (${j.schedule})`) }, 'scheduled jobs started');
}

async function catchUp(app: FastifyInstance, crons: Cron[], track: (job: JobDefinition) => Promise<unknown>): Promise<void> {
  try {
    const now = app.clock.now();
    for (const [i, job] of JOBS.entries()) {
      const [last] = await app.db
        .select({ startedAt: jobRuns.startedAt })
        .from(jobRuns)
        .where(and(eq(jobRuns.name, job.name), inArray(jobRuns.status, ['running', 'succeeded', 'failed'])))
        .orderBy(desc(jobRuns.startedAt))
        .limit(1);
      const previous = crons[i]!.previousRuns(1, now)[0] ?? null;
      const missed = missedOccurrence({ previous, lastRunAt: last?.startedAt ?? null, now, catchUpHours: job.catchUpHours });
      if (missed) {
        app.log.info({ job: job.name, missed: missed.toISOString() }, 'running a missed job');
        await track(job);
      }
    }
  } catch (err) {
    app.log.error({ err }, 'job catch-up failed');
  }
}
