import { useQuery } from '@tanstack/react-query';
import { Download, History } from 'lucide-react';
import { useState } from 'react';
import { addDays, todayInIndia } from '../../../../../shared/dates';
import { repVisitsQuerySchema } from '../../../../../shared/schemas/visits';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Spinner } from '../../../../components/ui/spinner';
import { errorMessage, NetworkError } from '../../../../lib/api';
import { useI18n } from '../../../../lib/i18n';
import { repVisitsCsvUrl, visitsQueries, type VisitRange } from '../../api/keys';
import { VisitHistoryItem } from './visit-history-item';
import { VisitHistoryRange } from './visit-history-range';

/** The range shown first, as the server's default: the last 30 days to today (docs/decisions/041). */
const DEFAULT_DAYS = 30;
const OFFLINE = /*i18n*/ 'You are offline. Your Visit History will load when you are back online.';

/** The shared range rule's message for each date, so the form says what the server would. */
function rangeErrors(range: VisitRange): { from?: string; to?: string } | null {
  const check = repVisitsQuerySchema.safeParse(range);
  if (check.success) return null;
  const errors: { from?: string; to?: string } = {};
  for (const issue of check.error.issues) {
    const key = issue.path[0] === 'to' ? 'to' : 'from';
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * The rep's Visit History (docs/decisions/041), a section of My Appointments: the visits of a date range with their
 * outcome and check-in time, newest first, and the same range as a CSV download (the session cookie goes with the link).
 */
export function VisitHistory() {
  const { i18n } = useI18n();
  const today = todayInIndia(new Date());
  const [range, setRange] = useState<VisitRange>({ from: addDays(today, -DEFAULT_DAYS), to: today });
  const errors = rangeErrors(range);
  const visits = useQuery({ ...visitsQueries.repVisits(range), enabled: errors === null });
  const list = visits.data?.visits ?? [];

  return (
    <section aria-labelledby="visit-history-title" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id="visit-history-title" className="flex items-center gap-2 font-semibold">
          <History className="h-4 w-4 text-teal-700 dark:text-teal-300" aria-hidden />
          {i18n._('Visit History')}
        </h3>
        {errors === null ? (
          <Button asChild variant="secondary" size="sm">
            <a href={repVisitsCsvUrl(range)} download>
              <Download className="h-4 w-4" aria-hidden />
              {i18n._('Export CSV')}
            </a>
          </Button>
        ) : (
          <Button variant="secondary" size="sm" disabled>
            <Download className="h-4 w-4" aria-hidden />
            {i18n._('Export CSV')}
          </Button>
        )}
      </div>
      <VisitHistoryRange range={range} onChange={setRange} errors={errors ?? {}} />
      {errors !== null ? null : visits.isPending ? (
        <Spinner label={i18n._('Loading visits...')} />
      ) : visits.isError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {visits.error instanceof NetworkError ? i18n._(OFFLINE) : errorMessage(visits.error, i18n._('Failed to fetch your visits. Please try again.'))}
        </p>
      ) : list.length === 0 ? (
        <Card className="py-8 text-center text-slate-600 dark:text-slate-300">
          <p role="status">{i18n._('No visits in these dates.')}</p>
        </Card>
      ) : (
        <>
          <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
            {i18n._('{count, plural, one {# visit} other {# visits}}', { count: list.length })}
          </p>
          <ul className="grid gap-3" aria-busy={visits.isFetching || undefined}>
            {list.map((v) => (
              <li key={v.id}>
                <VisitHistoryItem visit={v} today={today} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
