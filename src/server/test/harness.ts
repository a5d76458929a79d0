import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { buildApp, type Clock } from '../app';
import { readTestEnv, testConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { Mailbox, type ReceivedMail } from './mailbox';
import { copiedDataDir } from './data-dir';

/** A clock tests move by hand (ARCHITECTURE rule 3: time is passed in). */
export class TestClock implements Clock {
  private t: number;
  constructor(start = '2026-03-02T04:30:00.000Z' /* Monday 10:00 IST */) {
    this.t = Date.parse(start);
  }
  now(): Date {
    return new Date(this.t);
  }
  set(iso: string): void {
    this.t = Date.parse(iso);
  }
  advance(ms: number): void {
    this.t += ms;
  }
  advanceMinutes(m: number): void {
    this.advance(m * 60_000);
  }
  advanceDays(d: number): void {
    this.advance(d * 86_400_000);
  }
}

export type DatabaseKind = 'pglite' | 'postgres';
export type PoolerMode = 'transaction' | 'session';

export interface TestContext {
  kind: DatabaseKind;
  /** PostgreSQL reached through PgBouncer in that pooling mode (TEST_PGBOUNCER_URL, TEST_PGBOUNCER_SESSION_URL; decision 058). */
  pooler: PoolerMode | null;
  app: FastifyInstance;
  database: Database;
  clock: TestClock;
  mailbox: Mailbox;
}

/** The databases every API suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set (CI). */
export function testDatabaseKinds(): DatabaseKind[] {
  return readTestEnv().testDatabaseUrl ? ['pglite', 'postgres'] : ['pglite'];
}

let pgliteBase: Blob | undefined;

/**
 * The migrated PGlite data directory made once for the run (global-setup.ts), read once per test file; undefined
 * outside a run with that set-up, where each database is migrated instead.
 */
function migratedPgliteBase(): Blob | undefined {
  const file = inject('pgliteBaseFile');
  if (!file) return undefined;
  pgliteBase ??= new Blob([readFileSync(file)]);
  return pgliteBase;
}

/**
 * A new data directory holding a migrated embedded database, for a server started as a process (DATA_DIR): a copy of
 * the one the run's global set-up migrated, or an empty one outside such a run (the server then migrates it).
 */
export function migratedDataDir(prefix = 'rv-test-'): string {
  return copiedDataDir(inject('pgliteDataDir') || undefined, prefix);
}

/**
 * A fresh, migrated database (`migrate: false`: empty): in-memory PGlite, or a new database on the PostgreSQL server.
 * Migrated ones are copies of one base migrated once per run (docs/decisions/064-fast-test-loop.md): the same tables,
 * no rows, sequences at their start, as migrating would leave them.
 */
export async function createTestDatabase(
  kind: DatabaseKind,
  o: {
    migrate?: boolean;
    /**
     * Through PgBouncer in transaction mode (its change feed polled, or with `listenDirect` heard on a direct LISTEN), or
     * in session mode (the app as it runs directly, LISTEN and all, through the pooler).
     */
    pooled?: boolean | PoolerMode;
    listenDirect?: boolean;
  } = {},
): Promise<{ database: Database; drop: () => Promise<void>; url?: string; directUrl?: string }> {
  const migrate = o.migrate ?? true;
  if (kind === 'pglite') {
    const base = migrate ? migratedPgliteBase() : undefined;
    const database = await openDatabase({ dataDir: 'memory://', loadDataDir: base });
    if (migrate && !base) await migrateDatabase(database);
    return { database, drop: () => database.close() };
  }
  const base = readTestEnv().testDatabaseUrl!;
  const name = `rv_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = migrate ? inject('postgresTemplate') : undefined;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const mode: PoolerMode | null = o.pooled === true ? 'transaction' : o.pooled || null;
  const env = readTestEnv();
  const url = new URL(mode === 'transaction' ? env.testPgbouncerUrl! : mode === 'session' ? env.testPgbouncerSessionUrl! : base);
  url.pathname = `/${name}`;
  const direct = new URL(base);
  direct.pathname = `/${name}`;
  // Not the requests' 5 s limits (decision 012, Database timeouts; database-outage.test.ts tests them): on a busy 2-core
  // machine set-ups load tens of thousands of rows in one statement, and stress tests queue 200 requests on 20 connections.
  const slow = 60_000;
  const database = await openDatabase({
    url: url.toString(),
    dataDir: 'unused',
    poolSize: 20,
    timeouts: { statementTimeoutMs: slow, connectTimeoutMs: slow },
    // Through the pooler the change feed is polled as rows, the mode with the most to prove (decision 058).
    ...(mode === 'transaction' ? { poolMode: 'transaction' as const, pollMs: 100, listenUrl: o.listenDirect ? direct.toString() : undefined } : {}),
  });
  if (migrate && !template) await migrateDatabase(database);
  return {
    database,
    url: url.toString(),
    directUrl: direct.toString(),
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * Runs `fn` once per database kind, each with a fresh database, a real SMTP server and a controlled clock.
 * Read the context inside hooks and tests (it is filled in beforeAll).
 */
export function describeEachDatabase(
  name: string,
  fn: (ctx: TestContext) => void,
  opts: {
    env?: Record<string, string | undefined>;
    /**
     * Also through PgBouncer when PostgreSQL is there: in transaction mode (TEST_PGBOUNCER_URL) for `true`, and in
     * session mode as well (TEST_PGBOUNCER_SESSION_URL) for `'both'`: the suites that prove it (decision 058).
     */
    pooler?: boolean | 'both';
  } = {},
): void {
  const env = readTestEnv();
  const runs: Array<{ kind: DatabaseKind; pooler: PoolerMode | null; label: string }> = testDatabaseKinds().map((kind) => ({
    kind,
    pooler: null,
    label: kind,
  }));
  if (opts.pooler && env.testPgbouncerUrl && env.testDatabaseUrl) runs.push({ kind: 'postgres', pooler: 'transaction', label: 'pgbouncer' });
  if (opts.pooler === 'both' && env.testPgbouncerSessionUrl && env.testDatabaseUrl)
    runs.push({ kind: 'postgres', pooler: 'session', label: 'pgbouncer-session' });
  for (const { kind, pooler, label } of runs) {
    describe(`${name} [${label}]`, () => {
      const ctx = { kind, pooler, clock: new TestClock(), mailbox: new Mailbox() } as TestContext;
      let drop: () => Promise<void> = async () => {};
      beforeAll(async () => {
        const smtpUrl = await ctx.mailbox.start();
        const created = await createTestDatabase(kind, { pooled: pooler ?? false });
        drop = created.drop;
        ctx.database = created.database;
        ctx.app = await buildApp({
          config: testConfig({ SMTP_URL: smtpUrl, APP_URL: 'http://localhost:5000', ...opts.env }),
          database: created.database,
          clock: ctx.clock,
        });
        await ctx.app.ready();
      }, 180_000);
      afterAll(async () => {
        await ctx.app?.close();
        await drop();
        await ctx.mailbox.stop();
      }, 180_000);
      fn(ctx);
    });
  }
}

/**
 * Delivers every message due in the outbox now. The worker does this in the background (docs/decisions/028-outbox.md);
 * a test that reads the mailbox or the e-mail history right after a call waits for it here.
 */
export function deliverOutbox(ctx: { app: FastifyInstance }): Promise<void> {
  return ctx.app.outboxWorker.drain();
}

/**
 * The e-mail an outbox row became, as its recipient received it. The worker may have sent the row already, and a
 * sent row keeps no body (docs/decisions/028-outbox.md), so a test reads what it says here, never from the row.
 */
export async function receivedMail(ctx: { app: FastifyInstance; mailbox: Mailbox }, row: { recipientEmail: string; subject: string }): Promise<ReceivedMail> {
  await deliverOutbox(ctx);
  return ctx.mailbox.waitFor(row.recipientEmail, (m) => m.subject === row.subject);
}
