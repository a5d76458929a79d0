import type { FastifyInstance } from 'fastify';

// Draining before a stop (docs/decisions/059-metrics-and-health.md): on SIGTERM readiness (GET /api/health) answers 503
// at once, so a load balancer sends no more work here; the requests under way get up to DRAIN_MS to finish; then the
// server closes (main.ts). While draining every answer says `Connection: close`, so a kept-alive client opens its
// next connection elsewhere.

/** How long the requests under way may take to finish after SIGTERM before they are cut off. */
export const DRAIN_MS = 10_000;

export interface Drain {
  /** True from the stop's first moment. */
  readonly draining: boolean;
  /** Requests received and not yet answered (or dropped by their client). */
  readonly inFlight: number;
  start(): void;
  /**
   * Resolves true once no request is under way and `minMs` has passed since the start (the balancer's time to see
   * the 503: DRAIN_MIN_MS), or false when `timeoutMs` passes first.
   */
  settled(timeoutMs: number, minMs?: number): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    drain: Drain;
  }
}

export function registerDrain(app: FastifyInstance): void {
  let draining = false;
  let drainingSince = 0;
  let inFlight = 0;
  // Counted on the HTTP server, not in Fastify's hooks: a response's 'close' comes once, answered or aborted.
  app.server.on('request', (_req, res) => {
    inFlight++;
    res.once('close', () => inFlight--);
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
  app.decorate('drain', {
    get draining() {
      return draining;
    },
    get inFlight() {
      return inFlight;
    },
    start() {
      if (!draining) drainingSince = Date.now();
      draining = true;
    },
    async settled(timeoutMs: number, minMs = 0) {
      const until = Date.now() + timeoutMs;
      const quietFrom = (drainingSince || Date.now()) + Math.min(minMs, timeoutMs);
      while (inFlight > 0 || Date.now() < quietFrom) {
        if (Date.now() >= until) return false;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return true;
    },
  } satisfies Drain);
}
