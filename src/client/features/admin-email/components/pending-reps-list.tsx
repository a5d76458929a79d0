import { Badge } from '../../../components/ui/badge';
import { Checkbox } from '../../../components/ui/checkbox';
import { Spinner } from '../../../components/ui/spinner';
import type { PendingRep } from '../../../../shared/schemas/admin';
import { displayDate } from '../../admin-shared/lib/admin-format';
import { LoadMoreRows } from '../../admin-shared/components/load-more-rows';
import { EmailAddress } from '../../../components/ui/email-address';
import { useI18n } from '../../../lib/i18n';

/** spec part 2, 2.5 (b): the scrollable list (about 16rem) of pending reps, a page at a time, with their token badge. */
export function PendingRepsList({
  loading,
  rows,
  total,
  openedAt,
  isSelected,
  onToggle,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  loading: boolean;
  rows: PendingRep[];
  total: number;
  /** Whether a code is still active is judged against the time the tool opened. */
  openedAt: number;
  isSelected: (email: string) => boolean;
  onToggle: (email: string, on: boolean) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const { i18n } = useI18n();
  return (
    <div
      className="h-64 overflow-y-auto rounded-lg border border-slate-200 dark:border-slate-700"
      role="region"
      tabIndex={0}
      aria-label={i18n._('Pending medical representatives')}
    >
      {loading ? (
        <div className="p-3">
          <Spinner label={i18n._('Loading pending registrations...')} />
        </div>
      ) : rows.length === 0 ? (
        <p className="p-4 text-sm text-slate-600 dark:text-slate-300">{i18n._('No pending registrations.')}</p>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-700">
          {rows.map((p) => {
            const active = !!p.token_expiry && Date.parse(p.token_expiry) > openedAt;
            return (
              <li key={p.id} className="flex items-start justify-between gap-2 p-3">
                <Checkbox
                  checked={isSelected(p.email)}
                  onCheckedChange={(on) => onToggle(p.email, on)}
                  label={
                    <span className="grid">
                      <span className="font-medium">{p.full_name}</span>
                      <EmailAddress address={p.email} className="text-xs text-slate-600 dark:text-slate-300" />
                      <span className="text-xs text-slate-500 dark:text-slate-400">
                        {i18n._('{company}, {state} · registered {date}', { company: p.company, state: p.state, date: displayDate(p.created_at) })}
                      </span>
                    </span>
                  }
                />
                <Badge tone={active ? 'success' : 'warning'} className="shrink-0">
                  {active ? i18n._('Token Active') : i18n._('Token Expired')}
                </Badge>
              </li>
            );
          })}
        </ul>
      )}
      <LoadMoreRows
        shown={rows.length}
        total={total}
        noun={/*i18n*/ '{count, plural, one {pending} other {pending}}'}
        hasMore={hasMore}
        loading={loadingMore}
        onLoadMore={onLoadMore}
      />
    </div>
  );
}
