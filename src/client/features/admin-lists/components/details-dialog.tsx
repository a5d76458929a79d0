import type { ReactNode } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { useI18n } from '../../../lib/i18n';

/** The view button's dialog: every field of a row, labelled (labels marked for translation where written, translated here). */
export function DetailsDialog({
  open,
  onOpenChange,
  title,
  fields,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  fields: Array<[label: string, value: ReactNode]>;
}) {
  const { i18n } = useI18n();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title}>
      <dl className="grid gap-2 text-sm">
        {fields.map(([label, value]) => (
          <div key={label} className="grid grid-cols-[8.5rem_1fr] gap-2 border-b border-slate-100 pb-2 last:border-0 dark:border-slate-700">
            <dt className="font-medium text-slate-600 dark:text-slate-300">{i18n._(label)}</dt>
            <dd className="min-w-0 break-words text-slate-900 dark:text-slate-100">{value ?? i18n._('N/A')}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
