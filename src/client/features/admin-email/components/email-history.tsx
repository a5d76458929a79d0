import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { RefreshCw } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { NativeSelect } from '../../../components/ui/native-select';
import { toast } from '../../../lib/toast';
import { ADMIN_MESSAGES } from '../../../../shared/schemas/admin';
import { MESSAGE_CHANNELS } from '../../../../shared/schemas/whatsapp';
import { CHANNEL_LABELS } from '../lib/message-channels';
import { ChannelStatsCard } from './channel-stats';
import { EmailHistoryTable } from './email-history-table';
import { EmailSummaryCards } from './email-summary-cards';
import { LoadMoreRows } from '../../admin-shared/components/load-more-rows';
import { useI18n } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/intl-format';
import { adminEmailQueries, type ChannelFilter } from '../api/keys';

const SKELETON_ROWS = 10; // spec part 2, 9

/**
 * spec part 2, 2.6 'Email History': the summary cards, the history table with Refresh, template statistics. The
 * history is read a page at a time, newest first (docs/decisions/023); the cards count all of it. It is the history
 * of every message the outbox sends (docs/decisions/044-whatsapp.md): the table filters by channel on the server,
 * and a card counts each channel; the spec's cards and template statistics stay the e-mails' own.
 */
export function EmailHistory() {
  const { i18n } = useI18n();
  const [channel, setChannel] = useState<ChannelFilter>('all');
  const channelId = useId();
  const logs = useInfiniteQuery(adminEmailQueries.logs(channel));
  const stats = useQuery(adminEmailQueries.stats());
  const loading = (logs.isFetching && !logs.isFetchingNextPage) || stats.isFetching;
  const rows = logs.data?.pages.flatMap((p) => p.logs) ?? [];
  useEffect(() => {
    if (logs.isError || stats.isError)
      toast({ title: i18n._(ADMIN_MESSAGES.loadHistoryFailed), description: i18n._('Please try again.'), variant: 'destructive' });
  }, [logs.isError, stats.isError, i18n]);
  const o = stats.data?.overview;
  const byChannel = stats.data?.byChannel;
  const total = byChannel && (channel === 'all' ? MESSAGE_CHANNELS.reduce((sum, c) => sum + byChannel[c].total, 0) : byChannel[channel].total);
  const refresh = () => {
    void logs.refetch();
    void stats.refetch();
  };
  return (
    <section aria-label={i18n._('Email History')} className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <EmailSummaryCards overview={o} />
      {byChannel && <ChannelStatsCard byChannel={byChannel} />}
      <Card className="grid grid-cols-[minmax(0,1fr)] gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{i18n._('Delivery History')}</h2>
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor={channelId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
              {i18n._('Channel')}
            </label>
            <span className="w-32">
              <NativeSelect id={channelId} value={channel} onChange={(e) => setChannel(e.target.value as ChannelFilter)} className="h-8 py-0">
                <option value="all">{i18n._('All')}</option>
                {MESSAGE_CHANNELS.map((c) => (
                  <option key={c} value={c}>
                    {i18n._(CHANNEL_LABELS[c])}
                  </option>
                ))}
              </NativeSelect>
            </span>
            <Button variant="secondary" size="sm" onClick={refresh} disabled={loading}>
              <RefreshCw className={`h-4 w-4 ${loading ? 'animate-spin' : ''}`} aria-hidden />
              {loading ? i18n._('Loading...') : i18n._('Refresh')}
            </Button>
          </div>
        </div>
        {logs.isPending ? (
          <ul aria-label={i18n._('Loading email history')} aria-busy className="grid gap-2">
            {Array.from({ length: SKELETON_ROWS }, (_, i) => (
              <li key={i} data-testid="history-skeleton" className="h-9 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
            ))}
          </ul>
        ) : (
          <div aria-busy={logs.isPlaceholderData || undefined} className={clsx('grid grid-cols-[minmax(0,1fr)] gap-3', logs.isPlaceholderData && 'opacity-60')}>
            <EmailHistoryTable logs={rows} />
            <LoadMoreRows
              shown={rows.length}
              total={total}
              noun={channel === 'email' ? /*i18n*/ '{count, plural, one {email} other {emails}}' : /*i18n*/ '{count, plural, one {message} other {messages}}'}
              hasMore={!!logs.hasNextPage}
              loading={logs.isFetchingNextPage}
              onLoadMore={() => void logs.fetchNextPage()}
            />
          </div>
        )}
      </Card>
      {stats.data && stats.data.templateStats.length > 0 && (
        <Card>
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{i18n._('Template Usage Statistics')}</h2>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {stats.data.templateStats.map((t) => (
              <li key={t.template_type} className="rounded-lg bg-slate-50 p-3 dark:bg-slate-900">
                <p className="font-medium capitalize text-slate-900 dark:text-white">{t.template_type.replace(/_/g, ' ')}</p>
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  {i18n._('{sent} sent out of {count} total', { sent: formatNumber(t.sent_count), count: formatNumber(t.count) })}
                </p>
                <p className="text-sm font-semibold text-emerald-700 dark:text-emerald-300">
                  {i18n._('{percent}% success rate', { percent: formatNumber(t.count ? Math.round((t.sent_count / t.count) * 100) : 0) })}
                </p>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </section>
  );
}
