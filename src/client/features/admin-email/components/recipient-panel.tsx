import { useId } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { NativeSelect } from '../../../components/ui/native-select';
import type { EmailRecipient } from '../../../../shared/schemas/admin';
import { recipientKind, type RecipientGroup } from '../../../../shared/subscription/recipient-groups';
import { RECIPIENT_BADGE, RECIPIENT_FILTERS } from '../lib/recipient-filters';
import { LoadMoreRows } from '../../admin-shared/components/load-more-rows';
import { SearchBox } from '../../admin-shared/components/search-box';
import { EmailAddress } from '../../../components/ui/email-address';
import { listWord, useI18n } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/intl-format';

export interface RecipientPage {
  rows: EmailRecipient[];
  /** The server's count for the filter and search (docs/decisions/023). */
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  /** The rows on screen are an earlier filter's while the new one loads: "Select All" waits for them. */
  stale: boolean;
}

/**
 * spec part 2, 2.6: 'Recipients (N selected)', the five filters, a search by name or e-mail, and Select All over
 * everyone the filter matches on the server, not only the rows loaded so far.
 */
export function RecipientPanel({
  page,
  group,
  onGroupChange,
  search,
  onSearchChange,
  selectedCount,
  allSelected,
  onSelectAll,
  isSelected,
  onToggle,
}: {
  page: RecipientPage;
  group: RecipientGroup;
  onGroupChange: (g: RecipientGroup) => void;
  search: string;
  onSearchChange: (q: string) => void;
  selectedCount: number;
  allSelected: boolean;
  onSelectAll: (on: boolean) => void;
  isSelected: (id: number) => boolean;
  onToggle: (id: number, on: boolean) => void;
}) {
  const { i18n } = useI18n();
  const filterId = useId();
  const { rows, total } = page;
  return (
    <Card className="grid content-start gap-3">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white" aria-live="polite">
        {i18n._('Recipients ({count} selected)', { count: formatNumber(selectedCount) })}
      </h2>
      <div className="grid gap-1.5">
        <label htmlFor={filterId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {i18n._('Filter')}
        </label>
        <NativeSelect id={filterId} value={group} onChange={(e) => onGroupChange(e.target.value as RecipientGroup)}>
          {RECIPIENT_FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {i18n._(f.label)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <SearchBox value={search} onChange={onSearchChange} label={i18n._('Search recipients by name or email')} />
      <Checkbox
        checked={allSelected}
        onCheckedChange={onSelectAll}
        label={i18n._('Select All ({count})', { count: formatNumber(total) })}
        disabled={total === 0 || page.stale}
      />
      <div
        className="max-h-96 overflow-y-auto rounded-lg border border-slate-200 dark:border-slate-700"
        role="region"
        tabIndex={0}
        aria-label={i18n._('Medical representatives')}
        aria-busy={page.stale || undefined}
      >
        <ul className="divide-y divide-slate-100 dark:divide-slate-700">
          {rows.length === 0 && <li className="p-3 text-sm text-slate-600 dark:text-slate-300">{i18n._('No medical representatives in this group.')}</li>}
          {rows.map((r) => {
            const badge = RECIPIENT_BADGE[recipientKind(r)];
            return (
              <li key={r.id} className="p-3">
                <Checkbox
                  checked={isSelected(r.id)}
                  onCheckedChange={(on) => onToggle(r.id, on)}
                  label={
                    <span className="grid gap-0.5">
                      <span className="flex flex-wrap items-center gap-2 font-medium">
                        {r.fullName}
                        <Badge tone={badge.tone}>{i18n._(badge.label)}</Badge>
                      </span>
                      <EmailAddress address={r.email} className="text-xs text-slate-600 dark:text-slate-300" />
                      <span className="text-xs text-slate-500 dark:text-slate-400">
                        {r.company} • {listWord(r.state)}
                      </span>
                    </span>
                  }
                />
              </li>
            );
          })}
        </ul>
        <LoadMoreRows
          shown={rows.length}
          total={total}
          noun={/*i18n*/ '{count, plural, one {representative} other {representatives}}'}
          hasMore={page.hasMore}
          loading={page.loadingMore}
          onLoadMore={page.loadMore}
        />
      </div>
    </Card>
  );
}
