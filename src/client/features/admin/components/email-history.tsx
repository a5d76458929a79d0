import { RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { toast } from '../../../lib/toast';
import { ADMIN_MESSAGES } from '../../../../shared/schemas/admin';
import { useEmailLogs } from '../api/get-email-logs';
import { useEmailStats } from '../api/get-email-stats';
import { EmailHistoryTable } from './email-history-table';
import { EmailSummaryCards } from './email-summary-cards';
import { LoadMoreRows } from './load-more-rows';

const SKELETON_ROWS = 10; // spec part 2, 9

/**
 * spec part 2, 2.6 'Email History': the summary cards, the history table with Refresh, template statistics. The
 * history is read a page at a time, newest first (docs/decisions/023); the cards count all of it.
 */
export function EmailHistory() {
  const logs = useEmailLogs();
  const stats = useEmailStats();
  const loading = (logs.isFetching && !logs.isFetchingNextPage) || stats.isFetching;
  const rows = logs.data?.pages.flatMap((p) => p.logs) ?? [];
  useEffect(() => {
    if (logs.isError || stats.isError) toast({ title: ADMIN_MESSAGES.loadHistoryFailed, description: 'Please try again.', variant: 'destructive' });
  }, [logs.isError, stats.isError]);
  const o = stats.data?.overview;
  const refresh = () => {
    void logs.refetch();
    void stats.refetch();
  };
  return (
    <section aria-label="Email History" className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <EmailSummaryCards overview={o} />
      <Card className="grid grid-cols-[minmax(0,1fr)] gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Delivery History</h2>
          <Button variant="secondary" size="sm" onClick={refresh} disabled={loading}>
            <RefreshCw className={`h-4 w-4 ${loading ? 'animate-spin' : ''}`} aria-hidden />
            {loading ? 'Loading...' : 'Refresh'}
          </Button>
        </div>
        {logs.isPending ? (
          <ul aria-label="Loading email history" aria-busy className="grid gap-2">
            {Array.from({ length: SKELETON_ROWS }, (_, i) => (
              <li key={i} data-testid="history-skeleton" className="h-9 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
            ))}
          </ul>
        ) : (
          <>
            <EmailHistoryTable logs={rows} />
            <LoadMoreRows
              shown={rows.length}
              total={o?.total_emails}
              noun="emails"
              hasMore={!!logs.hasNextPage}
              loading={logs.isFetchingNextPage}
              onLoadMore={() => void logs.fetchNextPage()}
            />
          </>
        )}
      </Card>
      {stats.data && stats.data.templateStats.length > 0 && (
        <Card>
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Template Usage Statistics</h2>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {stats.data.templateStats.map((t) => (
              <li key={t.template_type} className="rounded-lg bg-slate-50 p-3 dark:bg-slate-900">
                <p className="font-medium capitalize text-slate-900 dark:text-white">{t.template_type.replace(/_/g, ' ')}</p>
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  {t.sent_count} sent out of {t.count} total
                </p>
                <p className="text-sm font-semibold text-emerald-700 dark:text-emerald-300">
                  {t.count ? Math.round((t.sent_count / t.count) * 100) : 0}% success rate
                </p>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </section>
  );
}
