import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import type { AdminSubscription } from '../../../../shared/schemas/admin';
import { refundSummary } from '../../../../shared/subscription/refund-text';
import { displayDate } from '../../admin-shared/lib/admin-format';
import { pagedRows } from '../../admin-shared/lib/paged-rows';
import { useDebouncedValue } from '../../admin-shared/lib/use-debounced-value';
import { DataList, type Column } from '../../admin-shared/components/data-list';
import { ListSummary } from '../../admin-shared/components/list-summary';
import { LoadMore } from '../../admin-shared/components/load-more';
import { SearchBox } from '../../admin-shared/components/search-box';
import { SubscriptionBadge } from './status-badges';
import { EmailAddress } from '../../../components/ui/email-address';
import { useI18n } from '../../../lib/i18n';
import { adminSubscriptionsCsvUrl } from '../api/export-urls';
import { adminListsQueries } from '../api/keys';

const ACTIVE_LOOKING = new Set(['active', 'authenticated', 'paid', 'free_trial', 'trial']);

/** spec part 2, 2.5 and 9: id cut to 20 characters, expiry or 'Not Active' / 'N/A', joined date; a page at a time (docs/decisions/022). */
export function SubscriptionsTab() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim()) || undefined;
  const subs = useInfiniteQuery(adminListsQueries.subscriptions({ q }));
  const { rows, total, overall } = pagedRows(subs.data, (p) => p.subscriptions);
  const { i18n } = useI18n();
  const columns: Column<AdminSubscription>[] = [
    { header: /*i18n*/ 'Name', primary: true, cell: (s) => s.full_name },
    { header: /*i18n*/ 'Email', cell: (s) => <EmailAddress address={s.email} /> },
    { header: /*i18n*/ 'Company', cell: (s) => s.company },
    { header: /*i18n*/ 'Status', cell: (s) => <SubscriptionBadge status={s.subscription_status} /> },
    {
      header: /*i18n*/ 'Subscription ID',
      cell: (s) =>
        s.subscription_id ? (
          <code className="text-xs" title={s.subscription_id}>
            {s.subscription_id.slice(0, 20)}
          </code>
        ) : (
          i18n._('N/A')
        ),
    },
    {
      header: /*i18n*/ 'Expires',
      cell: (s) =>
        s.subscription_expires_at ? displayDate(s.subscription_expires_at) : ACTIVE_LOOKING.has(s.subscription_status) ? i18n._('N/A') : i18n._('Not Active'),
    },
    { header: /*i18n*/ 'Joined', cell: (s) => displayDate(s.created_at) },
    {
      header: /*i18n*/ 'Refund',
      cell: (s) =>
        s.refund ? (
          <span data-testid="subscription-refund">
            {i18n._(refundSummary(s.refund))}
            {s.refund.refundId && <code className="block text-xs break-all">{s.refund.refundId}</code>}
          </span>
        ) : (
          i18n._('None')
        ),
    },
  ];
  return (
    <section aria-label={i18n._('Subscriptions')} aria-busy={subs.isFetching} className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <SearchBox value={search} onChange={setSearch} label={i18n._('Search subscriptions by name or email')} />
      {subs.isPending ? (
        <Spinner label={i18n._('Loading subscriptions...')} />
      ) : subs.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(subs.error, i18n._('Failed to load subscriptions'))}
        </p>
      ) : (
        <>
          <ListSummary
            shown={rows.length}
            total={total}
            overall={overall}
            noun={/*i18n*/ '{count, plural, one {subscription} other {subscriptions}}'}
            exportHref={adminSubscriptionsCsvUrl({ q })}
            updating={subs.isPlaceholderData}
          />
          <DataList
            rows={rows}
            columns={columns}
            rowKey={(s) => s.id}
            caption={i18n._('Subscriptions')}
            empty={q ? i18n._('No subscriptions match your search.') : i18n._('No subscriptions yet.')}
          />
          <LoadMore
            hasMore={subs.hasNextPage}
            loading={subs.isFetchingNextPage}
            onLoadMore={() => void subs.fetchNextPage()}
            noun={/*i18n*/ '{count, plural, one {subscription} other {subscriptions}}'}
            shown={rows.length}
          />
        </>
      )}
    </section>
  );
}
