import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Spinner } from '../../../components/ui/spinner';
import type { EmailRecipient } from '../../../../shared/schemas/admin';
import { recipientKind } from '../../../../shared/subscription/recipient-groups';
import { useEmailRecipients } from '../api/get-email-recipients';
import { displayDate } from '../lib/admin-format';
import { RECIPIENT_BADGE } from '../lib/recipient-filters';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { DataList, type Column } from './data-list';
import { LoadMoreRows } from './load-more-rows';
import { SearchBox } from './search-box';
import { EmailAddress } from '../../../components/ui/email-address';

const columns: Column<EmailRecipient>[] = [
  { header: 'Name', primary: true, cell: (r) => r.fullName },
  { header: 'Email', cell: (r) => <EmailAddress address={r.email} /> },
  { header: 'Company', cell: (r) => r.company },
  { header: 'State', cell: (r) => r.state },
  {
    header: 'Status',
    cell: (r) => {
      const b = RECIPIENT_BADGE[recipientKind(r)];
      return <Badge tone={b.tone}>{b.label}</Badge>;
    },
  },
  // dd/mm/yyyy, the Indian calendar day, as every date in the product (src/shared/dates.ts formatDisplayDate).
  { header: 'Registered', cell: (r) => displayDate(r.registrationDate) },
];

/** spec part 2, 2.6 'Manage Recipients': the table 'All Medical Representatives', searched by the server, a page at a time. */
export function ManageRecipients() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const list = useEmailRecipients({ status: 'all', ...(q ? { q } : {}) });
  const pages = list.data?.pages ?? [];
  const rows = pages.flatMap((p) => p.medicalReps);
  return (
    <section aria-labelledby="all-reps-title" className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="all-reps-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          All Medical Representatives
        </h2>
        <SearchBox value={search} onChange={setSearch} label="Search all medical reps by name or email" />
      </div>
      {list.isPending ? (
        <Spinner label="Loading medical representatives..." />
      ) : (
        <div aria-busy={list.isPlaceholderData || undefined} className="grid grid-cols-[minmax(0,1fr)] gap-2">
          <DataList
            rows={rows}
            columns={columns}
            rowKey={(r) => r.id}
            caption="All Medical Representatives"
            empty={q ? 'No medical representatives match your search.' : 'No medical representatives yet.'}
          />
          <LoadMoreRows
            shown={rows.length}
            total={pages[0]?.total?.count}
            noun="representatives"
            hasMore={!!list.hasNextPage}
            loading={list.isFetchingNextPage}
            onLoadMore={() => void list.fetchNextPage()}
          />
        </div>
      )}
    </section>
  );
}
