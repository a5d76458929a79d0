import { useQuery } from '@tanstack/react-query';
import { CalendarDays, Copy, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { formatDisplayDate, todayInIndia } from '../../../../shared/dates';
import { notificationsQueries } from '../api/keys';
import { useRevokeCalendarFeed } from '../api/revoke-calendar-feed';
import { useRotateCalendarFeed } from '../api/rotate-calendar-feed';

// A private calendar feed of the rep's upcoming visits. The link is the key, so it is shown only
// when made; a new link ends the old one, and turning the feed off ends it too.

export function CalendarFeedCard() {
  const { i18n } = useI18n();
  const feed = useQuery(notificationsQueries.calendarFeed());
  const rotate = useRotateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const failed = (err: unknown) =>
    toast({ title: i18n._('Calendar feed'), description: errorMessage(err, i18n._('Please try again.')), variant: 'destructive' });

  const makeLink = () => rotate.mutate(undefined, { onSuccess: (d) => setUrl(d.url), onError: failed });
  const turnOff = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setUrl(null);
        toast({ title: i18n._('Calendar feed turned off'), description: i18n._('The old link no longer works.'), variant: 'success' });
      },
      onError: failed,
    });
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: i18n._('Link copied'), variant: 'success', duration: 3000 });
    } catch {
      toast({ title: i18n._('Copy the link by hand'), description: i18n._('Select the link and copy it.'), variant: 'info' });
    }
  };

  return (
    <Card>
      <h2 className="flex items-center gap-2 text-base font-semibold">
        <CalendarDays className="h-4 w-4 text-slate-400" aria-hidden /> {i18n._('Calendar feed')}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {i18n._('Add your upcoming visits to Google Calendar, Outlook or Apple Calendar with a private link (subscribe "from URL").')}
      </p>
      {feed.isPending ? (
        <div className="py-3">
          <Spinner label={i18n._('Loading calendar feed...')} />
        </div>
      ) : feed.isError ? (
        <p className="py-3 text-sm text-red-700 dark:text-red-400">{errorMessage(feed.error, i18n._('Could not load the calendar feed.'))}</p>
      ) : (
        <div className="mt-3 grid gap-3">
          {url ? (
            <>
              <label htmlFor="calendar-feed-url" className="text-sm font-medium">
                {i18n._('Your private link')}
              </label>
              <div className="flex flex-col gap-2 sm:flex-row">
                <input
                  id="calendar-feed-url"
                  readOnly
                  value={url}
                  onFocus={(e) => e.currentTarget.select()}
                  className="h-10 min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-3 font-mono text-xs dark:border-slate-600 dark:bg-slate-900"
                />
                <Button type="button" variant="secondary" onClick={() => void copy()}>
                  <Copy className="h-4 w-4" aria-hidden /> {i18n._('Copy link')}
                </Button>
              </div>
              <p className="text-xs text-amber-700 dark:text-amber-400">
                {i18n._('Shown only now. Anyone with this link can see your visits: keep it private.')}
              </p>
            </>
          ) : feed.data.active ? (
            <p className="text-sm">
              {feed.data.createdAt
                ? i18n._('A private link is active since {date}. For security it is not shown again: make a new link to see one.', {
                    date: formatDisplayDate(todayInIndia(new Date(feed.data.createdAt))),
                  })
                : i18n._('A private link is active. For security it is not shown again: make a new link to see one.')}
            </p>
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-300">{i18n._('No calendar link yet.')}</p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="button" onClick={makeLink} loading={rotate.isPending}>
              <RefreshCw className="h-4 w-4" aria-hidden /> {feed.data.active ? i18n._('Make a new link') : i18n._('Create calendar link')}
            </Button>
            {feed.data.active && (
              <Button type="button" variant="secondary" onClick={turnOff} loading={revoke.isPending}>
                <Trash2 className="h-4 w-4" aria-hidden /> {i18n._('Turn off')}
              </Button>
            )}
          </div>
          {feed.data.active && <p className="text-xs text-slate-500 dark:text-slate-400">{i18n._('A new link stops the old one from working.')}</p>}
        </div>
      )}
    </Card>
  );
}
