import { useInfiniteQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/intl-format';
import type { ClinicActivityItem } from '../../../../shared/schemas/clinic-activity';
import { clinicActivityQueries } from '../api/keys';
import { activityFacts, activityRole, activityWhat } from '../lib/activity-words';

/**
 * The clinic's Activity tab (docs/decisions/075-clinic-activity-log.md): every change the clinic's people made, newest
 * first, with who (name and role), what and when (IST), a page at a time behind 'Load more' (a button, not endless
 * scrolling, so keyboard and screen reader users reach the end of the list).
 */
export function ActivityTab({ clinicId }: { clinicId: number }) {
  const { i18n } = useI18n();
  const headingId = useId();
  const log = useInfiniteQuery(clinicActivityQueries.list(clinicId));
  const items = log.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-700 dark:bg-slate-800"
    >
      <div className="grid gap-1">
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
          <History className="h-5 w-5 text-teal-700 dark:text-teal-300" aria-hidden />
          {i18n._('Activity')}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {i18n._("Every change made by the clinic's team, newest first, with who made it. Kept for one year.")}
        </p>
      </div>
      {log.isPending ? (
        <Spinner label={i18n._('Loading activity...')} />
      ) : log.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorMessage(log.error, i18n._('Failed to load the activity. Please try again.'))}
        </p>
      ) : items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-600 dark:text-slate-300">
          {i18n._('Nothing recorded yet. Changes to doctors, settings, leave and visits will appear here.')}
        </p>
      ) : (
        <>
          <ul aria-labelledby={headingId} className="grid divide-y divide-slate-200 dark:divide-slate-700" data-testid="activity-list">
            {items.map((item) => (
              <ActivityEntry key={item.id} item={item} />
            ))}
          </ul>
          <div className="grid justify-items-center gap-2">
            {log.hasNextPage ? (
              <Button
                variant="secondary"
                className="w-full sm:w-auto"
                aria-disabled={log.isFetchingNextPage || undefined}
                onClick={() => {
                  if (!log.isFetchingNextPage) void log.fetchNextPage();
                }}
              >
                {log.isFetchingNextPage ? i18n._('Loading more…') : i18n._('Load more')}
              </Button>
            ) : (
              <p className="text-sm text-slate-500 dark:text-slate-400">{i18n._('That is everything recorded.')}</p>
            )}
            {/* Heard when a page starts and ends loading: the button's own text changes too. */}
            <p role="status" className="sr-only">
              {log.isFetchingNextPage
                ? i18n._('Loading more…')
                : i18n._('{count, plural, one {# entry shown} other {# entries shown}}', { count: items.length })}
            </p>
          </div>
        </>
      )}
    </section>
  );
}

function ActivityEntry({ item }: { item: ClinicActivityItem }) {
  const { i18n } = useI18n();
  const facts = activityFacts(item);
  return (
    <li className="grid gap-1 py-3 text-sm first:pt-0 last:pb-0" data-testid="activity-item">
      <p className="font-medium break-words text-slate-900 dark:text-white">{activityWhat(item)}</p>
      {facts.length > 0 && <p className="break-words text-slate-700 dark:text-slate-300">{facts.join(' · ')}</p>}
      <p className="flex flex-wrap gap-x-2 text-xs text-slate-600 dark:text-slate-400">
        <span>{i18n._('By {name} ({role})', { name: item.actor.name, role: activityRole(item.actor.kind) })}</span>
        <time dateTime={item.at} className="tabular-nums">
          {formatDateTime(item.at)}
        </time>
      </p>
    </li>
  );
}
