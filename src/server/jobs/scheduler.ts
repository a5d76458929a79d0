import { Cron } from 'croner';
import type { FastifyInstance } from 'fastify';
import { JOBS, JOB_TIMEZONE } from './job-catalogue';

// Starts the schedules (issue 11). Only main.ts calls this: tests run the jobs directly with their clock, so
// no timer runs in a test. Every instance may run it: the job runner's advisory lock and the reminders_sent
// claims make a job do its work once (docs/decisions/jobs-advisory-locks.md). Closing the app stops the
// timers and waits for a run in progress.

export function startScheduler(app: FastifyInstance): void {
  if (!app.config.JOBS_ENABLED) {
    app.log.info('scheduled jobs are off (JOBS_ENABLED=false)');
    return;
  }
  const running = new Set<Promise<unknown>>();
  const crons = JOBS.map(
    (job) =>
      new Cron(job.cron, { name: job.name, timezone: JOB_TIMEZONE, protect: true }, async () => {
        const run = job.run({ app, now: app.clock.now() }).catch((err: unknown) => app.log.error({ err, job: job.name }, 'job crashed'));
        running.add(run);
        try {
          await run;
        } finally {
          running.delete(run);
        }
      }),
  );
  app.addHook('onClose', async () => {
    for (const cron of crons) cron.stop();
    await Promise.allSettled([...running]);
  });
  app.log.info({ jobs: JOBS.map((j) => `${j.name} (${j.schedule})`) }, 'scheduled jobs started');
}
