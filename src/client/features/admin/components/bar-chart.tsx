import { useId } from 'react';

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
export function BarChart({ title, data, kind = 'bars', valueHeader = 'Count', labelHeader = 'Label' }: { title: string; data: ChartDatum[]; kind?: 'bars' | 'columns'; valueHeader?: string; labelHeader?: string }) {
  const id = useId();
  const max = Math.max(1, ...data.map((d) => d.value));
  const total = data.reduce((s, d) => s + d.value, 0);
  const top = [...data].sort((a, b) => b.value - a.value)[0];
  const summary = data.length === 0 ? 'No data yet.' : `${data.length} entries, ${total} in total; highest: ${top!.label} with ${top!.value}.`;

  return (
    <figure className="grid gap-2">
      <figcaption id={`${id}-t`} className="text-sm font-semibold text-slate-900 dark:text-white">{title}</figcaption>
      {data.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">No data yet.</p>
      ) : kind === 'columns' ? (
        <Columns data={data} max={max} id={id} summary={summary} />
      ) : (
        <Bars data={data} max={max} id={id} summary={summary} />
      )}
      <details className="text-sm">
        <summary className="cursor-pointer text-teal-700 hover:underline dark:text-teal-300">Show data as a table</summary>
        <table className="mt-2 w-full text-left text-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <th scope="col" className="py-1 pr-2">{labelHeader}</th>
              <th scope="col" className="py-1 text-right">{valueHeader}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.label} className="border-b border-slate-100 dark:border-slate-800">
                <th scope="row" className="py-1 pr-2 font-normal">{d.label}</th>
                <td className="py-1 text-right tabular-nums">{d.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

function Bars({ data, max, id, summary }: { data: ChartDatum[]; max: number; id: string; summary: string }) {
  const row = 28;
  const labelW = 130;
  const width = 400;
  const barMax = width - labelW - 40;
  return (
    <svg viewBox={`0 0 ${width} ${data.length * row}`} className="w-full" role="img" aria-labelledby={`${id}-t ${id}-d`}>
      <desc id={`${id}-d`}>{summary}</desc>
      {data.map((d, i) => {
        const w = Math.max(2, (d.value / max) * barMax);
        const y = i * row;
        return (
          <g key={d.label}>
            <text x={labelW - 8} y={y + row / 2 + 5} textAnchor="end" className="fill-slate-700 text-[13px] dark:fill-slate-200">
              {d.label.length > 18 ? `${d.label.slice(0, 17)}…` : d.label}
            </text>
            <rect x={labelW} y={y + 5} width={w} height={row - 10} rx={3} className="fill-teal-600 dark:fill-teal-400" />
            <text x={labelW + w + 6} y={y + row / 2 + 5} className="fill-slate-900 text-[13px] font-semibold dark:fill-white">
              {d.value}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

function Columns({ data, max, id, summary }: { data: ChartDatum[]; max: number; id: string; summary: string }) {
  const width = 600;
  const height = 220;
  const base = height - 28;
  const slot = width / data.length;
  const every = Math.ceil(data.length / 6);
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className="w-full" role="img" aria-labelledby={`${id}-t ${id}-d`}>
      <desc id={`${id}-d`}>{summary}</desc>
      <line x1={0} x2={width} y1={base} y2={base} className="stroke-slate-300 dark:stroke-slate-600" />
      <text x={2} y={14} className="fill-slate-500 text-[16px] dark:fill-slate-400">max {max}</text>
      {data.map((d, i) => {
        const h = (d.value / max) * (base - 24);
        const x = i * slot + slot * 0.15;
        return (
          <g key={d.label}>
            <rect x={x} y={base - h} width={slot * 0.7} height={Math.max(h, d.value ? 2 : 0)} rx={2} className="fill-teal-600 dark:fill-teal-400">
              <title>{`${d.label}: ${d.value}`}</title>
            </rect>
            {i % every === 0 && (
              <text x={x + slot * 0.35} y={height - 6} textAnchor="middle" className="fill-slate-600 text-[16px] dark:fill-slate-300">
                {d.short ?? d.label}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
