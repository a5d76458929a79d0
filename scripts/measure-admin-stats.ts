import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { seedVolume, VOLUME } from '../bench/seed-volume';
import { openDatabase, type Database } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { rowsOf } from '../src/server/jobs/job-runner';
import { getAnalytics, getStats } from '../src/server/modules/admin/admin-stats.service';

// The admin stats and analytics timed at a seeded volume on PostgreSQL (docs/decisions/024-admin-stats-summaries.md).
// `node --import tsx scripts/measure-admin-stats.ts [--scale=10] [--runs=30] [--keep=<db>] [--use=<db>] [--before=<module>]`
// creates a database on MEASURE_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres), migrates
// and seeds bench/seed-volume.ts's volume times --scale, then times each call --runs times after one warm-up, right
// after the seeding's ANALYZE and again after a VACUUM (the state autovacuum keeps). --use times an existing seeded
// database (it is migrated first: a new migration's backfill is timed too); --keep leaves the database behind.

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const scale = Number(args.get('scale') ?? 10);
const runs = Number(args.get('runs') ?? 30);
const base = process.env.MEASURE_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const log = (msg: string) => process.stdout.write(`[admin-stats] ${msg}\n`);

async function admin(query: string) {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(query);
  await c.end();
}

type Service = { getStats: typeof getStats; getAnalytics: typeof getAnalytics };
const services: Array<[string, Service]> = [['this tree', { getStats, getAnalytics }]];
// --before=<module> times another implementation of the same two functions too, in turn with this one, so a
// change in the machine's load touches both alike.
if (args.get('before')) services.unshift(['before', (await import(args.get('before')!)) as Service]);

const summary = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
  return `median ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${at(1)} ms`;
};

async function measure(database: Database, label: string) {
  const deps = { db: database.db, database, clock: { now: () => new Date() }, log: pino({ level: 'silent' }) };
  const calls = services.flatMap(([who, s]) => [
    [`${who} GET /api/admin/stats`, () => s.getStats(deps)],
    [`${who} GET /api/admin/analytics`, () => s.getAnalytics(deps)],
  ]) as Array<[string, () => Promise<unknown>]>;
  const ms = new Map<string, number[]>(calls.map(([name]) => [name, []]));
  const answers = [];
  for (const [, call] of calls) answers.push(await call()); // warm-up
  if (services.length > 1) {
    // The same figures from both (the health check aside): JSON of the answers, taken the same instant.
    const drop = (a: unknown) => JSON.stringify(a, (k, x: unknown) => (k === 'systemHealth' ? undefined : x));
    const same = drop(answers.slice(0, 2)) === drop(answers.slice(2, 4));
    log(`${label} answers identical to --before's: ${same ? 'yes' : `NO\n${drop(answers.slice(0, 2))}\n${drop(answers.slice(2, 4))}`}`);
  }
  for (let i = 0; i < runs; i++) {
    for (const [name, call] of calls) {
      const t = performance.now();
      await call();
      ms.get(name)!.push(performance.now() - t);
    }
  }
  for (const [name, times] of ms) log(`${label} ${name}: ${summary(times)} (${runs} runs)`);
}

/**
 * CPU time per call, which a busy machine stretches far less than wall time: the database server process's
 * (the one connection of a pool of one, read from /proc) and this process's.
 */
async function measureCpu(label: string) {
  const one = await openDatabase({ url: url.toString(), dataDir: 'unused', poolSize: 1 });
  try {
    const deps = { db: one.db, database: one, clock: { now: () => new Date() }, log: pino({ level: 'silent' }) };
    const pid = Number(rowsOf(await one.db.execute(sql`select pg_backend_pid() as pid`))[0]!.pid);
    const ticks = () => {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in ms at 100 ticks a second
    };
    for (const [who, s] of services) {
      for (const [call, fn] of [
        ['stats', () => s.getStats(deps)],
        ['analytics', () => s.getAnalytics(deps)],
      ] as const) {
        await fn();
        const n = who === 'before' ? Math.max(3, Math.round(runs / 5)) : runs * 5;
        const server = ticks();
        const client = process.cpuUsage();
        for (let i = 0; i < n; i++) await fn();
        const used = process.cpuUsage(client);
        log(
          `${label} ${who} ${call}: database CPU ${((ticks() - server) / n).toFixed(1)} ms, node CPU ${((used.user + used.system) / 1000 / n).toFixed(1)} ms a call (${n} calls)`,
        );
      }
    }
  } finally {
    await one.close();
  }
}

const name = args.get('use') ?? args.get('keep') ?? `rv_admin_stats_${Date.now()}`;
const url = new URL(base);
url.pathname = `/${name}`;
if (!args.has('use')) await admin(`create database ${name}`);
const database = await openDatabase({ url: url.toString(), dataDir: 'unused' });
try {
  let t = performance.now();
  await migrateDatabase(database);
  log(`migrated in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  if (!args.has('use')) {
    const volume = Object.fromEntries(Object.entries(VOLUME).map(([k, n]) => [k, n * scale])) as typeof VOLUME;
    t = performance.now();
    await database.withoutTimeouts((db) => seedVolume(db, { now: new Date(), volume }));
    log(`seeded ${JSON.stringify(volume)} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  await measure(database, 'after ANALYZE');
  await database.db.execute(sql`vacuum analyze`);
  await measure(database, 'after VACUUM');
  await measureCpu('after VACUUM');
} finally {
  await database.close();
  if (!args.has('keep') && !args.has('use')) await admin(`drop database if exists ${name} with (force)`);
}
