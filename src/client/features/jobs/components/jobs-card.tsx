import { Clock } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import type { JobView } from '../../../../shared/schemas/notifications';
import { useJobs } from '../api/get-jobs';
import { i18n, useI18n } from '../../../lib/i18n';
import { formatBytes, formatDateTime, formatNumber } from '../../../lib/intl-format';

// Decision 011: the admin sees each scheduled job's last run (when, result, counts, error). Mount it on the admin
// dashboard (for example the Analytics tab); it needs an admin session.

const JOB_LABELS: Record<string, string> = {
  'visit-close': /*i18n*/ 'End of day: checked-in visits completed',
  'nightly-purge': /*i18n*/ 'Nightly data purge',
  // The embedded database only (docs/decisions/060); on PostgreSQL it never runs.
  'nightly-backup': /*i18n*/ 'Nightly backup',
  'clinic-morning-list': /*i18n*/ "Clinics' morning visitor list",
  'renewal-reminders': /*i18n*/ 'Subscription renewal reminders',
  'evening-reminders': /*i18n*/ 'Evening-before visit reminders',
  // Runs every minute (docs/decisions/043); its last run is often an idle one, 'nothing to do' (docs/decisions/056).
  'waitlist-sweep': /*i18n*/ 'Waitlist: run-out offers passed on',
};

// A run's outcome as the badge shows it (decision 045: marked, translated where shown); an unknown one as it came.
const RUN_STATUS_LABELS: Record<string, string> = {
  succeeded: /*i18n*/ 'succeeded',
  failed: /*i18n*/ 'failed',
  running: /*i18n*/ 'running',
  skipped: /*i18n*/ 'skipped',
};

// What each job's run counted (the jobs' countsOf), in words; a counter not listed from its code name.
const COUNT_LABELS: Record<string, string> = {
  completed: /*i18n*/ 'visits completed: {count}',
  emailsQueued: /*i18n*/ 'e-mails queued: {count}',
  pushesQueued: /*i18n*/ 'pushes queued: {count}',
  whatsappQueued: /*i18n*/ 'WhatsApp messages queued: {count}',
  visitsOptedOut: /*i18n*/ 'visits not sent (turned off): {count}',
  optedOut: /*i18n*/ 'not sent (turned off): {count}',
  expiredPast: /*i18n*/ 'waitlist places of past days closed: {count}',
  expiredOffers: /*i18n*/ 'run-out offers: {count}',
  offered: /*i18n*/ 'places offered: {count}',
  appointments: /*i18n*/ 'old appointments: {count}',
  pushes: /*i18n*/ 'old pushes: {count}',
  emailJobs: /*i18n*/ 'old e-mail jobs: {count}',
  dayClosures: /*i18n*/ 'old day closures: {count}',
  absences: /*i18n*/ 'old absences: {count}',
  waitlistEntries: /*i18n*/ 'old waitlist entries: {count}',
  pendingRegistrations: /*i18n*/ 'unfinished registrations: {count}',
  expiredCodes: /*i18n*/ 'expired codes: {count}',
  resetTokens: /*i18n*/ 'expired reset links: {count}',
  sessions: /*i18n*/ 'expired sessions: {count}',
  idempotencyKeys: /*i18n*/ 'old request keys: {count}',
  reminderClaims: /*i18n*/ 'old reminder records: {count}',
  jobRuns: /*i18n*/ 'old job runs: {count}',
  rateLimitWindows: /*i18n*/ 'old rate-limit windows: {count}',
  adminAuditRows: /*i18n*/ 'old audit entries: {count}',
  clinicActivityRows: /*i18n*/ 'old clinic activity entries: {count}',
  backupsPruned: /*i18n*/ 'old backups deleted: {count}',
};

// A schedule as the server words it (src/server/jobs/job-catalogue.ts), in the language on screen.
function scheduleText(schedule: string): string {
  const daily = /^Daily at (\d{2}:\d{2}) IST$/.exec(schedule);
  if (daily) return i18n._('Daily at {time} IST', { time: daily[1] });
  return schedule === 'Every minute' ? i18n._('Every minute') : schedule;
}

function countsText(counts: Record<string, number> | null, locale: string): string {
  if (!counts) return '';
  const done = Object.entries(counts).filter(([, v]) => v > 0);
  if (done.length === 0) return i18n._('nothing to do');
  const label = (k: string, v: number) => {
    if (k === 'backupBytes') return i18n._('backup size: {size}', { size: formatBytes(v) });
    const words = COUNT_LABELS[k];
    return words ? i18n._(words, { count: formatNumber(v) }) : `${k.replace(/([A-Z])/g, ' $1').toLowerCase()}: ${formatNumber(v)}`;
  };
  // Urdu writes the Arabic comma (docs/decisions/052).
  return done.map(([k, v]) => label(k, v)).join(locale === 'ur' ? '، ' : ', ');
}

function JobRow({ job }: { job: JobView }) {
  const run = job.lastRun;
  const { locale } = useI18n();
  const label = JOB_LABELS[job.name];
  const runStatus = run ? RUN_STATUS_LABELS[run.status] : undefined;
  const tone = !run ? 'neutral' : run.status === 'succeeded' ? 'success' : run.status === 'failed' ? 'danger' : 'neutral';
  return (
    <li className="grid gap-1 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-medium">{label ? i18n._(label) : job.name}</span>
        <Badge tone={tone}>{run ? (runStatus ? i18n._(runStatus) : run.status) : i18n._('not run yet')}</Badge>
      </div>
      <span className="text-xs text-slate-500 dark:text-slate-400">{scheduleText(job.schedule)}</span>
      {run && (
        <span className="text-xs text-slate-600 dark:text-slate-300">
          {i18n._('Last run {when}', { when: formatDateTime(run.startedAt) })}
          {run.counts ? ` · ${countsText(run.counts, locale)}` : ''}
        </span>
      )}
      {run?.error && <span className="break-words text-xs text-red-700 dark:text-red-400">{i18n._('Error: {error}', { error: run.error })}</span>}
    </li>
  );
}

export function JobsCard() {
  useI18n();
  const jobs = useJobs();
  return (
    <Card>
      <h2 className="flex items-center gap-2 text-base font-semibold">
        <Clock className="h-4 w-4 text-slate-400" aria-hidden /> {i18n._('Scheduled jobs')}
      </h2>
      {jobs.isPending ? (
        <div className="py-3">
          <Spinner label={i18n._('Loading jobs...')} />
        </div>
      ) : jobs.isError ? (
        <p className="py-3 text-sm text-red-700 dark:text-red-400">{errorMessage(jobs.error, i18n._('Could not load the scheduled jobs.'))}</p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-200 dark:divide-slate-700">
          {jobs.data.jobs.map((job) => (
            <JobRow key={job.name} job={job} />
          ))}
        </ul>
      )}
    </Card>
  );
}
