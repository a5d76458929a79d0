import autocannon from 'autocannon';

// One load run with autocannon: a warm-up, then the measured run; each request's path, body and cookie come
// from `next(i)` so the load spreads over many reps, doctors and days as real traffic would. The indices i come
// from an IndexCursor: the measured run continues where its warm-up stopped, so no measured request repeats a
// warm-up one, and measures that share a cursor never share a request (docs/decisions/076-cold-read-baseline.md).

export interface LoadRequest {
  method?: 'GET' | 'POST';
  path: string;
  cookie?: string;
  body?: unknown;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  status: Record<string, number>;
  errors: number;
  timeouts: number;
  bytesPerRequest: number;
}

/** Hands out request indices in order, each once: the warm-up's, then the measured run's, then the next measure's. */
export class IndexCursor {
  constructor(private next = 0) {}
  /** The next unused index (autocannon asks for one per request it sends). */
  take(): number {
    return this.next++;
  }
  /** The first index not yet handed out. */
  get position(): number {
    return this.next;
  }
}

async function once(
  url: string,
  o: { connections: number; seconds: number; next: (i: number) => LoadRequest; cursor: IndexCursor },
): Promise<LoadResult & { from: number; to: number }> {
  const from = o.cursor.position;
  const result = await autocannon({
    url,
    connections: o.connections,
    duration: o.seconds,
    timeout: 20,
    requests: [
      {
        setupRequest: (req: Record<string, unknown>) => {
          const r = o.next(o.cursor.take());
          const headers: Record<string, string> = { accept: 'application/json' };
          if (r.cookie) headers.cookie = r.cookie;
          if (r.body !== undefined) headers['content-type'] = 'application/json';
          return { ...req, method: r.method ?? 'GET', path: r.path, headers, body: r.body === undefined ? undefined : JSON.stringify(r.body) };
        },
      },
    ],
  });
  const status: Record<string, number> = {};
  for (const [code, v] of Object.entries((result as unknown as { statusCodeStats: Record<string, { count: number }> }).statusCodeStats ?? {})) {
    status[code] = v.count;
  }
  const total = Object.values(status).reduce((a, b) => a + b, 0);
  return {
    rps: total / o.seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: total,
    status,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerRequest: total ? Math.round(result.throughput.total / total) : 0,
    from,
    to: o.cursor.position,
  };
}

/**
 * Warm-up (not measured), then the measured run, on indices from `cursor` (default: a new one from 0). The result
 * names the measured run's indices [from, to).
 */
export async function measure(
  url: string,
  o: {
    connections: number;
    seconds: number;
    warmupSeconds: number;
    next: (i: number) => LoadRequest;
    warmupNext?: (i: number) => LoadRequest;
    cursor?: IndexCursor;
  },
): Promise<LoadResult & { from: number; to: number }> {
  const cursor = o.cursor ?? new IndexCursor();
  if (o.warmupSeconds > 0) await once(url, { connections: o.connections, seconds: o.warmupSeconds, next: o.warmupNext ?? o.next, cursor });
  return once(url, { ...o, cursor });
}

export const count5xx = (r: LoadResult) =>
  Object.entries(r.status)
    .filter(([c]) => c.startsWith('5'))
    .reduce((a, [, n]) => a + n, 0);
