import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Outbox } from './outbox/outbox';
import type { AppMetrics } from './metrics/metrics';

/** Where "now" comes from; tests pass a clock they move (ARCHITECTURE rule 3: pass time in). */
export interface Clock {
  now(): Date;
}

/**
 * What a service may use (ARCHITECTURE rule 16: `verbNoun(deps, options)`): a small typed object, never a
 * Fastify request or reply. The app instance satisfies it, so a route passes `app`; a job or a test may pass
 * any object of this shape. A service that needs less takes `Pick<Deps, ...>`.
 */
export interface Deps {
  db: Db;
  clock: Clock;
  /** Where every message goes: a row written with the change (docs/decisions/028-outbox.md). */
  outbox: Outbox;
  config: Config;
  log: FastifyBaseLogger;
  /** The Prometheus counters of what the product does (bookings, sign-in failures...); null or absent when off (docs/decisions/059). */
  metrics?: AppMetrics | null;
}
