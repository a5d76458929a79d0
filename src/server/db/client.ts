import { mkdirSync } from 'node:fs';
import { holdDataDir } from './data-dir-lock';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { CacheBus, type ChangeFeedRows } from '../cache/cache-bus';
import { gt, inArray, lt, max, or, sql } from 'drizzle-orm';
import { answerTimeoutMs, createPool, DEFAULT_TIMEOUTS, withoutStatementNames, type DatabaseTimeouts, type PoolMode } from './pg-pool';
import type { Config } from '../config';
import * as schema from './schema';

export type Schema = typeof schema;
/**
 * One type for both drivers: services and repos take this, never a driver-specific type. It carries the open
 * database's read caches and their change feed (cache/cache-bus.ts), declared here rather than looked up on a
 * module-level map (docs/decisions/071-one-read-path.md). A transaction has none (optional here because drizzle's
 * transaction is also a `Db` to the functions that take one), so its reads see its own snapshot and locks.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema> & {
  readonly caches?: CacheBus;
  /** Its named statements, each built once (db/query-tools.ts `namedStatement`). */
  readonly statements?: Map<string, unknown>;
};
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** This instance's read caches and the channel that tells them which keys changed (cache/cache-bus.ts). */
  caches: CacheBus;
  /** PostgreSQL: the pool's connections now (metrics/metrics.ts); PGlite has one connection and no pool. */
  poolStats?: () => PoolStats;
  /** Answers true when the database answers a trivial query (PostgreSQL: within the timeouts). */
  ping(): Promise<boolean>;
  /**
   * Runs `fn` on a connection of its own that has no statement or answer timeout, for work that may rightly take
   * long: migrations at start-up (which may also wait for another instance's), bulk seeding. PGlite has no timeouts.
   */
  withoutTimeouts<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /**
   * PGlite only: a consistent copy of the whole data directory, a gzipped tarball (docs/decisions/060). PGlite runs one
   * statement at a time, and the copy is taken between two, so it is what a crash at that moment would leave: WAL and
   * all, committed work only once started again. A checkpoint first makes that start short. `'none'`: not compressed,
   * for a copy opened many times at once (the test runs' migrated base, test/global-setup.ts).
   */
  snapshot?: (compression?: 'gzip' | 'none') => Promise<Blob>;
  close(): Promise<void>;
}

/** A driver's drizzle handle as the app's `Db`: the same object, with the caches its reads go through and its statements. */
const withCaches = (db: object, caches: CacheBus): Db => Object.assign(db, { caches, statements: new Map<string, unknown>() }) as unknown as Db;

/** node-postgres' Pool counts: connections open, of those the idle ones, and queries waiting for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** The change feed's rows (`cache_changes`) as the cache bus polls them (decision 058). */
function feedRowsOf(db: Db): ChangeFeedRows {
  return {
    async lastId() {
      const [row] = await db.select({ id: max(schema.cacheChanges.id) }).from(schema.cacheChanges);
      return row?.id ?? 0;
    },
    after: (id, skipped, limit) =>
      db
        .select({ id: schema.cacheChanges.id, key: schema.cacheChanges.key })
        .from(schema.cacheChanges)
        .where(skipped.length ? or(gt(schema.cacheChanges.id, id), inArray(schema.cacheChanges.id, skipped)) : gt(schema.cacheChanges.id, id))
        .orderBy(schema.cacheChanges.id)
        .limit(limit),
    async deleteOlderThan(ms) {
      await db.delete(schema.cacheChanges).where(lt(schema.cacheChanges.at, sql`now() - make_interval(secs => ${ms / 1000})`));
    },
  };
}

/** The database settings of the environment (config.ts), as openDatabase takes them: the app and the command lines. */
export function databaseOptionsOf(config: Config) {
  return {
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    timeouts: { statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS, connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS },
    poolMode: config.DB_POOL_MODE,
    listenUrl: config.DATABASE_LISTEN_URL,
    pollMs: config.CACHE_POLL_MS,
  };
}

export const DEFAULT_POOL_SIZE = 20;
export const DEFAULT_POLL_MS = 1000;

/** No url => embedded PGlite in `dataDir` (or in memory when dataDir is 'memory://'). */
export async function openDatabase(opts: {
  url?: string;
  dataDir: string;
  poolSize?: number;
  /** PostgreSQL only (decision 012, Database timeouts); default 5 s each. */
  timeouts?: Partial<DatabaseTimeouts>;
  /** Where a lost change-notification connection is reported (it reconnects by itself). */
  onListenError?: (err: unknown) => void;
  /** What `url` leads to (docs/decisions/058-behind-a-pooler.md); default `session`. */
  poolMode?: PoolMode;
  /** A direct connection to PostgreSQL for LISTEN, when `url` is a pooler in transaction mode. */
  listenUrl?: string;
  /** Behind a pooler in transaction mode without `listenUrl`: how often the change feed is read; default 1 s. */
  pollMs?: number;
  /**
   * PGlite in memory only: start from this data directory (a tarball from `dumpDataDir`) instead of an empty one. The
   * tests open each suite's database from one migrated base this way (docs/decisions/064-fast-test-loop.md).
   */
  loadDataDir?: Blob;
}): Promise<Database> {
  const caches = new CacheBus();
  if (opts.url) {
    const url = opts.url;
    const timeouts = { ...DEFAULT_TIMEOUTS, ...opts.timeouts };
    const mode = opts.poolMode ?? 'session';
    // 20 connections per instance (decision 012). At 32 concurrent requests a pool of 10 queued reads behind booking
    // transactions waiting on row locks; 20 keeps 4 instances under PostgreSQL's default max_connections (100).
    const pool = createPool({ url, max: opts.poolSize ?? DEFAULT_POOL_SIZE, timeouts, mode });
    const db = withCaches(drizzlePg({ client: pool, schema }), caches);
    const onListenError = opts.onListenError ?? (() => {});
    try {
      // LISTEN needs a session of its own: PostgreSQL's, or a session-mode pooler's. Behind a pooler in transaction
      // mode it takes `listenUrl` when given, else the feed is polled as rows (decision 058).
      const listenUrl = mode === 'transaction' ? opts.listenUrl : (opts.listenUrl ?? url);
      if (listenUrl) {
        // The LISTEN connection waits for notifications, which no timeout concerns: query_timeout bounds only its
        // LISTEN, and the connect timeout its (re)connecting, so a database that hangs cannot stall either for ever.
        const listener = { connectionString: listenUrl, connectionTimeoutMillis: timeouts.connectTimeoutMs, query_timeout: answerTimeoutMs(timeouts) };
        await caches.listen(listener, onListenError);
      } else {
        await caches.poll(feedRowsOf(db), opts.pollMs ?? DEFAULT_POLL_MS, onListenError);
      }
    } catch (err) {
      await pool.end();
      throw err;
    }
    return {
      db,
      kind: 'postgres',
      caches,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      ping: async () => {
        try {
          await pool.query('select 1');
          return true;
        } catch {
          return false;
        }
      },
      withoutTimeouts: async (fn) => {
        const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeouts.connectTimeoutMs });
        client.on('error', () => {}); // a lost connection fails the query under way; it must not end the process
        if (mode === 'transaction') withoutStatementNames(client);
        await client.connect();
        try {
          const own = withCaches(drizzlePg({ client, schema }), caches);
          return await fn(own);
        } finally {
          await client.end();
        }
      },
      close: async () => {
        await caches.close();
        await pool.end();
      },
    };
  }
  const inMemory = opts.dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(opts.dataDir, { recursive: true });
  // Two processes on one PGlite directory would corrupt it: the lock names this process, so `npm run backup` and
  // `npm run restore` refuse while a server holds it (docs/decisions/060).
  const lock = inMemory ? null : holdDataDir(opts.dataDir);
  // pg_trgm: the admin lists' substring searches read trigram indexes (docs/decisions/022); PostgreSQL ships it in contrib.
  let client: PGlite;
  try {
    client = await PGlite.create(inMemory ? undefined : opts.dataDir, {
      extensions: { pg_trgm },
      ...(inMemory && opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    });
  } catch (err) {
    lock?.release();
    throw err;
  }
  // One process owns an embedded database: its notifications are heard here.
  const db = withCaches(drizzlePglite({ client, schema }), caches);
  await caches.listenPglite(client);
  return {
    db,
    kind: 'pglite',
    caches,
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    withoutTimeouts: (fn) => fn(db),
    snapshot: async (compression = 'gzip') => {
      await client.query('checkpoint');
      return client.dumpDataDir(compression);
    },
    close: async () => {
      await caches.close();
      await client.close();
      lock?.release();
    },
  };
}
