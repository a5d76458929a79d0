import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type Database } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { buildClient, measureBundles } from './bundle';
import { runLighthouse, type LighthouseScore } from './lighthouse';
import { count5xx, measure, type LoadResult } from './load';
import { startApp, startBaseline, type Child } from './processes';
import { bookingRequest, contendedBooking, directBookings, distinctBooking, readScenarios } from './scenarios';
import { seedVolume, type SeededVolume } from './seed-volume';
import { runTwoInstances } from './two-instances';

// `npm run bench [-- --quick] [-- --two-instances] [-- --only=postgres|embedded] [-- --no-lighthouse]` (decision 012).
// Builds the client into bench/.dist, seeds a realistic volume, starts the app as a child process on
// PostgreSQL and on the embedded database and measures it against a bare node:http baseline in the same run.

const args = new Set(process.argv.slice(2));
const quick = args.has('--quick');
const only = [...args].find((a) => a.startsWith('--only='))?.slice(7);
const SECONDS = quick ? 3 : 10;
const WARMUP = quick ? 1 : 3;
const CONNECTIONS = 32;
const here = fileURLToPath(new URL('.', import.meta.url));
const clientDir = join(here, '.dist');
const adminUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

const TARGETS = {
  readShare: 0.4,
  readP99Ms: 50,
  bookingShare: 0.5,
  contentionShare: 0.2,
  landingJsKb: 130,
  lighthousePerf: 90,
  lighthouseA11y: 95,
  embeddedReadShare: 0.15,
};

interface Row {
  target: string;
  measure: string;
  value: string;
  share?: string;
  p99?: string;
  goal: string;
  ok: boolean | null;
}
const rows: Row[] = [];
const results: Record<string, unknown> = { startedAt: new Date().toISOString(), quick, seconds: SECONDS, connections: CONNECTIONS, targets: TARGETS };
const log = (msg: string) => process.stdout.write(`[bench] ${msg}\n`);
const pct = (x: number) => `${(100 * x).toFixed(0)}%`;

async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `repvisit_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function seed(database: Database): Promise<SeededVolume> {
  const t = Date.now();
  await migrateDatabase(database);
  const v = await seedVolume(database.db, { now: new Date() });
  log(`seeded ${database.kind} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  return v;
}

/** Each read's response size: the median of a few of its requests. */
async function sampleSizes(app: Child, v: SeededVolume): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const s of readScenarios(v)) {
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

/** The app process's resident memory (Linux), with every read cache filled by the read benchmark. */
function residentMb(app: Child): number | null {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${app.proc.pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

function recordMemory(kind: string, app: Child): number | null {
  const mb = residentMb(app);
  rows.push({
    target: kind,
    measure: 'app resident memory after the reads (caches full)',
    value: mb === null ? 'not measured' : `${mb} MB`,
    goal: 'reported',
    ok: null,
  });
  log(`${kind} app RSS after reads: ${mb} MB`);
  return mb;
}

async function benchReads(kind: string, app: Child, v: SeededVolume, minShare: number, p99Goal?: number) {
  const out: Record<string, LoadResult> = {};
  const sizes = await sampleSizes(app, v);
  for (const s of readScenarios(v)) {
    // The ceiling for this route: a bare server answering JSON of the same size (decision 012).
    const { rps: baselineRps, bytes } = await baselineFor(sizes.get(s.name)!);
    const r = await measure(app.url, { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP, next: s.next });
    out[s.name] = r;
    const share = r.rps / baselineRps;
    const non2xx =
      r.requests -
      Object.entries(r.status)
        .filter(([c]) => c.startsWith('2'))
        .reduce((a, [, n]) => a + n, 0) +
      r.errors;
    const ok = share >= minShare && non2xx === 0 && (p99Goal === undefined || r.p99 <= p99Goal);
    rows.push({
      target: kind,
      measure: s.name,
      value: `${r.rps.toFixed(0)} rps${non2xx ? ` (${non2xx} not 2xx)` : ''}`,
      share: pct(share),
      p99: `${r.p99} ms`,
      goal: `>= ${pct(minShare)} of ${bytes} B base${p99Goal ? `, p99 <= ${p99Goal} ms` : ''}, all 2xx`,
      ok,
    });
    log(`${kind} ${s.name}: ${r.rps.toFixed(0)} rps (${pct(share)}), p99 ${r.p99} ms, status ${JSON.stringify(r.status)}`);
  }
  return out;
}

async function benchBookings(kind: string, app: Child, v: SeededVolume, direct?: { rps: number; contendedRps?: number }) {
  // The direct run (postgres) used the first requests of the sequence; the HTTP run starts far past them.
  let i = direct ? 200_000 : 0;
  const distinct = await measure(app.url, {
    connections: CONNECTIONS,
    seconds: SECONDS,
    warmupSeconds: WARMUP,
    next: () => bookingRequest(v, distinctBooking(v, i++)),
  });
  const booked = distinct.status['201'] ?? 0;
  log(`${kind} booking distinct: ${distinct.rps.toFixed(0)}/s, status ${JSON.stringify(distinct.status)}, p99 ${distinct.p99} ms`);
  rows.push({
    target: kind,
    measure: 'POST /api/book-appointment, distinct reps and days',
    value: `${(booked / SECONDS).toFixed(0)} bookings/s (${distinct.requests - booked} not 201)`,
    share: direct ? pct(booked / SECONDS / direct.rps) : undefined,
    p99: `${distinct.p99} ms`,
    goal: direct ? `>= ${pct(TARGETS.bookingShare)} of direct, no 5xx` : 'no 5xx',
    ok: count5xx(distinct) === 0 && distinct.errors === 0 && (!direct || booked / SECONDS / direct.rps >= TARGETS.bookingShare),
  });

  let j = 0;
  const contended = await measure(app.url, {
    connections: CONNECTIONS,
    seconds: SECONDS,
    warmupSeconds: WARMUP,
    warmupNext: () => bookingRequest(v, contendedBooking(v, 1, j++)),
    next: () => bookingRequest(v, contendedBooking(v, 0, j++)),
  });
  const fiveXx = count5xx(contended);
  log(`${kind} booking contended: ${contended.rps.toFixed(0)}/s, status ${JSON.stringify(contended.status)}, p99 ${contended.p99} ms`);
  rows.push({
    target: kind,
    measure: 'POST /api/book-appointment, all for one doctor-day',
    value: `${contended.rps.toFixed(0)} answers/s (${contended.status['201'] ?? 0} booked, ${fiveXx} 5xx)`,
    share: direct ? pct(contended.rps / direct.rps) : undefined,
    p99: `${contended.p99} ms`,
    goal: direct ? `>= ${pct(TARGETS.contentionShare)} of direct uncontended, 0 5xx` : '0 5xx',
    ok: fiveXx === 0 && contended.errors === 0 && (!direct || contended.rps / direct.rps >= TARGETS.contentionShare),
  });
  return { distinct, contended };
}

async function benchPostgres(lighthouse: boolean) {
  const created = await createDatabase();
  let app: Child | undefined;
  try {
    const database = await openDatabase({ url: created.url, dataDir: 'memory://' });
    const v = await seed(database);
    // The database's own limit, measured first while nothing else runs.
    let d = 0;
    await directBookings(database.db, { seconds: WARMUP, concurrency: CONNECTIONS, body: () => distinctBooking(v, d++) });
    const direct = await directBookings(database.db, { seconds: SECONDS, concurrency: CONNECTIONS, body: () => distinctBooking(v, d++) });
    await database.close();
    const directRate = (direct.status['201'] ?? 0) / SECONDS;
    log(`postgres direct booking transaction: ${directRate.toFixed(0)} bookings/s, status ${JSON.stringify(direct.status)}`);
    rows.push({
      target: 'postgres',
      measure: 'booking transaction direct on a pool (in-process)',
      value: `${directRate.toFixed(0)} bookings/s`,
      p99: `${direct.p99} ms`,
      goal: 'reference',
      ok: null,
    });

    app = await startApp({ database: { DATABASE_URL: created.url }, clientDir });
    const reads = await benchReads('postgres', app, v, TARGETS.readShare, TARGETS.readP99Ms);
    const rssMb = recordMemory('postgres', app);
    const bookings = await benchBookings('postgres', app, v, { rps: directRate });
    let scores: LighthouseScore[] = [];
    if (lighthouse) {
      scores = await runLighthouse([`${app.url}/`, `${app.url}/medrep-login`]);
      for (const s of scores) {
        rows.push({
          target: 'postgres',
          measure: `Lighthouse ${new URL(s.url).pathname}`,
          value:
            s.error && s.performance === null
              ? `not run: ${s.error.slice(0, 80)}`
              : `perf ${s.performance}, a11y ${s.accessibility} (LCP ${s.lcpMs} ms, TBT ${s.tbtMs} ms)`,
          goal: `perf >= ${TARGETS.lighthousePerf}, a11y >= ${TARGETS.lighthouseA11y}`,
          ok: s.performance === null ? null : s.performance >= TARGETS.lighthousePerf && (s.accessibility ?? 0) >= TARGETS.lighthouseA11y,
        });
      }
    }
    results.postgres = { reads, rssMb, direct, bookings, lighthouse: scores };
  } finally {
    await app?.stop();
    await created.drop();
  }
}

/** Baselines by response size, rounded down to 256 B (a smaller body: a slightly higher ceiling), each measured once per run and shared by both databases. */
const baselines = new Map<number, number>();
async function baselineFor(size: number): Promise<{ rps: number; bytes: number }> {
  const bytes = Math.max(256, Math.floor(size / 256) * 256);
  const known = baselines.get(bytes);
  if (known) return { rps: known, bytes };
  const server = await startBaseline(bytes);
  try {
    const r = await measure(server.url, { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP, next: () => ({ path: '/' }) });
    baselines.set(bytes, r.rps);
    results.baselines = { ...(results.baselines as object), [bytes]: r };
    rows.push({
      target: 'baseline',
      measure: `bare node:http, ${bytes} B JSON`,
      value: `${r.rps.toFixed(0)} rps`,
      share: '100%',
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

async function benchEmbedded() {
  const dataDir = mkdtempSync(join(tmpdir(), 'repvisit-bench-'));
  let app: Child | undefined;
  try {
    const database = await openDatabase({ dataDir });
    const v = await seed(database);
    await database.close();
    app = await startApp({ database: { DATA_DIR: dataDir }, clientDir });
    const reads = await benchReads('embedded', app, v, TARGETS.embeddedReadShare);
    const rssMb = recordMemory('embedded', app);
    const bookings = await benchBookings('embedded', app, v);
    results.embedded = { reads, rssMb, bookings };
  } finally {
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function printTable() {
  const head = ['db', 'measure', 'value', 'of base', 'p99', 'goal', 'ok'];
  const body = rows.map((r) => [r.target, r.measure, r.value, r.share ?? '', r.p99 ?? '', r.goal, r.ok === null ? '-' : r.ok ? 'yes' : 'NO']);
  const widths = head.map((h, c) => Math.max(h.length, ...body.map((b) => b[c]!.length)));
  const line = (cells: string[]) => cells.map((x, c) => x.padEnd(widths[c]!)).join(' | ');
  process.stdout.write(`\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('-|-')}\n${body.map(line).join('\n')}\n\n`);
}

async function main() {
  const started = Date.now();
  if (args.has('--two-instances')) {
    const created = await createDatabase();
    try {
      const outcome = await runTwoInstances({ url: created.url, clientDir, seconds: SECONDS, log });
      process.stdout.write(`${JSON.stringify(outcome, null, 2)}\n`);
      if (!outcome.ok) process.exitCode = 1;
    } finally {
      await created.drop();
    }
    return;
  }
  if (!args.has('--no-build')) {
    log('building the client into bench/.dist');
    buildClient(clientDir);
  }
  const bundles = measureBundles(clientDir);
  results.bundles = bundles;
  rows.push({
    target: 'client',
    measure: 'landing route / initial JS (CSS) gzipped',
    value: `${bundles.landing.jsGzipKb} KB JS, ${bundles.landing.cssGzipKb} KB CSS`,
    goal: `JS <= ${TARGETS.landingJsKb} KB`,
    ok: bundles.landing.jsGzipKb <= TARGETS.landingJsKb,
  });
  for (const r of bundles.onDemand) {
    rows.push({
      target: 'client',
      measure: `${r.route} JS (CSS) gzipped`,
      value: `${r.jsGzipKb} KB JS, ${r.cssGzipKb} KB CSS`,
      goal: 'loads on demand',
      ok: null,
    });
  }
  if (only !== 'embedded') await benchPostgres(!args.has('--no-lighthouse'));
  if (only !== 'postgres') await benchEmbedded();
  const secondsTotal = Math.round((Date.now() - started) / 1000);
  results.seconds_total = secondsTotal;
  results.table = rows;
  printTable();
  const dir = join(here, 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify(results, null, 2));
  log(`wrote ${file} (${secondsTotal} s)`);
  if (rows.some((r) => r.ok === false)) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
