import { useId } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { NativeSelect } from '../../../components/ui/native-select';
import type { EmailRecipient } from '../../../../shared/schemas/admin';
import { RECIPIENT_BADGE, RECIPIENT_FILTERS, recipientKind, type RecipientFilter } from '../lib/recipient-filters';

/** spec part 2, 2.6: 'Recipients (N selected)', the five filters, Select All over the filtered list. */
export function RecipientPanel({
  filtered,
  filter,
  onFilterChange,
  selected,
  onSelectedChange,
}: {
  filtered: EmailRecipient[];
  filter: RecipientFilter;
  onFilterChange: (f: RecipientFilter) => void;
  selected: Set<number>;
  onSelectedChange: (s: Set<number>) => void;
}) {
  const filterId = useId();
  const allSelected = filtered.length > 0 && filtered.every((r) => selected.has(r.id));
  const selectAll = (on: boolean) => {
    const next = new Set(selected);
    for (const r of filtered) {
      if (on) next.add(r.id);
      else next.delete(r.id);
    }
    onSelectedChange(next);
  };
  const toggle = (id: number, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelectedChange(next);
  };
  return (
    <Card className="grid content-start gap-3">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Recipients ({selected.size} selected)</h2>
      <div className="grid gap-1.5">
        <label htmlFor={filterId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          Filter
        </label>
        <NativeSelect id={filterId} value={filter} onChange={(e) => onFilterChange(e.target.value as RecipientFilter)}>
          {RECIPIENT_FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Checkbox checked={allSelected} onCheckedChange={selectAll} label={`Select All (${filtered.length})`} disabled={filtered.length === 0} />
      <ul
        className="max-h-96 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700"
        aria-label="Medical representatives"
      >
        {filtered.length === 0 && <li className="p-3 text-sm text-slate-600 dark:text-slate-300">No medical representatives in this group.</li>}
        {filtered.map((r) => {
          const badge = RECIPIENT_BADGE[recipientKind(r)];
          return (
            <li key={r.id} className="p-3">
              <Checkbox
                checked={selected.has(r.id)}
                onCheckedChange={(on) => toggle(r.id, on)}
                label={
                  <span className="grid gap-0.5">
                    <span className="flex flex-wrap items-center gap-2 font-medium">
                      {r.fullName}
                      <Badge tone={badge.tone}>{badge.label}</Badge>
                    </span>
                    <span className="break-all text-xs text-slate-600 dark:text-slate-300">{r.email}</span>
                    <span className="text-xs text-slate-500 dark:text-slate-400">
                      {r.company} • {r.state}
                    </span>
                  </span>
                }
              />
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
