import { IndexCursor, measure, type LoadRequest, type LoadResult } from './load';
import { baselineRequest, type ReadPlan } from './pg-baseline';
import { startBaseline, type Child } from './processes';
import { profiled, type ProfileSummary } from './profile';
import { log, pct, results, rows } from './report';
import type { ReadScenario } from './scenarios';

// Each read against its ceiling, measured in the same run: a cached read against a bare node:http server answering
// JSON of the read's own size (decision 012); a cold read, on PostgreSQL, against a bare node:http server with a pg
// pool of the app's size running the read's own statements, fully cold and with the session cached (decision 076).
// The mixed run (mixed.ts) compares with the same baselines, so its ratios sit beside these.

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
  // A cached read is measured with its sessions cached too: a rep opens the cascade signed in, seconds after the
  // dashboard read the session. Without this the first cascade row (the states) paid for loading 50,000 sessions.
  if (s.sessions) await warmSessions(app, s.sessions.sessionOnly, 0, s.sessions.count);
  const result = await measure(app.url, { ...load, next: s.next });
  return { result, share: result.rps / baseline.rps, baselineBytes: baseline.bytes, non2xx: non2xxOf(result) };
}

/**
 * The signed-in reads with nothing written: on PostgreSQL (`cold` given) each cold read against the node-postgres
 * baseline (decision 076), every other read against the static one and the budget of decision 012.
 */
export async function benchReads(
  kind: string,
  app: Child,
  o: {
    scenarios: ReadScenario[];
    sizes: Map<string, number>;
    load: LoadSettings;
    goal: { share: number; p99Ms?: number };
    cold?: { pg: PgBaseline; cursors: ColdCursors; goal: { share: number; p99Ratio: number } };
  },
) {
  const { scenarios, sizes, load, goal } = o;
  const out = new Map<string, ReadOutcome>();
  const cold = new Map<string, ColdOutcome>();
  for (const s of scenarios) {
    if (s.cold && o.cold) {
      const m = await measureColdRead(app, s, { ...o.cold, load });
      cold.set(s.name, m);
      pushColdRows(kind, s, m, { plan: o.cold.pg.plans.find((p) => p.scenario === s.name)!, goal: o.cold.goal });
      // Fully cold, as the row above: fresh sessions from the same cursor.
      if (process.env.BENCH_PROFILE === '1') await profileOf(kind, s.name, app, { ...load, next: s.next, cursor: o.cold.cursors[s.cold.kind] });
      continue;
    }
    const m = await measureRead(app, s, sizes.get(s.name)!, load);
    out.set(s.name, m);
    const r = m.result;
    rows.push({
      target: kind,
      measure: s.name,
      value: `${r.rps.toFixed(0)} rps${m.non2xx ? ` (${m.non2xx} not 2xx)` : ''}`,
      share: pct(m.share),
      p50: `${r.p50} ms`,
      p99: `${r.p99} ms`,
      goal: `>= ${pct(goal.share)} of ${m.baselineBytes} B base${goal.p99Ms ? `, p99 <= ${goal.p99Ms} ms` : ''}, all 2xx`,
      ok: m.share >= goal.share && m.non2xx === 0 && (goal.p99Ms === undefined || r.p99 <= goal.p99Ms),
    });
    log(`${kind} ${s.name}: ${r.rps.toFixed(0)} rps (${pct(m.share)}), p50 ${r.p50} ms, p99 ${r.p99} ms, status ${JSON.stringify(r.status)}`);
    if (process.env.BENCH_PROFILE === '1') await profileOf(kind, s.name, app, { ...load, next: s.next });
  }
  return { static: out, cold };
}

/** `--profile`: the app's CPU profile over one more run of a load (not measured), logged and kept in the results. */
export async function profileOf(
  kind: string,
  name: string,
  app: Child,
  o: LoadSettings & { next: (i: number) => LoadRequest; cursor?: IndexCursor },
): Promise<ProfileSummary> {
  const summary = await profiled(app, () => measure(app.url, { ...o, warmupSeconds: 0 }));
  const all = (results.profiles ??= {}) as Record<string, ProfileSummary>;
  all[`${kind} ${name}`] = summary;
  const top = summary.buckets.slice(0, 8).map((b) => `${b.where} ${pct(b.share)}`);
  log(`${kind} ${name} profile: busy ${pct(summary.busyShare)} of ${summary.sampledMs} ms; ${top.join(', ')}`);
  return summary;
}

/** The cold reads' request indices, one cursor per kind of session for the run (decision 076): no two requests share one. */
export type ColdCursors = Record<'medrep' | 'clinic', IndexCursor>;
export const coldCursors = (): ColdCursors => ({ medrep: new IndexCursor(1000), clinic: new IndexCursor(1000) });

/** What the cold rows compare with: the bare node-postgres server (pg-baseline.ts) and the statements it runs. */
export interface PgBaseline {
  server: Child;
  plans: ReadPlan[];
  /** Sessions a kind has for the cold reads: request i's session is fresh while i is below it (seed-volume.ts `coldDevice`). */
  freshBelow: Record<'medrep' | 'clinic', number>;
}

export interface ColdOutcome {
  cold: ReadOutcome & { p99Ratio: number; freshShare: number };
  cached: ReadOutcome & { p99Ratio: number; warmedShare: number; warmFailed: number };
  baselines: { cold: LoadResult; data: LoadResult };
}

/**
 * Sends `sessionOnly(i)` for every i in [from, from + count), 32 at a time, and answers how many failed (5xx, no
 * answer): each reads request i's session and
 * nothing else (a guard refuses that kind of account, 401), so the read's own request i finds its session cached,
 * its data not. pg-baseline.ts `recordReads` checks that the call reads the session and that it is all it reads.
 */
async function warmSessions(app: Child, sessionOnly: (i: number) => LoadRequest, from: number, count: number): Promise<number> {
  let next = from;
  let failed = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < from + count) {
        const r = sessionOnly(next++);
        const res = await fetch(app.url + r.path, { headers: { cookie: r.cookie ?? '', accept: 'application/json' } }).catch(() => null);
        await res?.arrayBuffer();
        // An overloaded app (the mixed run) may shed a call: that session stays cold, and the row says how many.
        if (!res || res.status >= 500) failed++;
      }
    }),
  );
  return failed;
}

/**
 * One cold read against the node-postgres baseline, measured side by side (baseline first, so it never runs while
 * the app is loaded): fully cold (fresh sessions) against the baseline's session + data, then with the session
 * cached (fresh sessions warmed first, data still cold) against its data alone.
 */
export async function measureColdRead(
  app: Child,
  s: ReadScenario,
  o: { pg: PgBaseline; cursors: ColdCursors; load: LoadSettings; staticRps?: number },
): Promise<ColdOutcome> {
  const { pg, load } = o;
  const kind = s.cold!.kind;
  const cursor = o.cursors[kind];
  const baseCold = await measure(pg.server.url, { ...load, next: baselineRequest(pg.plans, s, 'cold') });
  const baseData = await measure(pg.server.url, { ...load, next: baselineRequest(pg.plans, s, 'data') });
  const start = cursor.position;
  const cold = await measure(app.url, { ...load, next: s.next, cursor });
  // The session-cached row's indices, its sessions warmed: as many again as the fully cold row took and half more, or,
  // when more, a third more than the bare server reading the data alone would answer in the row's time (a cached
  // session makes the app faster than its fully cold row: 1.5 times that fell short, 9-69% warmed, 2026-12-03).
  const warmFrom = cursor.position;
  const warmCount = Math.ceil(Math.max(1.5 * (cold.to - start), (4 / 3) * baseData.rps * (load.warmupSeconds + load.seconds))) + 1000;
  const warmFailed = await warmSessions(app, s.cold!.sessionOnly, warmFrom, warmCount);
  const cached = await measure(app.url, { ...load, next: s.next, cursor });
  for (let k = cursor.position; k < warmFrom + warmCount; k++) cursor.take();
  const within = (lo: number, hi: number, r: { from: number; to: number }) =>
    r.to > r.from ? Math.max(0, Math.min(hi, r.to) - Math.max(lo, r.from)) / (r.to - r.from) : 1;
  const outcome = (r: LoadResult, base: LoadResult) => ({
    result: r,
    share: r.rps / base.rps,
    p99Ratio: base.p99 > 0 ? r.p99 / base.p99 : Infinity,
    baselineBytes: 0,
    non2xx: non2xxOf(r),
  });
  return {
    cold: { ...outcome(cold, baseCold), freshShare: within(0, pg.freshBelow[kind], cold) },
    cached: { ...outcome(cached, baseData), warmedShare: within(warmFrom, warmFrom + warmCount, cached), warmFailed },
    baselines: { cold: baseCold, data: baseData },
  };
}

/** The rows of one cold read: the baseline's two, then the app's two against them (`suffix`: ' + writes' in the mixed run). */
export function pushColdRows(
  target: string,
  s: ReadScenario,
  m: ColdOutcome,
  o: { plan: ReadPlan; goal: { share: number; p99Ratio: number } | null; suffix?: string },
): void {
  const suffix = o.suffix ?? '';
  const { plan, goal } = o;
  const trips = `${plan.data.length} data statement${plan.data.length === 1 ? '' : 's'}, the app's in ${plan.dataRoundTrips} round trip${plan.dataRoundTrips === 1 ? '' : 's'}`;
  for (const [what, r] of [
    ['session + data', m.baselines.cold],
    ['data alone', m.baselines.data],
  ] as const) {
    rows.push({
      target: 'baseline',
      measure: `bare node-postgres ${s.name} ${what}${suffix}`,
      value: `${r.rps.toFixed(0)} rps${non2xxOf(r) ? ` (${non2xxOf(r)} not 2xx)` : ''}, ${trips}`,
      share: '100%',
      p50: `${r.p50} ms`,
      p99: `${r.p99} ms`,
      goal: 'reference, all 2xx',
      ok: non2xxOf(r) === 0 ? null : false,
    });
  }
  for (const [what, x, note] of [
    ['fully cold', m.cold, `fresh sessions ${pct(m.cold.freshShare)}`],
    ['session cached', m.cached, `sessions warmed ${pct(m.cached.warmedShare)}${m.cached.warmFailed ? ` (${m.cached.warmFailed} warming calls failed)` : ''}`],
  ] as const) {
    const r = x.result;
    const answered = r.requests > 0;
    rows.push({
      target,
      measure: `${s.name} ${what}${suffix}`,
      value: `${r.rps.toFixed(0)} rps, ${note}, p99 ${x.p99Ratio.toFixed(2)}x base${x.non2xx ? ` (${x.non2xx} not 2xx)` : ''}`,
      share: pct(x.share),
      p50: answered ? `${r.p50} ms` : '-',
      p99: answered ? `${r.p99} ms` : '-',
      goal: goal
        ? `>= ${pct(goal.share)} of ${what === 'fully cold' ? 'session + data' : 'data alone'}, p99 <= ${goal.p99Ratio}x, all 2xx`
        : 'reported, all 2xx',
      ok: !answered || x.non2xx ? false : goal ? x.share >= goal.share && x.p99Ratio <= goal.p99Ratio : null,
    });
    log(
      `${target} ${s.name} ${what}${suffix}: ${r.rps.toFixed(0)} rps (${pct(x.share)} of pg base), p99 ${r.p99} ms (${x.p99Ratio.toFixed(2)}x), ${note}, status ${JSON.stringify(r.status)}`,
    );
  }
}
