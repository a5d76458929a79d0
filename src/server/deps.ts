import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Outbox } from './outbox/outbox';
import type { AppMetrics } from './metrics/metrics';
import type { VapidKeys } from './modules/notifications/push.keys';
import type { ReceiptKey } from './modules/visits/receipts.keys';

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
  /** The app's keys, each read (or made and kept) once per app: per-app state is declared here (docs/decisions/063). */
  keys: AppKeys;
  /** The Prometheus counters of what the product does (bookings, sign-in failures...); null or absent when off (docs/decisions/059). */
  metrics?: AppMetrics | null;
}

/** Keys read from the configuration or app_secrets once per app (app-keys.ts builds them); a failed read is tried again. */
export interface AppKeys {
  /** The proof-of-visit signing key (docs/decisions/041-visit-outcomes-and-proof.md). */
  receipt(): Promise<ReceiptKey>;
  /** Web push's VAPID pair (decision 011). */
  vapid(): Promise<VapidKeys>;
}
