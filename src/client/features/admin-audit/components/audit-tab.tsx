import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ADMIN_ACTION_LABELS, SINGLE_PASSWORD_ADMIN, type AdminAction, type AdminAuditEntry } from '../../../../shared/schemas/admin-team';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { displayDateTimeIst } from '../../admin-shared/lib/admin-format';
import { isOwner } from '../../admin-auth/lib/admin-roles';
import { auditDetailsText, auditTargetText } from '../lib/audit-format';
import { AuditFilters, NO_AUDIT_FILTERS } from './audit-filters';
import { DataList, type Column } from '../../admin-shared/components/data-list';
import { ListSummary } from '../../admin-shared/components/list-summary';
import { LoadMore } from '../../admin-shared/components/load-more';
import { i18n, useI18n } from '../../../lib/i18n';
import { adminAuthQueries } from '../../admin-auth/api/keys';
import { adminTeamQueries } from '../../admin-team/api/keys';
import { adminAuditQueries } from '../api/keys';

const columns: Column<AdminAuditEntry>[] = [
  { header: /*i18n*/ 'When (IST)', cell: (e) => displayDateTimeIst(e.at), className: 'whitespace-nowrap tabular-nums' },
  // The shared password's session is named in the language on screen; the others by their own names.
  { header: /*i18n*/ 'Admin', primary: true, cell: (e) => (e.adminId === SINGLE_PASSWORD_ADMIN.id ? i18n._(SINGLE_PASSWORD_ADMIN.name) : e.adminName) },
  {
    header: /*i18n*/ 'Action',
    cell: (e) => {
      const details = auditDetailsText(e.details);
      return (
        <>
          {ADMIN_ACTION_LABELS[e.action] ? i18n._(ADMIN_ACTION_LABELS[e.action]) : e.action}
          {/* The details as recorded (field names and values of the code): left to right, untranslated. */}
          {details && (
            <span translate="no" dir="ltr" className="mt-0.5 block break-words text-xs text-slate-600 dark:text-slate-400">
              {details}
            </span>
          )}
        </>
      );
    },
  },
  { header: /*i18n*/ 'Target', cell: (e) => auditTargetText(e.target) },
  { header: /*i18n*/ 'Address', cell: (e) => e.ip ?? '—', className: 'break-all' },
];

/** The 'Audit' tab (docs/decisions/042): every admin act, newest first, filtered by admin and action, a page at a time. */
export function AuditTab() {
  useI18n();
  const [filters, setFilters] = useState(NO_AUDIT_FILTERS);
  const audit = useInfiniteQuery(
    adminAuditQueries.audit({ adminId: filters.adminId || undefined, action: (filters.action || undefined) as AdminAction | undefined }),
  );
  const rows = audit.data?.pages.flatMap((p) => p.entries) ?? [];
  const admins = useAuditAdmins(rows);
  const filtered = filters.adminId !== '' || filters.action !== '';

  return (
    <section aria-label={i18n._('Audit')} aria-busy={audit.isFetching} className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <AuditFilters value={filters} onChange={setFilters} admins={admins} />
      {audit.isPending ? (
        <Spinner label={i18n._('Loading the audit trail...')} />
      ) : audit.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(audit.error, i18n._('Failed to load the audit trail'))}
        </p>
      ) : (
        <>
          <ListSummary shown={rows.length} noun={/*i18n*/ '{count, plural, one {entry} other {entries}}'} updating={audit.isPlaceholderData} />
          <DataList
            rows={rows}
            columns={columns}
            rowKey={(e) => e.id}
            caption={i18n._('Audit trail')}
            empty={filtered ? i18n._('No admin acts match these filters.') : i18n._('No admin acts recorded yet.')}
          />
          <LoadMore
            hasMore={audit.hasNextPage}
            loading={audit.isFetchingNextPage}
            onLoadMore={() => void audit.fetchNextPage()}
            noun={/*i18n*/ '{count, plural, one {entry} other {entries}}'}
            shown={rows.length}
          />
        </>
      )}
    </section>
  );
}

/**
 * Whom the Admin filter offers: an owner reads the whole team; staff may not, so they choose among the admins in the
 * rows already loaded. The shared password's session (id 0) is always there: it acted before anyone was named.
 */
function useAuditAdmins(rows: AdminAuditEntry[]): Array<{ id: number; name: string }> {
  const me = useQuery(adminAuthQueries.me());
  const team = useInfiniteQuery({ ...adminTeamQueries.team(), enabled: isOwner(me.data) });
  const byId = new Map<number, string>([[SINGLE_PASSWORD_ADMIN.id, i18n._('{name} (shared password)', { name: i18n._(SINGLE_PASSWORD_ADMIN.name) })]]);
  const named = team.data ? team.data.pages.flatMap((p) => p.admins) : rows.flatMap((r) => (r.adminId === null ? [] : [{ id: r.adminId, name: r.adminName }]));
  for (const a of named) if (!byId.has(a.id)) byId.set(a.id, a.name);
  return [...byId].map(([id, name]) => ({ id, name }));
}
