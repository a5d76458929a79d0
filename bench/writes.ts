import type { Child } from './processes';
import { nearBooking, type BookingBody } from './scenarios';
import { BENCH_PASSWORD, type SeededVolume } from './seed-volume';
import { percentile } from './report';

// The writes of the mixed run (decision 026): bookings, cancellations and logins sent through the API at a steady
// rate, as users make them, while the reads are measured. Open loop: each write leaves on its schedule whether or
// not the previous one has answered (a slow server does not slow the users down), up to MAX_IN_FLIGHT a stream.

export const MIXED_WRITES = { bookings: 10, cancellations: 2, logins: 1 }; // per second

const MAX_IN_FLIGHT = 200;
const TIMEOUT_MS = 30_000;

export interface WriteReport {
  name: string;
  targetPerSecond: number;
  /** answered 2xx per second over the run */
  achievedPerSecond: number;
  sent: number;
  status: Record<string, number>;
  /** no answer: refused connection, reset, timeout */
  errors: number;
  /** not sent: MAX_IN_FLIGHT were still waiting, or nothing was booked yet to cancel */
  skipped: number;
  p50: number;
  p99: number;
}

interface Stream {
  name: string;
  perSecond: number;
  /** the stream's first write leaves this long after the others' */
  delayMs?: number;
  /** one write; null when there is nothing to send this time */
  send(): Promise<Response> | null;
  onAnswer?(res: Response, body: string): void;
}

function runStream(s: Stream): { stop(): Promise<WriteReport> } {
  const status: Record<string, number> = {};
  const latencies: number[] = [];
  const pending = new Set<Promise<void>>();
  let sent = 0;
  let errors = 0;
  let skipped = 0;
  let n = 0;
  let timer: NodeJS.Timeout | undefined;
  const started = performance.now() + (s.delayMs ?? 0);
  const tick = () => {
    n++;
    if (pending.size >= MAX_IN_FLIGHT) skipped++;
    else {
      const t = performance.now();
      const request = s.send();
      if (!request) skipped++;
      else {
        sent++;
        const p = request
          .then(async (res) => {
            const body = await res.text();
            latencies.push(performance.now() - t);
            status[res.status] = (status[res.status] ?? 0) + 1;
            s.onAnswer?.(res, body);
          })
          .catch(() => void errors++)
          .finally(() => pending.delete(p));
        pending.add(p);
      }
    }
    // The n-th write leaves n / rate seconds after the start, whatever the timers' drift.
    timer = setTimeout(tick, Math.max(0, started + (n * 1000) / s.perSecond - performance.now()));
  };
  timer = setTimeout(tick, s.delayMs ?? 0);
  return {
    async stop() {
      clearTimeout(timer);
      const elapsed = Math.max(0.001, (performance.now() - started) / 1000);
      await Promise.all(pending);
      latencies.sort((a, b) => a - b);
      const ok = Object.entries(status).reduce((a, [code, c]) => (code.startsWith('2') ? a + c : a), 0);
      return {
        name: s.name,
        targetPerSecond: s.perSecond,
        achievedPerSecond: ok / elapsed,
        sent,
        status,
        errors,
        skipped,
        p50: percentile(latencies, 0.5),
        p99: percentile(latencies, 0.99),
      };
    },
  };
}

/** Starts the three write streams against `app`; stop() waits for the writes in flight and reports each stream. */
export function startWrites(app: Child, v: SeededVolume, rates = MIXED_WRITES): { stop(): Promise<WriteReport[]> } {
  const post = (path: string, body: unknown, cookie?: string, headers: Record<string, string> = {}) =>
    fetch(app.url + path, {
      method: 'POST',
      // A browser on the app's own origin sends its Origin (the same-origin rule of plugins/security.ts).
      headers: { 'content-type': 'application/json', origin: app.url, ...(cookie ? { cookie } : {}), ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  const booked: Array<{ id: number; repId: number }> = [];
  let k = 0;
  let login = 0;
  const streams: Stream[] = [
    {
      name: 'POST /api/book-appointment',
      perSecond: rates.bookings,
      send: () => {
        const body: BookingBody = nearBooking(v, k++);
        return post('/api/book-appointment', body, v.repCookie(body.repId));
      },
      onAnswer: (res, text) => {
        if (res.status !== 201) return;
        const a = (JSON.parse(text) as { appointment: { id: number; rep_id: number } }).appointment;
        booked.push({ id: a.id, repId: a.rep_id });
      },
    },
    {
      // The rep cancels one of the visits booked above (dated tomorrow or later: the rule lets him).
      name: 'DELETE /api/appointments/:id',
      perSecond: rates.cancellations,
      delayMs: 5000,
      send: () => {
        const a = booked.shift();
        if (!a) return null;
        return fetch(`${app.url}/api/appointments/${a.id}`, {
          method: 'DELETE',
          headers: { origin: app.url, cookie: v.repCookie(a.repId) },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      },
    },
    {
      // Every rep in turn; each from its own address (the app runs with TRUST_PROXY, as behind a balancer), so the
      // per-address login limit counts users, not the benchmark.
      name: 'POST /api/medrep/login',
      perSecond: rates.logins,
      send: () => {
        const i = login++;
        const repId = v.repIds[(i * 7919) % v.repIds.length]!;
        const address = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
        return post('/api/medrep/login', { email: v.repEmail(repId), password: BENCH_PASSWORD }, undefined, { 'x-forwarded-for': address });
      },
    },
  ];
  const running = streams.map(runStream);
  return { stop: () => Promise.all(running.map((r) => r.stop())) };
}
