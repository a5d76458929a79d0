import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useI18n } from '../../../lib/i18n';

export interface Column<T> {
  /** Marked for translation where written; translated here. */
  header: string;
  cell: (row: T) => ReactNode;
  /** Hidden from the phone card's label (the card's title row already shows it). */
  primary?: boolean;
  className?: string;
}

/**
 * A table on wide screens and a list of cards on phones, from one column definition. The table
 * has a caption for screen readers; each card repeats the column names as labels.
 */
export function DataList<T>({
  rows,
  columns,
  rowKey,
  caption,
  empty,
}: {
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  caption: string;
  empty: ReactNode;
}) {
  const { i18n } = useI18n();
  if (rows.length === 0)
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-600 dark:text-slate-300">
        {empty}
      </p>
    );
  return (
    <>
      <div className="hidden overflow-x-auto rounded-lg border border-slate-200 md:block dark:border-slate-700">
        <table className="w-full text-start text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600 dark:bg-slate-800 dark:text-slate-300">
            <tr>
              {columns.map((c) => (
                <th key={c.header} scope="col" className="px-3 py-2 font-semibold">
                  {i18n._(c.header)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
            {rows.map((row) => (
              <tr key={rowKey(row)} className="align-top hover:bg-slate-50 dark:hover:bg-slate-800/60">
                {columns.map((c) => (
                  <td key={c.header} className={clsx('px-3 py-2 text-slate-800 dark:text-slate-200', c.className)}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-3 md:hidden" aria-label={caption}>
        {rows.map((row) => (
          <li key={rowKey(row)} className="rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-sm dark:border-slate-700 dark:bg-slate-800">
            <dl className="grid gap-1.5">
              {columns.map((c) =>
                c.primary ? (
                  <div key={c.header} className="font-medium text-slate-900 dark:text-white">
                    <dt className="sr-only">{i18n._(c.header)}</dt>
                    <dd>{c.cell(row)}</dd>
                  </div>
                ) : (
                  <div key={c.header} className="grid grid-cols-[6.5rem_1fr] gap-2">
                    <dt className="text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">{i18n._(c.header)}</dt>
                    <dd className="min-w-0 break-words text-slate-800 dark:text-slate-200">{c.cell(row)}</dd>
                  </div>
                ),
              )}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
