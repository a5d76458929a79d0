import { sweepWaitlist } from '../modules/booking/waitlist-offers.service';
import { runJob, type JobOptions, type JobOutcome } from './job-runner';

// Every minute (docs/decisions/043): offers whose hold ran out pass to the next rep in line, and the lines of days gone
// close. Idempotent: a second run in the same minute finds nothing left. A run that changed nothing keeps no job_runs
// row of its own but updates the job's one idle row (keepIdleRuns: false, docs/decisions/056): the admin sees when it
// last ran, and the history grows with the work done, not with the clock.

export async function runWaitlistSweep({ app, now }: JobOptions): Promise<JobOutcome> {
  return runJob({
    app,
    name: 'waitlist-sweep',
    now,
    keepIdleRuns: false,
    // The calendars of the days whose held slot moved or freed are named by the waitlist's repo writers.
    prepare: (tx) => sweepWaitlist(app, tx, { now }),
    countsOf: (counts) => counts,
  });
}
