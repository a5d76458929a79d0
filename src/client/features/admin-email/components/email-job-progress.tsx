import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Clock, RotateCw, WifiOff, XCircle } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useEmailJob } from '../api/use-email-job';
import { useRetryFailedJobEmails } from '../api/retry-failed-job-emails';
import { useI18n } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/intl-format';
import { adminEmailQueries } from '../api/keys';

/**
 * A bulk or re-registration send's progress bar (docs/decisions/028-outbox.md): sent, failed and pending counts,
 * polled until done. The job lives in the database and goes on across a server restart, so a poll that gets no answer
 * only adds a "reconnecting" note while the bar keeps its place (the job query of keys.ts). Once done, the failed e-mails can
 * be sent again, and the bar follows them. `what` names the e-mails in the closing toast ('Emails Sent'); `note` is the
 * server's word on what it queued ('3 re-registration emails queued for sending, 1 skipped ...'), kept in view.
 */
export function EmailJobProgress({ jobId, what, note }: { jobId: string; what: 'emails' | 're-registration'; note?: string }) {
  const { i18n } = useI18n();
  const job = useEmailJob(jobId);
  const retry = useRetryFailedJobEmails();
  const qc = useQueryClient();

  useEffect(() => {
    if (!job.data?.done) return;
    const { sent, failed } = job.data;
    toast({
      title:
        what === 'emails'
          ? failed
            ? i18n._('Emails Sent with Errors')
            : i18n._('Emails Sent')
          : failed
            ? i18n._('Re-registration Emails Sent with Errors')
            : i18n._('Re-registration Emails Sent'),
      description: failed
        ? i18n._('{sent} sent, {failed} failed. See Email History for details.', { sent: formatNumber(sent), failed: formatNumber(failed) })
        : i18n._('{sent} sent. See Email History for details.', { sent: formatNumber(sent) }),
      variant: failed ? 'destructive' : 'success',
    });
    void qc.invalidateQueries({ queryKey: adminEmailQueries.logsKey });
    void qc.invalidateQueries({ queryKey: adminEmailQueries.stats().queryKey });
    // Re-registration e-mails carry new codes: the pending list's code expiry moved.
    void qc.invalidateQueries({ queryKey: adminEmailQueries.pendingRepsKey });
  }, [job.data, qc, what, i18n]);

  if (job.isError)
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-300">
        {i18n._('The progress could not be read: {error}. See Email History for what was sent.', {
          error: errorMessage(job.error, i18n._('please try again')),
        })}
      </p>
    );
  const data = job.data;
  const total = data?.total ?? 0;
  const finished = data ? data.sent + data.failed : 0;
  const value = data?.done ? 100 : total > 0 ? Math.round((finished / total) * 100) : 0;
  const onRetry = () =>
    retry.mutate(jobId, {
      onSuccess: (r) => toast({ title: i18n._('Retrying Failed Emails'), description: r.message, variant: 'info' }),
      onError: (err) =>
        toast({ title: i18n._('Retry Failed'), description: errorMessage(err, i18n._('Could not queue the failed emails again.')), variant: 'destructive' }),
    });

  return (
    <div className="grid gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3 dark:border-slate-700 dark:bg-slate-900">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        {/* Said to screen readers when the phase changes, not at every count. */}
        <p role="status" className="text-sm font-medium text-slate-900 dark:text-white">
          {!data ? i18n._('Starting…') : data.done ? i18n._('Finished') : i18n._('Sending…')}
          {job.reconnecting && (
            <span className="ms-2 inline-flex items-center gap-1 text-xs font-normal text-amber-800 dark:text-amber-300">
              <WifiOff className="h-3.5 w-3.5" aria-hidden />
              {i18n._('reconnecting…')}
            </span>
          )}
        </p>
        {data && (
          <p className="text-xs tabular-nums text-slate-600 dark:text-slate-300">
            {i18n._('{count} of {total}', { count: formatNumber(finished), total: formatNumber(total) })}
          </p>
        )}
      </div>
      {note && <p className="text-xs text-slate-600 dark:text-slate-300">{note}</p>}
      {/* Styled through its parts: left to the browser, Chromium draws the bar green whatever the accent colour. */}
      <progress
        max={100}
        value={value}
        aria-label={i18n._('Sending progress')}
        className="h-2 w-full appearance-none overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700 [&::-moz-progress-bar]:bg-teal-700 dark:[&::-moz-progress-bar]:bg-teal-500 [&::-webkit-progress-bar]:bg-slate-200 dark:[&::-webkit-progress-bar]:bg-slate-700 [&::-webkit-progress-value]:bg-teal-700 [&::-webkit-progress-value]:transition-[width] dark:[&::-webkit-progress-value]:bg-teal-500"
      />
      {data && (
        <ul aria-label={i18n._('Sending counts')} className="flex flex-wrap gap-x-4 gap-y-1 text-xs tabular-nums text-slate-700 dark:text-slate-200">
          <li className="inline-flex items-center gap-1">
            <CheckCircle2 className="h-3.5 w-3.5 text-emerald-600" aria-hidden />
            {i18n._('{count} sent', { count: formatNumber(data.sent) })}
          </li>
          <li className="inline-flex items-center gap-1">
            <XCircle className="h-3.5 w-3.5 text-red-600" aria-hidden />
            {i18n._('{count} failed', { count: formatNumber(data.failed) })}
          </li>
          <li className="inline-flex items-center gap-1">
            <Clock className="h-3.5 w-3.5 text-slate-500" aria-hidden />
            {i18n._('{count} pending', { count: formatNumber(data.pending) })}
            {data.retrying > 0 && ` ${i18n._('({count} retrying)', { count: formatNumber(data.retrying) })}`}
          </li>
        </ul>
      )}
      {data?.done && data.failed > 0 && (
        <Button variant="secondary" size="sm" className="justify-self-start" onClick={onRetry} loading={retry.isPending}>
          {!retry.isPending && <RotateCw className="h-4 w-4" aria-hidden />}
          {i18n._('Retry failed ({count})', { count: formatNumber(data.failed) })}
        </Button>
      )}
    </div>
  );
}
