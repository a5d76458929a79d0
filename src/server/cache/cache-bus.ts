import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';

// One per open database, on its handle (db/client.ts `Db.caches`): the read caches of this instance, and the channel on which every instance hears
// which keys changed (docs/decisions/016-keyed-read-caches.md). Writers send `pg_notify(CACHE_CHANNEL, key)`
// inside their transaction: PostgreSQL (and PGlite) deliver it at commit and drop it on rollback. Behind a pooler in
// transaction mode without a direct connection to LISTEN on, they also write the keys to `cache_changes`, which every
// instance polls (docs/decisions/058-behind-a-pooler.md).

export const CACHE_CHANNEL = 'rv_cache';

/** What the bus needs of a cache: drop what one key concerns, or everything; and its counts, for the metrics. */
export interface CacheOnBus {
  invalidate(key: string): void;
  clear(): void;
  stats(): CacheStats;
}

/** A read cache's reads since it was made, and what it holds now (metrics/metrics.ts reads them at scrape time). */
export interface CacheStats {
  name: string;
  hits: number;
  misses: number;
  size: number;
  /** The heap its entries retain, as its measured `sizeOf` counts them (read caches; decision 080). */
  bytes?: number;
}

/** The change feed as rows (`cache_changes`), as the poll reads it; db/client.ts gives the queries. */
export interface ChangeFeedRows {
  /** The highest id written so far (0 when none). */
  lastId(): Promise<number>;
  /** Rows with an id past `id`, or one of `skipped`, in id order, at most `limit`. */
  after(id: number, skipped: number[], limit: number): Promise<Array<{ id: number; key: string }>>;
  /** Deletes rows older than `ms`. */
  deleteOlderThan(ms: number): Promise<void>;
}

export class CacheBus {
  /** False while changes made elsewhere could be missed (LISTEN connection down); caches are then bypassed. */
  live = true;
  /** How writers announce a change: `notify` only, or `table` as well (this instance polls; see `poll`). */
  feed: 'notify' | 'table' = 'notify';
  private poller?: NodeJS.Timeout;
  private readonly caches = new Set<CacheOnBus>();
  private readonly byDefinition = new Map<object, unknown>();
  private listener?: pg.Client;
  private closed = false;
  private retry?: NodeJS.Timeout;
  /** Keys that are signals rather than cache keys (the outbox's wake, decision 078), and who hears them. */
  private readonly signals = new Map<string, Set<() => void>>();

  /** The cache `definition` makes for this database, made once. */
  cacheFor<C extends CacheOnBus>(definition: object, make: () => C): C {
    let cache = this.byDefinition.get(definition) as C | undefined;
    if (!cache) {
      cache = make();
      this.byDefinition.set(definition, cache);
      this.caches.add(cache);
    }
    return cache;
  }

  /** A key changed (here after a commit, or announced by any instance): every cache drops what it concerns. */
  invalidate(key: string): void {
    const heard = this.signals.get(key);
    if (heard) {
      for (const fn of heard) fn();
      return;
    }
    if (key === '*') return this.clear();
    for (const cache of this.caches) cache.invalidate(key);
  }

  /**
   * Calls `fn` whenever `key` is announced, here after a commit or by any instance: the same channel, feed and
   * delivery at commit as the caches' keys, for a signal that concerns no cache (decision 078, the outbox's wake).
   */
  onSignal(key: string, fn: () => void): () => void {
    let heard = this.signals.get(key);
    if (!heard) this.signals.set(key, (heard = new Set()));
    heard.add(fn);
    return () => heard.delete(fn);
  }

  clear(): void {
    for (const cache of this.caches) cache.clear();
  }

  /** Every cache made so far, with its counts. */
  stats(): CacheStats[] {
    return [...this.caches].map((c) => c.stats());
  }

  /** Embedded database: its notifications arrive in this process (the only one that writes it). */
  async listenPglite(client: PGlite): Promise<void> {
    await client.listen(CACHE_CHANNEL, (key) => this.invalidate(key));
  }

  /** PostgreSQL: LISTEN on a connection of its own, so every instance hears the others' writes. */
  async listen(connection: pg.ClientConfig, onError: (err: unknown) => void): Promise<void> {
    this.live = false;
    const connect = async () => {
      const client = new pg.Client(connection);
      const lost = (err?: unknown) => {
        if (this.listener !== client) return;
        this.listener = undefined;
        this.live = false;
        this.clear();
        client.end().catch(() => {});
        if (this.closed) return;
        if (err) onError(err);
        this.schedule(attempt);
      };
      client.on('error', lost);
      client.on('end', () => lost());
      client.on('notification', (n) => {
        if (n.channel === CACHE_CHANNEL && n.payload) this.invalidate(n.payload);
      });
      try {
        await client.connect();
        await client.query(`listen ${CACHE_CHANNEL}`);
      } catch (err) {
        // A try that timed out may leave its connection open (the database stopped answering): close it.
        client.end().catch(() => {});
        throw err;
      }
      this.listener = client;
      // Whatever changed while nobody listened is unknown: start from empty caches.
      this.clear();
      this.live = true;
    };
    const attempt = async () => {
      if (this.closed) return;
      try {
        await connect();
      } catch (err) {
        onError(err);
        this.schedule(attempt);
      }
    };
    await attempt();
  }

  /**
   * Behind a pooler in transaction mode, with no connection of its own to LISTEN on: reads `cache_changes` every
   * `everyMs`. Caches may show another instance's write up to that long after its commit (this instance's own
   * writes are dropped here at once). Ids are taken in insert order but committed in any order, so an id skipped
   * over is looked for again until GAP_WAIT_MS has passed (a transaction open longer than that is refused by the
   * role's idle_in_transaction_session_timeout, decision 058). A failed read bypasses the caches until one succeeds.
   */
  async poll(rows: ChangeFeedRows, everyMs: number, onError: (err: unknown) => void): Promise<void> {
    this.feed = 'table';
    this.live = false;
    let last: number | null = null;
    const awaited = new Map<number, number>(); // skipped id -> until when it is looked for
    let cleanedAt = 0;
    const tick = async () => {
      const now = Date.now();
      if (last === null) {
        last = await rows.lastId();
        this.clear();
      } else {
        const from: number = last;
        const changes = await rows.after(from, [...awaited.keys()], POLL_BATCH);
        if (!this.live) this.clear(); // a read failed before: what changed meanwhile is read now, but start clean
        let top = from;
        for (const r of changes) {
          this.invalidate(r.key);
          awaited.delete(r.id);
          for (let gap = top + 1; gap < r.id; gap++) awaited.set(gap, now + GAP_WAIT_MS);
          if (r.id > top) top = r.id;
        }
        last = top;
        for (const [id, until] of awaited) if (until < now) awaited.delete(id);
      }
      this.live = true;
      if (now - cleanedAt > CLEAN_EVERY_MS) {
        cleanedAt = now;
        await rows.deleteOlderThan(KEEP_CHANGES_MS);
      }
    };
    const loop = async () => {
      if (this.closed) return;
      try {
        await tick();
      } catch (err) {
        this.live = false;
        onError(err);
      }
      if (this.closed) return;
      this.poller = setTimeout(() => void loop(), everyMs);
      this.poller.unref();
    };
    await loop();
  }

  private schedule(attempt: () => Promise<void>): void {
    if (this.closed) return;
    this.retry = setTimeout(() => void attempt(), 1000);
    this.retry.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.live = false;
    clearTimeout(this.retry);
    clearTimeout(this.poller);
    const client = this.listener;
    this.listener = undefined;
    await client?.end().catch(() => {});
  }
}

/** Most changes one poll reads; more wait for the next. */
const POLL_BATCH = 5000;
/** How long an id skipped over (its transaction not yet committed) is looked for again. */
export const GAP_WAIT_MS = 120_000;
/** Rows of the feed are kept this long: past any gap's wait, and a poll's outage a little longer. */
const KEEP_CHANGES_MS = 600_000;
const CLEAN_EVERY_MS = 60_000;

/** The bus of a database handle (db/client.ts `Db.caches`); undefined for a transaction (its reads must see its own snapshot). */
export const busOf = (db: object): CacheBus | undefined => ('caches' in db && db.caches instanceof CacheBus ? db.caches : undefined);
