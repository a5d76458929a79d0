import { useState } from 'react';
import type { SecurityEvent, SecurityEventsResponse, ThreatLevel } from '../../../../shared/schemas/admin-team';
import { Badge } from '../../../components/ui/badge';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { useSecurityEvents } from '../api/get-security-events';
import { displayDateTimeIst } from '../lib/admin-format';
import { auditDetailsText, eventTypeText } from '../lib/audit-format';
import { isThreatLevel, LEVEL_LABELS, LEVEL_TONES } from '../lib/threat-levels';
import { DataList, type Column } from './data-list';
import { ListSummary } from './list-summary';
import { LoadMore } from './load-more';
import { NO_SECURITY_FILTERS, SecurityFilters } from './security-filters';
import { SecurityCounts } from './security-counts';

const columns: Column<SecurityEvent>[] = [
  { header: 'When (IST)', cell: (e) => displayDateTimeIst(e.timestamp), className: 'whitespace-nowrap tabular-nums' },
  { header: 'Type', primary: true, cell: (e) => eventTypeText(e.eventType) },
  {
    header: 'Level',
    cell: (e) => (isThreatLevel(e.threatLevel) ? <Badge tone={LEVEL_TONES[e.threatLevel]}>{LEVEL_LABELS[e.threatLevel]}</Badge> : e.threatLevel),
  },
  { header: 'Blocked', cell: (e) => (e.blocked ? 'Blocked' : 'Allowed') },
  { header: 'Request', cell: (e) => (e.requestPath ? `${e.requestMethod ?? ''} ${e.requestPath}`.trim() : '—'), className: 'break-all' },
  { header: 'Address', cell: (e) => e.ipAddress ?? '—', className: 'break-all' },
  { header: 'User', cell: (e) => (e.userId === null ? '—' : `${e.userType ?? 'user'} #${e.userId}`) },
  { header: 'Details', cell: (e) => auditDetailsText(e.details) || '—', className: 'break-words text-xs' },
];

/** The 'Security' tab (spec part 1, 3: security_events): counts over 24 hours and 30 days, filters, the events a page at a time. */
export function SecurityTab() {
  const [filters, setFilters] = useState(NO_SECURITY_FILTERS);
  const events = useSecurityEvents({ type: filters.type || undefined, level: (filters.level || undefined) as ThreatLevel | undefined });
  const rows = events.data?.pages.flatMap((p) => p.events) ?? [];
  // The counts come with the first page only, and do not depend on the filters.
  const counts: SecurityEventsResponse['counts'] = events.data?.pages[0]?.counts;
  const filtered = filters.type !== '' || filters.level !== '';

  return (
    <section aria-label="Security" aria-busy={events.isFetching} className="grid grid-cols-[minmax(0,1fr)] gap-4">
      {counts && (
        <div className="grid gap-3 md:grid-cols-2">
          <SecurityCounts title="Last 24 hours" counts={counts.last24h} />
          <SecurityCounts title="Last 30 days" counts={counts.last30d} />
        </div>
      )}
      <SecurityFilters value={filters} onChange={setFilters} types={counts?.last30d.byType.map((t) => t.type) ?? []} />
      {events.isPending ? (
        <Spinner label="Loading security events..." />
      ) : events.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(events.error, 'Failed to load security events')}
        </p>
      ) : (
        <>
          <ListSummary shown={rows.length} noun="events" updating={events.isPlaceholderData} />
          <DataList
            rows={rows}
            columns={columns}
            rowKey={(e) => e.id}
            caption="Security events"
            empty={filtered ? 'No security events match these filters.' : 'No security events recorded.'}
          />
          <LoadMore
            hasMore={events.hasNextPage}
            loading={events.isFetchingNextPage}
            onLoadMore={() => void events.fetchNextPage()}
            noun="events"
            shown={rows.length}
          />
        </>
      )}
    </section>
  );
}
