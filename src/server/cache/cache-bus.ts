import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';

// One per open database: the read caches of this instance, and the channel on which every instance hears
// which keys changed (docs/decisions/016-keyed-read-caches.md). Writers send `pg_notify(CACHE_CHANNEL, key)`
// inside their transaction: PostgreSQL (and PGlite) deliver it at commit and drop it on rollback.

export const CACHE_CHANNEL = 'rv_cache';

/** What the bus needs of a cache: drop what one key concerns, or everything. */
export interface CacheOnBus {
  invalidate(key: string): void;
  clear(): void;
}

export class CacheBus {
  /** False while changes made elsewhere could be missed (LISTEN connection down); caches are then bypassed. */
  live = true;
  private readonly caches = new Set<CacheOnBus>();
  private readonly byDefinition = new Map<object, unknown>();
  private listener?: pg.Client;
  private closed = false;
  private retry?: NodeJS.Timeout;

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
    if (key === '*') return this.clear();
    for (const cache of this.caches) cache.invalidate(key);
  }

  clear(): void {
    for (const cache of this.caches) cache.clear();
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

  private schedule(attempt: () => Promise<void>): void {
    if (this.closed) return;
    this.retry = setTimeout(() => void attempt(), 1000);
    this.retry.unref();
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

const buses = new WeakMap<object, CacheBus>();

/** Makes `db`'s reads cacheable on `bus` (db/client.ts does this for every database it opens). */
export function attachCacheBus(db: object, bus: CacheBus): void {
  buses.set(db, bus);
}

/** The bus of a database object; undefined for a transaction (its reads must see its own snapshot). */
export const busOf = (db: object): CacheBus | undefined => buses.get(db);
