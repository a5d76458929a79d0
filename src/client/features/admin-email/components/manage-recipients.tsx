import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Spinner } from '../../../components/ui/spinner';
import type { EmailRecipient } from '../../../../shared/schemas/admin';
import { recipientKind } from '../../../../shared/subscription/recipient-groups';
import { displayDate } from '../../admin-shared/lib/admin-format';
import { RECIPIENT_BADGE } from '../lib/recipient-filters';
import { useDebouncedValue } from '../../admin-shared/lib/use-debounced-value';
import { DataList, type Column } from '../../admin-shared/components/data-list';
import { LoadMoreRows } from '../../admin-shared/components/load-more-rows';
import { SearchBox } from '../../admin-shared/components/search-box';
import { EmailAddress } from '../../../components/ui/email-address';
import { i18n, listWord, useI18n } from '../../../lib/i18n';
import { adminEmailQueries } from '../api/keys';

const columns: Column<EmailRecipient>[] = [
  { header: /*i18n*/ 'Name', primary: true, cell: (r) => r.fullName },
  { header: /*i18n*/ 'Email', cell: (r) => <EmailAddress address={r.email} /> },
  { header: /*i18n*/ 'Company', cell: (r) => r.company },
  { header: /*i18n*/ 'State', cell: (r) => listWord(r.state) },
  {
    header: /*i18n*/ 'Status',
    cell: (r) => {
      const b = RECIPIENT_BADGE[recipientKind(r)];
      return <Badge tone={b.tone}>{i18n._(b.label)}</Badge>;
    },
  },
  // dd/mm/yyyy, the Indian calendar day, as every date in the product (src/shared/dates.ts formatDisplayDate).
  { header: /*i18n*/ 'Registered', cell: (r) => displayDate(r.registrationDate) },
];

/** spec part 2, 2.6 'Manage Recipients': the table 'All Medical Representatives', searched by the server, a page at a time. */
export function ManageRecipients() {
  useI18n();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const list = useInfiniteQuery(adminEmailQueries.recipients({ status: 'all', ...(q ? { q } : {}) }));
  const pages = list.data?.pages ?? [];
  const rows = pages.flatMap((p) => p.medicalReps);
  return (
    <section aria-labelledby="all-reps-title" className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="all-reps-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          {i18n._('All Medical Representatives')}
        </h2>
        <SearchBox value={search} onChange={setSearch} label={i18n._('Search all medical reps by name or email')} />
      </div>
      {list.isPending ? (
        <Spinner label={i18n._('Loading medical representatives...')} />
      ) : (
        <div aria-busy={list.isPlaceholderData || undefined} className="grid grid-cols-[minmax(0,1fr)] gap-2">
          <DataList
            rows={rows}
            columns={columns}
            rowKey={(r) => r.id}
            caption={i18n._('All Medical Representatives')}
            empty={q ? i18n._('No medical representatives match your search.') : i18n._('No medical representatives yet.')}
          />
          <LoadMoreRows
            shown={rows.length}
            total={pages[0]?.total?.count}
            noun={/*i18n*/ '{count, plural, one {representative} other {representatives}}'}
            hasMore={!!list.hasNextPage}
            loading={list.isFetchingNextPage}
            onLoadMore={() => void list.fetchNextPage()}
          />
        </div>
      )}
    </section>
  );
}
