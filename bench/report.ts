import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// The one table `npm run bench` prints and the JSON it writes to bench/results/ (decision 012: ratios measured
// side by side in one run, not absolute times).

export interface Row {
  target: string;
  measure: string;
  value: string;
  /** the share of the reference measured in the same run (a bare server, the direct transaction) */
  share?: string;
  p50?: string;
  p99?: string;
  goal: string;
  /** null: reported, no budget */
  ok: boolean | null;
}

export const rows: Row[] = [];
export const results: Record<string, unknown> = { startedAt: new Date().toISOString() };

export const log = (msg: string) => process.stdout.write(`[bench] ${msg}\n`);
export const pct = (x: number) => `${(100 * x).toFixed(0)}%`;
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
/** The `p` quantile of ascending `sorted` latencies, in whole ms. */
export const percentile = (sorted: number[], p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0);

export function printTable(): void {
  const head = ['db', 'measure', 'value', 'of base', 'p50', 'p99', 'goal', 'ok'];
  const body = rows.map((r) => [r.target, r.measure, r.value, r.share ?? '', r.p50 ?? '', r.p99 ?? '', r.goal, r.ok === null ? '-' : r.ok ? 'yes' : 'NO']);
  const widths = head.map((h, c) => Math.max(h.length, ...body.map((b) => b[c]!.length)));
  const line = (cells: string[]) => cells.map((x, c) => x.padEnd(widths[c]!)).join(' | ');
  process.stdout.write(`\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('-|-')}\n${body.map(line).join('\n')}\n\n`);
}

/** Writes bench/results/<time>.json and returns its path. */
export function writeResults(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ ...results, table: rows }, null, 2));
  return file;
}
