import { runClinicMorningList } from './clinic-morning-list.job';
import { runEveningReminders } from './evening-reminders.job';
import type { JobName, JobOptions, JobOutcome } from './job-runner';
import { runNightlyBackup } from './nightly-backup.job';
import { runNightlyPurge } from './nightly-purge.job';
import { runRenewalReminders } from './renewal-reminders.job';
import { runVisitClose } from './visit-close.job';
import { runWaitlistSweep } from './waitlist-sweep.job';

// The scheduled jobs (decision 011), their times in India (cron, Asia/Kolkata) and how the admin reads them.

export interface JobDefinition {
  name: JobName;
  cron: string;
  schedule: string;
  /** How late a missed occurrence may still run when an instance starts (the server was down at that time). */
  catchUpHours: number;
  run: (o: JobOptions) => Promise<JobOutcome>;
}

export const JOB_TIMEZONE = 'Asia/Kolkata';

export const JOBS: JobDefinition[] = [
  // Just after midnight, so yesterday's checked-in visits read 'completed' from the start of the day (decision 041).
  { name: 'visit-close', cron: '10 0 * * *', schedule: 'Daily at 00:10 IST', catchUpHours: 20, run: runVisitClose },
  { name: 'nightly-purge', cron: '0 2 * * *', schedule: 'Daily at 02:00 IST', catchUpHours: 20, run: runNightlyPurge },
  // After the purge, so the backup holds what is kept (docs/decisions/060); embedded database only.
  { name: 'nightly-backup', cron: '30 2 * * *', schedule: 'Daily at 02:30 IST', catchUpHours: 20, run: runNightlyBackup },
  { name: 'clinic-morning-list', cron: '0 7 * * *', schedule: 'Daily at 07:00 IST', catchUpHours: 4, run: runClinicMorningList },
  { name: 'renewal-reminders', cron: '0 9 * * *', schedule: 'Daily at 09:00 IST', catchUpHours: 12, run: runRenewalReminders },
  { name: 'evening-reminders', cron: '0 18 * * *', schedule: 'Daily at 18:00 IST', catchUpHours: 5, run: runEveningReminders },
  // Passes a waitlist offer whose hold ran out to the next rep in line (docs/decisions/043); at start, once.
  { name: 'waitlist-sweep', cron: '* * * * *', schedule: 'Every minute', catchUpHours: 1, run: runWaitlistSweep },
];
