import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

// Rate-limit counters in PostgreSQL (decision 012), so that N instances behind a load balancer give a client one
// budget, not N: a store for @fastify/rate-limit (its `store` option). Each hit is one upsert that starts a
// new window when the last one ended; the database's clock decides, so instances agree. Used when the app
// runs on a PostgreSQL server; the embedded database serves one process, which counts in memory.

type Hit = { current: number; ttl: number };
type Callback = (err: Error | null, hit?: Hit) => void;

export function postgresRateLimitStore(db: Db) {
  class PostgresRateLimitStore {
    /** Route limits share one table: their keys are prefixed with the route they count. */
    constructor(
      _params?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, cb: Callback, timeWindow: number): void {
      const id = `${this.prefix}${key}`;
      db.execute(
        sql`insert into rate_limit_counters as c (key, hits, window_ends_at)
            values (${id}, 1, now() + ${timeWindow} * interval '1 millisecond')
            on conflict (key) do update set
              hits = case when c.window_ends_at <= now() then 1 else c.hits + 1 end,
              window_ends_at = case when c.window_ends_at <= now() then excluded.window_ends_at else c.window_ends_at end
            returning hits, greatest(0, ceil(extract(epoch from (window_ends_at - now())) * 1000))::int as ttl`,
      ).then(
        (result) => {
          const row = (result as { rows: Array<{ hits: number; ttl: number }> }).rows[0]!;
          cb(null, { current: Number(row.hits), ttl: Number(row.ttl) });
        },
        (err: unknown) => cb(err instanceof Error ? err : new Error(String(err))),
      );
    }

    child(routeOptions: { routeInfo?: { method?: string | string[]; url?: string } }): PostgresRateLimitStore {
      const route = routeOptions.routeInfo?.url ? `${[routeOptions.routeInfo.method].flat().join(',')} ${routeOptions.routeInfo.url}|` : '';
      return new PostgresRateLimitStore(undefined, `${this.prefix}${route}`);
    }
  }
  return PostgresRateLimitStore;
}
