import { getHeapStatistics, writeHeapSnapshot } from 'node:v8';
import type { LRUCache } from 'lru-cache';
import { createDatabase, migrateAndSeed } from '../bench/database';
import { readScenarios } from '../bench/scenarios';
import { scaledVolume } from '../bench/seed-volume';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import type { CacheBus, CacheOnBus } from '../src/server/cache/cache-bus';

// `node --expose-gc --import tsx scripts/measure-cache-memory.ts [--scale=10] [--reads=4000] [--snapshot]`: what each
// read cache holds on the heap, per entry, at the bench's volume (bench/seed-volume.ts times --scale) on PostgreSQL
// (BENCH_DATABASE_URL, a fresh database dropped after). The app runs in this process; each bench read
// (bench/scenarios.ts) is asked --reads times through Fastify's inject, so the caches fill as the bench fills them,
// with the answers' texts memoized beside them (plugins/response-serializer.ts). Then, cache by cache, the heap in use
// (after forced collections) is read with the cache full and again once that cache alone is emptied: the difference
// is what it retains (its entries, its tag index, the texts that live as long as its values). Printed beside the
// bytes its `sizeOf` counts (docs/decisions/080-caches-bounded-by-measured-bytes.md). --snapshot also writes a heap
// snapshot with every cache full, to open in Chrome's DevTools (Memory, "Retainers" of LRUCache).

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string | undefined]));
const scale = Number(args.get('scale') ?? 10);
const reads = Number(args.get('reads') ?? 4000);
const CONCURRENCY = 16;

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

/** Heap in use after the collector has run to a fixed point (weak maps and finalizers need more than one pass). */
async function heapUsed(): Promise<number> {
  for (let i = 0; i < 4; i++) {
    gc!();
    await new Promise((r) => setImmediate(r));
  }
  const h = getHeapStatistics();
  return h.used_heap_size + h.external_memory;
}

/** The bus's caches, by name: what the bus keeps private (a measuring tool reaches in; the app never does). */
function cachesOf(bus: CacheBus): Map<string, CacheOnBus & { lru?: LRUCache<string, { value: unknown }> }> {
  const all = (bus as unknown as { caches: Set<CacheOnBus & { lru?: LRUCache<string, { value: unknown }> }> }).caches;
  return new Map([...all].map((c) => [c.stats().name, c]));
}

/** Rows (list caches), days (calendar months), doctors (a directory place) in a cache's values: what its estimate counts. */
function partsOf(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  if (value && typeof value === 'object' && 'days' in value && Array.isArray(value.days)) return value.days.length;
  return 0;
}

const MB = (n: number) => `${(n / 2 ** 20).toFixed(1)} MB`;

async function main() {
  const created = await createDatabase();
  try {
    const seeding = await openDatabase({ url: created.url, dataDir: 'memory://' });
    const v = await migrateAndSeed(seeding, scaledVolume(scale));
    await seeding.close();
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: created.url,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      JOBS_ENABLED: 'false',
      APP_URL: 'http://127.0.0.1:1',
      SMTP_URL: 'smtp://127.0.0.1:1',
      SESSION_SECRET: 'bench-session-secret-0123456789abcdef',
      TRUST_PROXY: 'true',
      BOOKING_HORIZON_DAYS: '400',
    });
    const app = await buildApp({ config });
    await app.ready();
    const base = await heapUsed();
    console.log(`scale ${scale}, ${reads} requests a read; app heap before any read ${MB(base)}`);
    const status: Record<string, number> = {};
    for (const s of readScenarios(v)) {
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < reads) {
            const r = s.next(next++);
            const res = await app.inject({
              method: 'GET',
              url: r.path,
              headers: { cookie: r.cookie ?? '', 'x-forwarded-for': `10.1.${next % 250}.${next % 199}` },
            });
            status[res.statusCode] = (status[res.statusCode] ?? 0) + 1;
          }
        }),
      );
    }
    console.log(`answers by status: ${JSON.stringify(status)}`);
    const full = await heapUsed();
    console.log(`app heap with the caches full ${MB(full)} (+${MB(full - base)}), this process resident ${MB(process.memoryUsage().rss)}`);
    if (args.has('snapshot')) console.log(`heap snapshot: ${writeHeapSnapshot()}`);

    const caches = cachesOf(app.db.caches!);
    const table: Array<Record<string, string | number>> = [];
    let before = full;
    let retainedSum = 0;
    for (const [name, cache] of caches) {
      if (!cache.lru) continue; // the live queue's hub (bench/live-queue measures it)
      const entries = cache.lru.size;
      const estimated = cache.lru.calculatedSize;
      let parts = 0;
      // dump(): stale entries too (past CACHE_TTL_MS they stay held until pushed out, and are counted here).
      for (const [, entry] of cache.lru.dump()) parts += partsOf(entry.value.value);
      cache.clear();
      const after = await heapUsed();
      const retained = before - after;
      before = after;
      retainedSum += retained;
      table.push({
        cache: name,
        entries,
        'rows/days a entry': entries ? (parts / entries).toFixed(1) : '-',
        retained: MB(retained),
        'bytes a entry': entries ? Math.round(retained / entries) : '-',
        'bytes a row/day': parts ? Math.round(retained / parts) : '-',
        'sizeOf counts': estimated ? MB(estimated) : '(no sizeOf)',
        'measured / sizeOf': estimated ? (retained / estimated).toFixed(2) : '-',
      });
    }
    console.table(table);
    console.log(`every cache: ${MB(retainedSum)}; the heap once all are empty ${MB(before)} (the app's base was ${MB(base)})`);
    await app.close();
  } finally {
    await created.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
