import { useQuery } from '@tanstack/react-query';
import { BellOff, Megaphone } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useWithdrawBroadcast } from '../api/withdraw-broadcast';
import { displayDate } from '../../admin-shared/lib/admin-format';
import { useI18n } from '../../../lib/i18n';
import { adminContentQueries } from '../api/keys';

/**
 * The Notifications tab's view of the broadcast the reps see now (spec part 2, 2.5 (a)), with 'Withdraw' to take
 * it down (docs/decisions/035): the reps' banner then goes away, and a later message shows as a new one.
 */
export function ActiveBroadcast() {
  const { i18n } = useI18n();
  const active = useQuery(adminContentQueries.activeBroadcast());
  const withdraw = useWithdrawBroadcast();
  const onWithdraw = () =>
    withdraw.mutate(undefined, {
      onSuccess: (r) => toast({ title: i18n._('Announcement Withdrawn'), description: r.message, variant: 'success' }),
      onError: (err) =>
        toast({ title: i18n._('Withdraw Failed'), description: errorMessage(err, i18n._('Could not withdraw the announcement.')), variant: 'destructive' }),
    });
  const notification = active.data;

  return (
    <Card>
      <section aria-labelledby="current-announcement-title" className="grid gap-3">
        <h2 id="current-announcement-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
          <Megaphone className="h-5 w-5 text-teal-700 dark:text-teal-400" aria-hidden />
          {i18n._('Current Announcement')}
        </h2>
        {active.isPending ? (
          <Spinner label={i18n._('Loading the current announcement...')} />
        ) : active.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {errorMessage(active.error, i18n._('Could not load the current announcement.'))}
          </p>
        ) : notification ? (
          <>
            <div
              role="region"
              aria-label={i18n._('Shown to medical representatives')}
              className="rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100"
            >
              <p className="whitespace-pre-line break-words">{notification.message}</p>
            </div>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-xs text-slate-600 dark:text-slate-300">
                {i18n._("Sent on {date}; shown above every rep's dashboard.", { date: displayDate(notification.createdAt) })}
              </p>
              <Button variant="destructive" size="sm" onClick={onWithdraw} loading={withdraw.isPending}>
                {!withdraw.isPending && <BellOff className="h-4 w-4" aria-hidden />}
                {i18n._('Withdraw')}
              </Button>
            </div>
          </>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">{i18n._('No announcement is showing to medical representatives.')}</p>
        )}
      </section>
    </Card>
  );
}
