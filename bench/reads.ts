import { measure, type LoadResult } from './load';
import { startBaseline, type Child } from './processes';
import { log, pct, results, rows } from './report';
import type { ReadScenario } from './scenarios';

// Each read against its ceiling: a bare node:http server answering JSON of the read's own size, measured in the same
// run (decision 012). The mixed run (mixed.ts) compares with the same baselines, so its ratios sit beside these.

export interface LoadSettings {
  connections: number;
  seconds: number;
  warmupSeconds: number;
}

export interface ReadOutcome {
  result: LoadResult;
  /** requests/s as a share of the same-size bare baseline */
  share: number;
  baselineBytes: number;
  non2xx: number;
}

/** Each read's response size: the median of five of its requests. */
export async function sampleSizes(app: Child, scenarios: ReadScenario[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const s of scenarios) {
    const sizes: number[] = [];
    for (const i of [1, 2, 3, 4, 5]) {
      const r = s.next(i);
      const res = await fetch(app.url + r.path, { headers: { cookie: r.cookie ?? '' } });
      const text = await res.text();
      if (!res.ok) throw new Error(`${s.name} answered ${res.status}: ${text.slice(0, 200)}`);
      sizes.push(Buffer.byteLength(text));
    }
    out.set(s.name, sizes.sort((a, b) => a - b)[2]!);
  }
  return out;
}

/** Baselines by response size, rounded down to 256 B (a smaller body: a slightly higher ceiling), each measured once per run and shared by every scenario and database. */
const baselines = new Map<number, number>();
export async function baselineFor(size: number, load: LoadSettings): Promise<{ rps: number; bytes: number }> {
  const bytes = Math.max(256, Math.floor(size / 256) * 256);
  const known = baselines.get(bytes);
  if (known) return { rps: known, bytes };
  const server = await startBaseline(bytes);
  try {
    const r = await measure(server.url, { ...load, next: () => ({ path: '/' }) });
    baselines.set(bytes, r.rps);
    results.baselines = { ...(results.baselines as object), [bytes]: r };
    rows.push({
      target: 'baseline',
      measure: `bare node:http, ${bytes} B JSON`,
      value: `${r.rps.toFixed(0)} rps`,
      share: '100%',
      p50: `${r.p50} ms`,
      p99: `${r.p99} ms`,
      goal: 'reference',
      ok: null,
    });
    log(`baseline (${bytes} B): ${r.rps.toFixed(0)} rps, p99 ${r.p99} ms`);
    return { rps: r.rps, bytes };
  } finally {
    await server.stop();
  }
}

const non2xxOf = (r: LoadResult) =>
  r.requests -
  Object.entries(r.status)
    .filter(([c]) => c.startsWith('2'))
    .reduce((a, [, n]) => a + n, 0) +
  r.errors;

/** One read under load (after its baseline, so the baseline never runs while the app is loaded). */
export async function measureRead(app: Child, s: ReadScenario, size: number, load: LoadSettings): Promise<ReadOutcome> {
  const baseline = await baselineFor(size, load);
  const result = await measure(app.url, { ...load, next: s.next });
  return { result, share: result.rps / baseline.rps, baselineBytes: baseline.bytes, non2xx: non2xxOf(result) };
}

/** The signed-in reads with nothing written, each against the budget of decision 012. */
export async function benchReads(
  kind: string,
  app: Child,
  o: { scenarios: ReadScenario[]; sizes: Map<string, number>; load: LoadSettings; goal: { share: number; p99Ms?: number } },
) {
  const { scenarios, sizes, load, goal } = o;
  const out = new Map<string, ReadOutcome>();
  for (const s of scenarios) {
    const o = await measureRead(app, s, sizes.get(s.name)!, load);
    out.set(s.name, o);
    const r = o.result;
    rows.push({
      target: kind,
      measure: s.name,
      value: `${r.rps.toFixed(0)} rps${o.non2xx ? ` (${o.non2xx} not 2xx)` : ''}`,
      share: pct(o.share),
      p50: `${r.p50} ms`,
      p99: `${r.p99} ms`,
      goal: `>= ${pct(goal.share)} of ${o.baselineBytes} B base${goal.p99Ms ? `, p99 <= ${goal.p99Ms} ms` : ''}, all 2xx`,
      ok: o.share >= goal.share && o.non2xx === 0 && (goal.p99Ms === undefined || r.p99 <= goal.p99Ms),
    });
    log(`${kind} ${s.name}: ${r.rps.toFixed(0)} rps (${pct(o.share)}), p50 ${r.p50} ms, p99 ${r.p99} ms, status ${JSON.stringify(r.status)}`);
  }
  return out;
}
