import DataLoader from 'dataloader';
import { LRUCache } from 'lru-cache';
import type { Db, DbOrTx } from '../db/client';
import { busOf, type CacheBus, type CacheOnBus, type CacheStats } from './cache-bus';
import { parseKey } from './cache-keys';

// Keyed cache-aside (docs/decisions/016-keyed-read-caches.md). A service reads through a cache; a miss loads
// from the database (repos always query). Each instance keeps at most `maxBytes` of each cache on the heap (as
// `sizeOf` counts an entry, measured: docs/decisions/080-caches-bounded-by-measured-bytes.md), least recently
// used first out, each for at most CACHE_TTL_MS: the safety net should an invalidation ever be missed. Writers
// announce the keys they change (invalidation.ts); each cache says which announced keys concern which of its entries.

/** Longest a value is kept without being invalidated: a missed invalidation lasts at most this long. */
export const CACHE_TTL_MS = 60_000;

/** A route's answer for "drop every entry of this cache". */
export const EVERY_ENTRY = Symbol('every entry');

/** For one kind of announced key (its parts after the kind): this cache's keys or tags to drop, or EVERY_ENTRY. */
export type Route = (parts: string[]) => string | readonly string[] | typeof EVERY_ENTRY | undefined;

interface Definition<A, V> {
  /** For logs and tests. */
  name: string;
  keyOf(arg: A): string;
  /** Which announced keys concern this cache, by kind (cache-keys.ts). */
  invalidatedBy: Record<string, Route>;
  /** Keys besides its own under which an entry is dropped, known from the argument (e.g. a calendar's rep). */
  argTags?(arg: A): readonly string[];
  /** The same, known once the value is loaded (e.g. a session's account). */
  valueTags?(value: V): readonly string[];
  /** A loaded value not to keep (it is still answered), e.g. an unknown session. */
  keep?(value: V): boolean;
  /**
   * At most this many entries. lru-cache allocates its index for this many up front (about 50 bytes an entry
   * whether used or not), so it is about `maxBytes` over the smallest entry, not a round large number.
   */
  max: number;
  /** What this cache may hold on the heap: its share of READ_CACHES_MAX_BYTES. */
  maxBytes: number;
  /**
   * The heap one entry retains (its value, key, tags and the answer texts memoized beside it), from
   * scripts/measure-cache-memory.ts at the bench's 10x volume: a measurement, rounded up, not a guess.
   */
  sizeOf(value: V): number;
}

/**
 * The sum of every read cache's `maxBytes` may not pass this (cache/read-cache-bounds.test.ts): with the app's own
 * heap and the collector's headroom, an instance stays under 600 MB resident at 10x (decision 080).
 */
export const READ_CACHES_MAX_BYTES = 192 * 2 ** 20;

type Loaders<A, V> =
  /** One value per miss (a cache whose misses never come many at once). */
  | { load: (db: DbOrTx, arg: A) => Promise<V>; loadMany?: never; loadOne?: never; missing?: never }
  /**
   * The misses of one event-loop turn read together (dataloader), through `readThrough` below: a few one by one with
   * `loadOne` (a named statement), more with `loadMany` (a key left out of its answer is `missing`). Both must answer
   * the same for the same rows: cache/read-paths.test.ts checks every cache that has both.
   */
  | { loadMany: (db: DbOrTx, args: A[]) => Promise<Map<string, V>>; missing: V; loadOne?: (db: DbOrTx, arg: A) => Promise<V>; load?: never };

/**
 * Up to this many misses are read one by one through `loadOne` rather than in one batched query. PostgreSQL
 * plans a batched query afresh each time (its keys differ: 1.7-4 ms for the bookable-link join with 2-8 keys,
 * against 0.07 ms to run it), while a named statement with one key soon runs a plan kept for its connection (0.01 ms
 * to plan, measured 2026-11-23 at --scale=10). One statement for both (`= any($1)`) is planned afresh on every call
 * (PostgreSQL 15 keeps custom plans for it: measured 2026-12-03, decision 071). Larger batches (a restart's sessions)
 * still take one query: their planning is shared by many keys.
 */
const ONE_BY_ONE_UP_TO = 8;

export type ReadCacheDefinition<A, V> = Definition<A, V> & Loaders<A, V>;

/**
 * The one read path of a cache to the database (docs/decisions/071-one-read-path.md): its misses of one turn, or a
 * read that bypasses it (inside a transaction, or while the change feed is down). Every statement it runs is named
 * or not by the connection alone (db/pg-pool.ts), so a transaction and a pooler take this same path.
 */
export async function readThrough<A, V>(def: ReadCacheDefinition<A, V>, db: DbOrTx, args: readonly A[]): Promise<V[]> {
  if (def.load) return Promise.all(args.map((a) => def.load(db, a)));
  const { loadOne } = def;
  if (loadOne && args.length <= ONE_BY_ONE_UP_TO) return Promise.all(args.map((a) => loadOne(db, a)));
  const found = await def.loadMany(db, [...args]);
  return args.map((a) => {
    const k = def.keyOf(a);
    return found.has(k) ? (found.get(k) as V) : def.missing;
  });
}

/** Every cache defined so far, by name (cache/read-paths.test.ts reads each one's two ways). */
export const readCacheDefinitions = new Map<string, ReadCacheDefinition<never, unknown>>();

export interface ReadCache<A, V> {
  /** The value for `arg`: from this instance's cache, or loaded (and kept unless invalidated meanwhile). */
  read(db: DbOrTx, arg: A): Promise<V>;
  /** True when `arg`'s value is held (tests). */
  holds(db: DbOrTx, arg: A): boolean;
}

type Box<V> = { value: V; tags: readonly string[] };

class KeyedCache<A, V> implements CacheOnBus {
  private readonly lru: LRUCache<string, Box<V>, { arg: A }>;
  /** tag -> keys of the entries carrying it */
  private readonly tagged = new Map<string, Set<string>>();
  /** keys being loaded (how many loads of each) */
  private readonly loading = new Map<string, number>();
  private readonly loader?: DataLoader<A, V>;
  /** Plain numbers, not metric objects: a hit is the busiest path of the app (metrics/metrics.ts copies them at scrape time). */
  private hits = 0;
  private misses = 0;

  constructor(
    private readonly def: ReadCacheDefinition<A, V>,
    private readonly bus: CacheBus,
    private readonly db: Db,
  ) {
    if (def.loadMany) this.loader = new DataLoader<A, V>((args) => readThrough(def, db, args), { cache: false, maxBatchSize: 500 });
    this.lru = new LRUCache<string, Box<V>, { arg: A }>({
      max: def.max,
      maxSize: def.maxBytes,
      sizeCalculation: (box) => Math.max(1, Math.ceil(def.sizeOf(box.value))),
      ttl: CACHE_TTL_MS,
      // A load overtaken by an invalidation (its entry deleted meanwhile) still answers its callers, and
      // lru-cache does not keep it: its slot no longer holds that load.
      ignoreFetchAbort: true,
      dispose: (box, key) => this.unindex(key, box.tags),
      fetchMethod: async (key, _stale, { signal, context }) => {
        // Tags known now are indexed now, so an invalidation during the load finds (and drops) it.
        const early = this.def.argTags?.(context.arg) ?? [];
        for (const t of early) this.index(key, t);
        signal.addEventListener('abort', () => this.unindex(key, early), { once: true });
        this.loading.set(key, (this.loading.get(key) ?? 0) + 1);
        let value: V;
        try {
          value = await this.load(context.arg);
        } finally {
          const n = this.loading.get(key)! - 1;
          if (n === 0) this.loading.delete(key);
          else this.loading.set(key, n);
        }
        const late = this.def.valueTags?.(value) ?? [];
        if (!signal.aborted) for (const t of late) this.index(key, t);
        return { value, tags: [...early, ...late] };
      },
    });
  }

  private load(arg: A): Promise<V> {
    return this.loader ? this.loader.load(arg) : this.def.load!(this.db, arg);
  }

  async read(arg: A): Promise<V> {
    // While changes could be missed, every read goes to the database (misses are still batched).
    if (!this.bus.live) {
      this.misses++;
      return this.load(arg);
    }
    const key = this.def.keyOf(arg);
    const hit = this.lru.get(key);
    if (hit) {
      this.hits++;
      return hit.value;
    }
    this.misses++;
    const box = (await this.lru.fetch(key, { context: { arg } }))!;
    if (this.def.keep && !this.def.keep(box.value) && this.lru.peek(key) === box) this.lru.delete(key);
    return box.value;
  }

  stats(): CacheStats {
    return { name: this.def.name, hits: this.hits, misses: this.misses, size: this.lru.size, bytes: this.lru.calculatedSize };
  }

  holds(arg: A): boolean {
    return this.lru.has(this.def.keyOf(arg));
  }

  invalidate(announced: string): void {
    const { kind, parts } = parseKey(announced);
    const route = this.def.invalidatedBy[kind];
    const target = route?.(parts);
    if (target === undefined) return;
    if (target === EVERY_ENTRY) return this.clear();
    for (const t of typeof target === 'string' ? [target] : target) {
      this.lru.delete(t);
      const keys = this.tagged.get(t);
      if (keys) for (const k of [...keys]) this.lru.delete(k);
      this.tagged.delete(t);
    }
    // A load in flight does not know its value's tags yet: none of them is kept.
    if (this.def.valueTags) for (const k of [...this.loading.keys()]) this.lru.delete(k);
  }

  clear(): void {
    this.lru.clear();
    this.tagged.clear();
  }

  private index(key: string, tag: string): void {
    let keys = this.tagged.get(tag);
    if (!keys) this.tagged.set(tag, (keys = new Set()));
    keys.add(key);
  }

  private unindex(key: string, tags: readonly string[]): void {
    for (const t of tags) {
      const keys = this.tagged.get(t);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) this.tagged.delete(t);
    }
  }
}

/**
 * A named read cache, made per open database on first use. Inside a transaction (a tx has no bus) the read
 * goes to the database, so it sees the transaction's own snapshot and locks.
 */
export function defineReadCache<A, V>(def: ReadCacheDefinition<A, V>): ReadCache<A, V> {
  readCacheDefinitions.set(def.name, def);
  const cacheOf = (db: DbOrTx) => {
    const bus = busOf(db);
    return bus?.cacheFor(def, () => new KeyedCache(def, bus, db));
  };
  const readDirect = async (db: DbOrTx, arg: A): Promise<V> => (await readThrough(def, db, [arg]))[0] as V;
  return {
    // Not async itself: a hit is the busiest path of the app, and every extra promise layer costs each request.
    read: (db, arg) => cacheOf(db)?.read(arg) ?? readDirect(db, arg),
    holds: (db, arg) => cacheOf(db)?.holds(arg) ?? false,
  };
}
