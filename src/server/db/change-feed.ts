import pg from 'pg';
import { sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import type { Logger as DrizzleLogger } from 'drizzle-orm/logger';
import type { Db, DbOrTx } from './client';

// Which tables changed, for the read caches (issue 10, docs/decisions/015-read-caches.md). Two sources:
// - this process: every statement the app runs goes through drizzle's logger, so a write is seen before it
//   runs, and once more when its transaction commits (a cache filled meanwhile from the old snapshot is
//   dropped then);
// - other processes (more app instances, psql): statement triggers on the watched tables send
//   NOTIFY rv_changes '<table>' at commit (migration 0004), and each instance on PostgreSQL LISTENs.
// While the listening connection is down nothing is cached (changes could be missed), and every cache is
// emptied when it comes back.

export const CHANGE_CHANNEL = 'rv_changes';

/**
 * Tables whose UPDATEs do not invalidate: a session row is only ever updated to move last_seen_at or extend
 * an admin's idle expiry, and a cached session re-checks its expiry on every request (plugins/auth.ts).
 * Deleting a session (sign-out, revocation) does invalidate. The trigger of migration 0004 matches this.
 */
const UPDATES_IGNORED = new Set(['sessions']);

const WRITE = /\b(insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/gi;
const RECENT_MAX = 2048;

type Listener = () => void;

export class ChangeFeed {
  /** False while changes made elsewhere could be missed; caches are then bypassed. */
  live = true;
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly all = new Set<Listener>();
  private seq = 0;
  private recent: Array<{ seq: number; table: string }> = [];
  private listener?: pg.Client;
  private closed = false;
  private retry?: NodeJS.Timeout;

  /** Calls `fn` whenever one of `tables` (or everything) may have changed. */
  subscribe(tables: readonly string[], fn: Listener): void {
    this.all.add(fn);
    for (const t of tables) {
      let set = this.listeners.get(t);
      if (!set) this.listeners.set(t, (set = new Set()));
      set.add(fn);
    }
  }

  changed(table: string): void {
    const set = this.listeners.get(table);
    if (set) for (const fn of set) fn();
  }

  changedEverything(): void {
    for (const fn of this.all) fn();
  }

  /** A statement about to run: the tables it writes are invalidated now and again at its commit. */
  noteStatement(sql: string): void {
    // Reads are most statements; a cheap test first.
    if (!/insert|update|delete|truncate/i.test(sql)) return;
    for (const m of sql.matchAll(WRITE)) {
      const verb = m[1]!.toLowerCase();
      const table = m[2]!.toLowerCase();
      if (verb.startsWith('truncate')) {
        this.changedEverything();
        this.remember('*');
        continue;
      }
      if (verb === 'update' && UPDATES_IGNORED.has(table)) continue;
      // Remembered even when no cache reads the table yet: one may be filled before the commit.
      this.changed(table);
      this.remember(table);
    }
  }

  private remember(table: string): void {
    this.recent.push({ seq: ++this.seq, table });
    if (this.recent.length > RECENT_MAX) this.recent = this.recent.slice(-RECENT_MAX / 2);
  }

  /** The drizzle logger that feeds noteStatement. */
  readonly drizzleLogger: DrizzleLogger = { logQuery: (query) => this.noteStatement(query) };

  /**
   * Wraps `db.transaction` so the tables written since the transaction began are invalidated once more
   * after it commits (or rolls back). Tables written by other transactions meanwhile are included: an
   * extra invalidation is harmless, a missed one is not.
   */
  wrapTransactions<T extends { transaction: (...args: never[]) => Promise<unknown> }>(db: T): void {
    const original = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
    (db as { transaction: unknown }).transaction = async (...args: unknown[]) => {
      const since = this.seq;
      try {
        return await original(...args);
      } finally {
        this.replaySince(since);
      }
    };
  }

  private replaySince(since: number): void {
    if (since === this.seq) return;
    const oldest = this.recent[0]?.seq ?? Infinity;
    if (oldest > since + 1) return this.changedEverything();
    const tables = new Set<string>();
    for (let i = this.recent.length - 1; i >= 0 && this.recent[i]!.seq > since; i--) tables.add(this.recent[i]!.table);
    if (tables.has('*')) return this.changedEverything();
    for (const t of tables) this.changed(t);
  }

  /** PostgreSQL: LISTEN for the triggers' notifications, so writes by other instances reach this one. */
  async listen(connectionString: string, onError: (err: unknown) => void): Promise<void> {
    this.live = false;
    const connect = async () => {
      const client = new pg.Client({ connectionString });
      const lost = (err?: unknown) => {
        if (this.listener !== client) return;
        this.listener = undefined;
        this.live = false;
        this.changedEverything();
        client.end().catch(() => {});
        if (this.closed) return;
        if (err) onError(err);
        this.retry = setTimeout(() => void attempt(), 1000);
        this.retry.unref();
      };
      client.on('error', lost);
      client.on('end', () => lost());
      client.on('notification', (n) => {
        if (n.channel !== CHANGE_CHANNEL || !n.payload) return;
        this.changed(n.payload);
      });
      await client.connect();
      await client.query(`listen ${CHANGE_CHANNEL}`);
      this.listener = client;
      // Whatever changed while nobody listened is unknown: start from empty caches.
      this.changedEverything();
      this.live = true;
    };
    const attempt = async () => {
      if (this.closed) return;
      try {
        await connect();
      } catch (err) {
        onError(err);
        if (!this.closed) {
          this.retry = setTimeout(() => void attempt(), 1000);
          this.retry.unref();
        }
      }
    };
    await attempt();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.live = false;
    clearTimeout(this.retry);
    const client = this.listener;
    this.listener = undefined;
    await client?.end().catch(() => {});
  }
}

/**
 * A read cache on a ChangeFeed: emptied whenever one of its tables may have changed. A value loaded while an
 * invalidation happened is returned to its caller but not kept; concurrent misses of one key share one load.
 * Cached values are shared between requests and must be treated as read-only.
 */
export class QueryCache<V> {
  private readonly map = new Map<string, V>();
  private readonly inflight = new Map<string, Promise<V>>();
  private generation = 0;

  constructor(
    private readonly feed: ChangeFeed,
    tables: readonly string[],
    private readonly maxEntries: number,
    private readonly keep: (value: V) => boolean = () => true,
  ) {
    feed.subscribe(tables, () => this.clear());
  }

  clear(): void {
    this.generation++;
    this.map.clear();
    this.inflight.clear();
  }

  get size(): number {
    return this.map.size;
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    if (!this.feed.live) return load();
    if (this.map.has(key)) return Promise.resolve(this.map.get(key) as V);
    const pending = this.inflight.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const promise = load().then(
      (value) => {
        if (this.inflight.get(key) === promise) this.inflight.delete(key);
        this.remember(key, value, generation);
        return value;
      },
      (err: unknown) => {
        if (this.inflight.get(key) === promise) this.inflight.delete(key);
        throw err;
      },
    );
    this.inflight.set(key, promise);
    return promise;
  }

  /** Keeps a loaded value unless its tables changed since the load began (then it may be stale). */
  private remember(key: string, value: V, generation: number): void {
    if (generation !== this.generation || !this.feed.live || !this.keep(value)) return;
    if (this.map.size >= this.maxEntries) this.map.delete(this.map.keys().next().value as string);
    this.map.set(key, value);
  }

  private batch: Array<{ key: string; arg: unknown; resolve: (v: V) => void; reject: (e: unknown) => void }> = [];

  /**
   * Like get, but the misses of one turn of the event loop are read together: `loadMany` gets their
   * arguments and answers a value per key (a key it leaves out gets `missing`). One query for many
   * concurrent first requests, e.g. after a restart (issue 10).
   */
  getBatched<A>(key: string, arg: A, loadMany: (args: A[]) => Promise<Map<string, V>>, missing: V): Promise<V> {
    if (!this.feed.live) return loadMany([arg]).then((found) => answerOf(found, key, missing));
    if (this.map.has(key)) return Promise.resolve(this.map.get(key) as V);
    const pending = this.inflight.get(key);
    if (pending) return pending;
    const promise = new Promise<V>((resolve, reject) => {
      if (this.batch.length === 0) setImmediate(() => this.flush(loadMany as (args: unknown[]) => Promise<Map<string, V>>, missing));
      this.batch.push({ key, arg, resolve, reject });
    });
    this.inflight.set(key, promise);
    return promise;
  }

  private flush(loadMany: (args: unknown[]) => Promise<Map<string, V>>, missing: V): void {
    const batch = this.batch;
    this.batch = [];
    const generation = this.generation;
    const promises = new Map(batch.map((b) => [b.key, this.inflight.get(b.key)]));
    loadMany(batch.map((b) => b.arg)).then(
      (found) => {
        for (const b of batch) {
          const value = answerOf(found, b.key, missing);
          if (this.inflight.get(b.key) === promises.get(b.key)) this.inflight.delete(b.key);
          this.remember(b.key, value, generation);
          b.resolve(value);
        }
      },
      (err: unknown) => {
        for (const b of batch) {
          if (this.inflight.get(b.key) === promises.get(b.key)) this.inflight.delete(b.key);
          b.reject(err);
        }
      },
    );
  }
}

/** A batched load's answer for `key`; a key it left out has the `missing` value. */
const answerOf = <V>(found: Map<string, V>, key: string, missing: V): V => (found.has(key) ? (found.get(key) as V) : missing);

const feeds = new WeakMap<object, { feed: ChangeFeed; caches: Map<object, QueryCache<unknown>> }>();

/** The cache `spec` names on `db`'s feed, made on first use; undefined for a transaction (no feed). */
function cacheOn<V>(db: object, spec: object, o: { tables: readonly string[]; maxEntries: number; keep?: (value: V) => boolean }): QueryCache<V> | undefined {
  const entry = feeds.get(db);
  if (!entry) return undefined;
  let cache = entry.caches.get(spec) as QueryCache<V> | undefined;
  if (!cache) {
    cache = new QueryCache<V>(entry.feed, o.tables, o.maxEntries, o.keep);
    entry.caches.set(spec, cache as QueryCache<unknown>);
  }
  return cache;
}

/** Makes `db`'s reads cacheable on `feed` (db/client.ts does this for every database it opens). */
export function attachChangeFeed(db: object, feed: ChangeFeed): void {
  feeds.set(db, { feed, caches: new Map() });
}

/** True for a database object whose reads can be cached (false inside a transaction). */
export const hasChangeFeed = (db: object): boolean => feeds.has(db);

export interface ReadCache<V> {
  /**
   * `load()` through the cache of `db`'s change feed under `key`. Inside a transaction (a tx is not the
   * database object) the read goes to the database: it must see the transaction's own snapshot and locks.
   */
  read(db: object, key: string, load: () => Promise<V>): Promise<V>;
}

export interface BatchedReadCache<A, V> {
  /** The value for `arg` (under key `keyOf(arg)`); misses of one event-loop turn are read with one loadMany. */
  read(db: DbOrTx, arg: A): Promise<V>;
}

/** A read cache whose misses are loaded together (one query for many keys); inside a transaction, one key. */
export function defineBatchedReadCache<A, V>(o: {
  tables: readonly string[];
  maxEntries: number;
  keyOf: (arg: A) => string;
  loadMany: (db: DbOrTx, args: A[]) => Promise<Map<string, V>>;
  /** The value of a key loadMany did not answer (e.g. null: no such row). */
  missing: V;
  keep?: (value: V) => boolean;
}): BatchedReadCache<A, V> {
  const spec = {};
  return {
    read(db, arg) {
      const key = o.keyOf(arg);
      const cache = cacheOn(db, spec, o);
      if (!cache) return o.loadMany(db, [arg]).then((found) => answerOf(found, key, o.missing));
      return cache.getBatched(key, arg, (args) => o.loadMany(db, args), o.missing);
    },
  };
}

/** A named read cache, one per open database, emptied when one of `tables` changes. */
export function defineReadCache<V>(o: { tables: readonly string[]; maxEntries: number; keep?: (value: V) => boolean }): ReadCache<V> {
  const spec = {};
  return {
    read(db, key, load) {
      return cacheOn(db, spec, o)?.get(key, load) ?? load();
    },
  };
}

/**
 * A named prepared statement, made once per database: PostgreSQL parses and plans it once per connection
 * instead of on every call (~3x more lookups per second for the joins behind the caches, issue 10). Null
 * inside a transaction, whose connection is only lent: the caller runs its plain query there.
 */
export function preparedOnce<P>(build: (db: Db) => P): (db: DbOrTx) => P | null {
  const byDb = new WeakMap<object, P>();
  return (db) => {
    if (!feeds.has(db)) return null;
    let prepared = byDb.get(db);
    if (!prepared) byDb.set(db, (prepared = build(db)));
    return prepared;
  };
}

/** A query's parameter: a value, or a placeholder of its prepared statement (preparedOnce). */
export type Param<T> = T | Placeholder;

/** `(a, b) in ((x1, y1), (x2, y2), ...)`: the batched reads of (clinic, doctor) pairs. */
export const pairIn = (a: AnyColumn, b: AnyColumn, pairs: ReadonlyArray<readonly [number, number]>): SQL =>
  sql`(${a}, ${b}) in (${sql.join(
    pairs.map(([x, y]) => sql`(${x}, ${y})`),
    sql`, `,
  )})`;

/** Rows grouped under a key, keeping their order. */
export function groupRows<R, T>(rows: R[], keyOf: (row: R) => string, map: (row: R) => T): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const k = keyOf(row);
    const list = out.get(k);
    if (list) list.push(map(row));
    else out.set(k, [map(row)]);
  }
  return out;
}
