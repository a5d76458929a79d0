import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { CacheStats } from '../cache/cache-bus';
import type { Database, PoolStats } from '../db/client';
import { lastBackupAt } from '../ops/backup';
import { readOutboxBacklog } from '../outbox/outbox.repo';

// The operator's metrics in the Prometheus text format (docs/decisions/059-metrics-and-health.md). One registry per
// app (tests build many in one process). On the request path only the counter and the histogram are touched, in an
// onResponse hook; the pool, the caches and the outbox are read when Prometheus scrapes, not when a request runs.

/** The label of every request no route matched: one series, whatever the path (a scanner's paths are unbounded). */
export const UNMATCHED_ROUTE = 'unmatched';

/** Request latency buckets in seconds: the API's hot reads take milliseconds, a booking tens, a timeout 5 s. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface AppMetrics {
  registry: Registry;
  /** One answered request (the route template, never the raw path). */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  bookings: Counter;
  cancellations: Counter<'by'>;
  signInFailures: Counter<'account'>;
  /** A database answer of 503 (errors.ts, databaseUnavailableKind). */
  databaseUnavailable: Counter<'kind'>;
  jobRuns: Counter<'job' | 'outcome'>;
  jobFailures: Counter<'job'>;
}

export function createMetrics(o: {
  database: Database;
  clock: { now(): Date };
  onScrapeError: (err: unknown) => void;
  /** The embedded database's backup folder (ops/backup.ts); PostgreSQL's backups are its own tools' (decision 060). */
  backupDir?: string;
}): AppMetrics {
  const registry = new Registry();
  // Event loop lag, heap, RSS, CPU, handles: prom-client's own names (nodejs_*, process_*), as dashboards expect them.
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Counter({
    name: 'repvisit_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status.',
    labelNames: ['method', 'route', 'status'],
    registers,
  });
  const latency = new Histogram({
    name: 'repvisit_http_request_duration_seconds',
    help: 'Time from a request received to its answer sent, by method, route template and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: LATENCY_BUCKETS,
    registers,
  });

  const { database } = o;
  if (database.poolStats) {
    const stats = database.poolStats;
    for (const [name, help, pick] of [
      ['repvisit_db_pool_total_clients', 'Connections the database pool holds.', (s: PoolStats) => s.total],
      ['repvisit_db_pool_idle_clients', 'Connections of the pool not in use.', (s: PoolStats) => s.idle],
      ['repvisit_db_pool_waiting_clients', 'Queries waiting for a connection of the pool.', (s: PoolStats) => s.waiting],
    ] as const) {
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(pick(stats()));
        },
      });
    }
  }

  // The caches count in plain numbers of their own (cache/read-cache.ts), so a hit costs one increment; they are
  // copied here when Prometheus scrapes.
  const cacheCounter = (name: string, help: string, pick: (s: CacheStats) => number) =>
    new Counter({
      name,
      help,
      labelNames: ['cache'],
      registers,
      collect() {
        this.reset();
        for (const s of database.caches.stats()) this.inc({ cache: s.name }, pick(s));
      },
    });
  cacheCounter('repvisit_cache_hits_total', 'Reads a read cache answered from memory.', (s) => s.hits);
  cacheCounter('repvisit_cache_misses_total', 'Reads a read cache passed to the database (or bypassed while the change feed is down).', (s) => s.misses);
  new Gauge({
    name: 'repvisit_cache_entries',
    help: 'Entries a read cache holds.',
    labelNames: ['cache'],
    registers,
    collect() {
      for (const s of database.caches.stats()) this.set({ cache: s.name }, s.size);
    },
  });
  new Gauge({
    name: 'repvisit_cache_bytes',
    help: 'Heap bytes a read cache holds, as its measured sizeOf counts them (at most its maxBytes).',
    labelNames: ['cache'],
    registers,
    collect() {
      for (const s of database.caches.stats()) if (s.bytes !== undefined) this.set({ cache: s.name }, s.bytes);
    },
  });

  // One small query a scrape, shared by the two outbox families (prom-client collects them side by side); a database
  // that is away leaves them out rather than failing the whole scrape.
  let backlog: { rows: Promise<Awaited<ReturnType<typeof readOutboxBacklog>> | undefined>; takers: number } | undefined;
  const readBacklog = (now: Date) => {
    backlog ??= {
      takers: 0,
      rows: readOutboxBacklog(database.db, { now }).catch((err: unknown) => {
        o.onScrapeError(err);
        return undefined;
      }),
    };
    const { rows } = backlog;
    // Both families have their answer: the next scrape reads afresh.
    if (++backlog.takers === 2) backlog = undefined;
    return rows;
  };
  new Gauge({
    name: 'repvisit_outbox_messages',
    help: 'Outbox messages by channel and status: queued, sending and retrying now; failed among those queued in the last 7 days.',
    labelNames: ['channel', 'status'],
    registers,
    async collect() {
      const rows = await readBacklog(o.clock.now());
      this.reset();
      for (const r of rows ?? []) this.set({ channel: r.channel, status: r.status }, r.count);
    },
  });
  new Gauge({
    name: 'repvisit_outbox_oldest_queued_age_seconds',
    help: 'Age of the oldest message not yet delivered (queued, sending or retrying), by channel.',
    labelNames: ['channel'],
    registers,
    async collect() {
      const now = o.clock.now();
      const rows = await readBacklog(now);
      this.reset();
      const oldest = new Map<string, number>();
      for (const r of rows ?? []) {
        const at = r.oldestQueuedAt?.getTime();
        if (at !== undefined && at < (oldest.get(r.channel) ?? Infinity)) oldest.set(r.channel, at);
      }
      for (const [channel, at] of oldest) this.set({ channel }, Math.max(0, (now.getTime() - at) / 1000));
    },
  });

  // The backup-age alert (docs/operations/prometheus-alerts.yml) reads this; 0 until a first backup is written, so the
  // alert fires as for a very old one.
  const { backupDir } = o;
  if (backupDir) {
    new Gauge({
      name: 'repvisit_backup_last_success_timestamp_seconds',
      help: 'When the newest verified backup of the embedded database was written (Unix seconds; 0: none yet).',
      registers,
      async collect() {
        this.reset();
        const at = await lastBackupAt({ dir: backupDir }).catch((err: unknown) => {
          o.onScrapeError(err);
          return null;
        });
        if (at) this.set(at.getTime() / 1000);
      },
    });
  }

  return {
    registry,
    observeRequest(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
    bookings: new Counter({ name: 'repvisit_bookings_total', help: 'Visits booked (replayed answers not counted).', registers }),
    cancellations: new Counter({
      name: 'repvisit_cancellations_total',
      help: 'Visits cancelled, by who cancelled (rep or clinic).',
      labelNames: ['by'],
      registers,
    }),
    signInFailures: new Counter({
      name: 'repvisit_sign_in_failures_total',
      help: 'Sign-ins refused for a wrong e-mail, password or code, by account kind.',
      labelNames: ['account'],
      registers,
    }),
    databaseUnavailable: new Counter({
      name: 'repvisit_db_unavailable_total',
      help: 'Requests answered 503 because the database could not answer, by kind (statement_timeout, connect_timeout, overloaded, connection).',
      labelNames: ['kind'],
      registers,
    }),
    jobRuns: new Counter({ name: 'repvisit_job_runs_total', help: 'Scheduled job runs, by job and outcome.', labelNames: ['job', 'outcome'], registers }),
    jobFailures: new Counter({ name: 'repvisit_job_failures_total', help: 'Scheduled job runs that failed, by job.', labelNames: ['job'], registers }),
  };
}
