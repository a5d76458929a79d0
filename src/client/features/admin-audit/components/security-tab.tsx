import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { SecurityEvent, SecurityEventsResponse, ThreatLevel } from '../../../../shared/schemas/admin-team';
import { Badge } from '../../../components/ui/badge';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { formatNumber } from '../../../lib/intl-format';
import { displayDateTimeIst } from '../../admin-shared/lib/admin-format';
import { auditDetailsText, auditTargetText, eventTypeText } from '../lib/audit-format';
import { isThreatLevel, LEVEL_LABELS, LEVEL_TONES } from '../lib/threat-levels';
import { DataList, type Column } from '../../admin-shared/components/data-list';
import { ListSummary } from '../../admin-shared/components/list-summary';
import { LoadMore } from '../../admin-shared/components/load-more';
import { NO_SECURITY_FILTERS, SecurityFilters } from './security-filters';
import { SecurityCounts } from './security-counts';
import { i18n, useI18n } from '../../../lib/i18n';
import { adminAuditQueries } from '../api/keys';

const columns: Column<SecurityEvent>[] = [
  { header: /*i18n*/ 'When (IST)', cell: (e) => displayDateTimeIst(e.timestamp), className: 'whitespace-nowrap tabular-nums' },
  { header: /*i18n*/ 'Type', primary: true, cell: (e) => eventTypeText(e.eventType) },
  // A repeating event (a refused origin, a 429) is one row per address and minute with its count (docs/decisions/049).
  { header: /*i18n*/ 'Times', cell: (e) => formatNumber(e.count), className: 'tabular-nums' },
  {
    header: /*i18n*/ 'Level',
    cell: (e) => (isThreatLevel(e.threatLevel) ? <Badge tone={LEVEL_TONES[e.threatLevel]}>{i18n._(LEVEL_LABELS[e.threatLevel])}</Badge> : e.threatLevel),
  },
  { header: /*i18n*/ 'Blocked', cell: (e) => (e.blocked ? i18n._('Blocked') : i18n._('Allowed')) },
  // A request and an address read left to right in Urdu too.
  {
    header: /*i18n*/ 'Request',
    cell: (e) =>
      e.requestPath ? (
        <span translate="no" dir="ltr">
          {`${e.requestMethod ?? ''} ${e.requestPath}`.trim()}
        </span>
      ) : (
        '—'
      ),
    className: 'break-all',
  },
  { header: /*i18n*/ 'Address', cell: (e) => (e.ipAddress ? <span dir="ltr">{e.ipAddress}</span> : '—'), className: 'break-all' },
  // 'Medical rep #12', the kind in the language on screen.
  { header: /*i18n*/ 'User', cell: (e) => (e.userId === null ? '—' : e.userType ? auditTargetText(`${e.userType}:${e.userId}`) : `#${e.userId}`) },
  // The details as recorded (field names and values of the code), not words of this screen: left to right, untranslated.
  {
    header: /*i18n*/ 'Details',
    cell: (e) => (
      <span translate="no" dir="ltr">
        {auditDetailsText(e.details) || '—'}
      </span>
    ),
    className: 'break-words text-xs',
  },
];

/** The 'Security' tab (spec part 1, 3: security_events): counts over 24 hours and 30 days, filters, the events a page at a time. */
export function SecurityTab() {
  useI18n();
  const [filters, setFilters] = useState(NO_SECURITY_FILTERS);
  const events = useInfiniteQuery(
    adminAuditQueries.securityEvents({ type: filters.type || undefined, level: (filters.level || undefined) as ThreatLevel | undefined }),
  );
  const rows = events.data?.pages.flatMap((p) => p.events) ?? [];
  // The counts come with the first page only, and do not depend on the filters.
  const counts: SecurityEventsResponse['counts'] = events.data?.pages[0]?.counts;
  const filtered = filters.type !== '' || filters.level !== '';

  return (
    <section aria-label={i18n._('Security')} aria-busy={events.isFetching} className="grid grid-cols-[minmax(0,1fr)] gap-4">
      {counts && (
        <div className="grid gap-3 md:grid-cols-2">
          <SecurityCounts title={i18n._('Last 24 hours')} counts={counts.last24h} />
          <SecurityCounts title={i18n._('Last 30 days')} counts={counts.last30d} />
        </div>
      )}
      <SecurityFilters value={filters} onChange={setFilters} types={counts?.last30d.byType.map((t) => t.type) ?? []} />
      {events.isPending ? (
        <Spinner label={i18n._('Loading security events...')} />
      ) : events.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(events.error, i18n._('Failed to load security events'))}
        </p>
      ) : (
        <>
          <ListSummary shown={rows.length} noun={/*i18n*/ '{count, plural, one {event} other {events}}'} updating={events.isPlaceholderData} />
          <DataList
            rows={rows}
            columns={columns}
            rowKey={(e) => e.id}
            caption={i18n._('Security events')}
            empty={filtered ? i18n._('No security events match these filters.') : i18n._('No security events recorded.')}
          />
          <LoadMore
            hasMore={events.hasNextPage}
            loading={events.isFetchingNextPage}
            onLoadMore={() => void events.fetchNextPage()}
            noun={/*i18n*/ '{count, plural, one {event} other {events}}'}
            shown={rows.length}
          />
        </>
      )}
    </section>
  );
}
