import { useId } from 'react';
import { useI18n } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/intl-format';

export interface ChartDatum {
  label: string;
  value: number;
  /** Shorter label under a column (the table keeps the full one). */
  short?: string;
}

/**
 * A small accessible SVG bar chart (no chart library): horizontal bars, or columns for a time series. The
 * picture has a title and a summary for screen readers, and the same numbers are one click away as a table.
 */
export function BarChart({
  title,
  data,
  kind = 'bars',
  valueHeader,
  labelHeader,
}: {
  title: string;
  data: ChartDatum[];
  kind?: 'bars' | 'columns';
  valueHeader?: string;
  labelHeader?: string;
}) {
  const { i18n } = useI18n();
  const id = useId();
  const max = Math.max(1, ...data.map((d) => d.value));
  const total = data.reduce((s, d) => s + d.value, 0);
  const top = [...data].sort((a, b) => b.value - a.value)[0];
  const summary =
    data.length === 0
      ? i18n._('No data yet.')
      : i18n._(
          '{entries, plural, one {{count} entry, {total} in total; highest: {label} with {value}.} other {{count} entries, {total} in total; highest: {label} with {value}.}}',
          {
            entries: data.length,
            count: formatNumber(data.length),
            total: formatNumber(total),
            label: top!.label,
            value: formatNumber(top!.value),
          },
        );

  return (
    <figure className="grid gap-2">
      <figcaption id={`${id}-t`} className="text-sm font-semibold text-slate-900 dark:text-white">
        {title}
      </figcaption>
      {data.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{i18n._('No data yet.')}</p>
      ) : kind === 'columns' ? (
        <Columns data={data} max={max} id={id} summary={summary} />
      ) : (
        <Bars data={data} max={max} id={id} summary={summary} />
      )}
      <details className="text-sm">
        <summary className="cursor-pointer text-teal-700 hover:underline dark:text-teal-300">{i18n._('Show data as a table')}</summary>
        <table className="mt-2 w-full text-start text-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <th scope="col" className="py-1 pe-2">
                {labelHeader ?? i18n._('Label')}
              </th>
              <th scope="col" className="py-1 text-end">
                {valueHeader ?? i18n._('Count')}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.label} className="border-b border-slate-100 dark:border-slate-800">
                <th scope="row" className="py-1 pe-2 font-normal">
                  {d.label}
                </th>
                <td className="py-1 text-end tabular-nums">{formatNumber(d.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

function Bars({ data, max, id, summary }: { data: ChartDatum[]; max: number; id: string; summary: string }) {
  // Labels and numbers are text beside each bar, so they stay readable at any width.
  return (
    <div role="img" aria-labelledby={`${id}-t ${id}-d`} className="grid gap-1.5">
      <span id={`${id}-d`} className="sr-only">
        {summary}
      </span>
      {data.map((d) => (
        <div key={d.label} aria-hidden className="grid grid-cols-[minmax(0,8rem)_1fr_2.5rem] items-center gap-2 text-sm">
          <span className="truncate text-slate-700 dark:text-slate-200" title={d.label}>
            {d.label}
          </span>
          <svg viewBox="0 0 100 10" preserveAspectRatio="none" className="h-5 w-full">
            <rect x={0} y={0} width={Math.max(1, (d.value / max) * 100)} height={10} rx={1} className="fill-teal-600 dark:fill-teal-400" />
          </svg>
          <span className="text-end font-semibold tabular-nums text-slate-900 dark:text-white">{formatNumber(d.value)}</span>
        </div>
      ))}
    </div>
  );
}

function Columns({ data, max, id, summary }: { data: ChartDatum[]; max: number; id: string; summary: string }) {
  // The bars stretch to the card (no text inside the picture, so nothing is squeezed on a phone); the scale
  // and the dates are plain text around it.
  const { i18n } = useI18n();
  const width = data.length * 10;
  const height = 100;
  const every = Math.ceil(data.length / 5);
  return (
    <div className="grid gap-1">
      <p className="text-xs text-slate-500 dark:text-slate-400">{i18n._('Highest day: {count}', { count: formatNumber(max) })}</p>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        className="h-40 w-full border-b border-slate-300 dark:border-slate-600"
        role="img"
        aria-labelledby={`${id}-t ${id}-d`}
      >
        <desc id={`${id}-d`}>{summary}</desc>
        {data.map((d, i) => {
          const h = (d.value / max) * (height - 4);
          return (
            <rect key={d.label} x={i * 10 + 1.5} y={height - h} width={7} height={h} className="fill-teal-600 dark:fill-teal-400">
              <title>{`${d.label}: ${formatNumber(d.value)}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="flex justify-between text-xs text-slate-600 dark:text-slate-300" aria-hidden>
        {data
          .filter((_, i) => i % every === 0 || i === data.length - 1)
          .map((d) => (
            <span key={d.label}>{d.short ?? d.label}</span>
          ))}
      </div>
    </div>
  );
}
