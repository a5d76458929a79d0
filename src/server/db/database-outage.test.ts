import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../shared/errors';
import { buildApp } from '../app';
import { CACHE_CHANNEL } from '../cache/cache-bus';
import { readTestEnv, testConfig } from '../config';
import { isDatabaseUnavailable } from '../errors';
import { randomIp, sessionCookieOf } from '../modules/auth/auth.test-support';
import { hashToken, SESSION_COOKIE } from '../plugins/auth';
import { sessions } from './schema';
import { createClinic, sessionCookie, TEST_PASSWORD } from '../test/factories';
import { createTestDatabase } from '../test/harness';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy';
import { openDatabase, type Database } from './client';
import { migrateDatabase } from './migrate';
import { answerTimeoutMs, type DatabaseTimeouts } from './pg-pool';

// A database that hangs, goes away and comes back (docs/decisions/012, Database timeouts): the app reaches PostgreSQL
// through a TCP proxy the test switches. Each call must end in a 503 with the one message and code within the
// timeouts, never a 500 or a request that does not end, and the app must heal by itself once the database is back.

const pgUrl = readTestEnv().testDatabaseUrl;
const timeouts: DatabaseTimeouts = { statementTimeoutMs: 1000, connectTimeoutMs: 1000 };
// A bound for correctness, not a speed target: the longest wait the timeouts allow, plus room for a loaded machine.
const ANSWER_BOUND_MS = answerTimeoutMs(timeouts) + 3000;
const UNAVAILABLE = { message: ERROR_MESSAGES.service_unavailable, code: 'service_unavailable' };

const rowsOf = <T>(answer: unknown) => (answer as { rows: T[] }).rows;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, ok: () => boolean | Promise<boolean>, withinMs = 10_000): Promise<number> {
  const started = Date.now();
  while (!(await ok())) {
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms: ${what}`);
    await sleep(50);
  }
  return Date.now() - started;
}

describe.runIf(pgUrl)('a database that hangs, goes away and comes back [postgres]', () => {
  let created: Awaited<ReturnType<typeof createTestDatabase>>;
  let proxy: TcpProxy;
  let proxiedUrl: string;
  let app: FastifyInstance;
  let email: string;

  beforeAll(async () => {
    created = await createTestDatabase('postgres');
    const direct = new URL(created.url!);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    direct.port = String(proxy.port);
    proxiedUrl = direct.toString();
    // Opened from the configuration, as main.ts does, so the timeouts are read where production reads them.
    app = await buildApp({
      config: testConfig({
        DATABASE_URL: proxiedUrl,
        DB_STATEMENT_TIMEOUT_MS: String(timeouts.statementTimeoutMs),
        DB_CONNECT_TIMEOUT_MS: String(timeouts.connectTimeoutMs),
      }),
    });
    await app.ready();
    email = (await createClinic(created.database.db)).email;
  });

  // Each test starts with the database answering, whatever the one before left.
  afterEach(() => proxy.set('forward'));

  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await created?.drop();
  });

  const health = () => app.inject({ method: 'GET', url: '/api/health' });
  const login = () =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: TEST_PASSWORD, rememberMe: false, deviceFingerprint: 'fp_outage' },
      remoteAddress: randomIp(),
    });
  const timed = async <T>(call: () => Promise<T>): Promise<[T, number]> => {
    const started = Date.now();
    const answer = await call();
    return [answer, Date.now() - started];
  };

  async function expectUnavailable() {
    const [[res, ms], [hres, hms]] = await Promise.all([timed(login), timed(health)]);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(UNAVAILABLE);
    expect(ms).toBeLessThan(ANSWER_BOUND_MS);
    expect(hres.statusCode).toBe(503);
    expect(hres.json()).toEqual({ status: 'critical', database: 'postgres', notReady: ['database'], ...UNAVAILABLE });
    expect(hms).toBeLessThan(ANSWER_BOUND_MS);
  }

  async function expectAnswering() {
    expect((await health()).statusCode).toBe(200);
    const res = await login();
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Login successful');
  }

  it('runs requests under the configured statement timeout, and long work without one', async () => {
    const shown = async (db: Database['db']) => rowsOf<{ statement_timeout: string }>(await db.execute(sql`show statement_timeout`))[0]!.statement_timeout;
    expect(await shown(app.db)).toBe('1s');
    expect(await app.database.withoutTimeouts(shown)).toBe('0');
    await expectAnswering();
  });

  it('migrates on a connection of its own, under a statement timeout no migration could keep to', async () => {
    const fresh = await createTestDatabase('postgres', { migrate: false });
    const database = await openDatabase({ url: fresh.url, dataDir: 'unused', timeouts: { statementTimeoutMs: 1, connectTimeoutMs: 1000 } });
    try {
      await migrateDatabase(database);
      const tables = await fresh.database.db.execute(sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`);
      expect(rowsOf<{ n: number }>(tables)[0]!.n).toBeGreaterThan(10);
    } finally {
      await database.close();
      await fresh.drop();
    }
  });

  it('answers 503 within the timeouts while the database hangs, and heals once it answers again', async () => {
    await expectAnswering(); // the pool holds connections opened before the hang
    await proxy.set('hung');
    await expectUnavailable();
    await expectUnavailable(); // connections that got no answer were closed, new ones time out connecting
    await proxy.set('forward');
    await expectAnswering();
  });

  it('answers 503 at once while the database is down, and heals once it is back', async () => {
    await expectAnswering();
    await proxy.set('down');
    await until('the change feed notices', () => !app.database.caches.live);
    await expectUnavailable();
    // Back, but not answering yet: reconnecting (the change feed too) must not hang on a connection that never opens.
    await proxy.set('hung');
    await expectUnavailable();
    await sleep(timeouts.connectTimeoutMs * 2);
    await proxy.set('forward');
    await expectAnswering();
    await until('the change feed is back', () => app.database.caches.live);
  });

  // A sign-out must hold even when the database cannot take it now (docs/decisions/029-request-edge-hardening.md):
  // the browser's cookie is cleared at once, and the session row is deleted as soon as the database is back.
  it('signs out during an outage: 503 with the cookie cleared, and the session ends once the database is back', async () => {
    await expectAnswering();
    const cookie = sessionCookieOf(await login());
    const token = cookie.slice(`${SESSION_COOKIE}=`.length);
    const me = () => app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect((await me()).statusCode).toBe(200);
    const adminCookie = await sessionCookie(app, 'admin', 0);
    const adminToken = adminCookie.slice(`${SESSION_COOKIE}=`.length);

    await proxy.set('down');
    await until('the change feed notices', () => !app.database.caches.live);
    const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(503);
    expect(out.json()).toEqual(UNAVAILABLE);
    const cleared = out.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());
    // Still out: the session is not usable here in the meantime (whatever this instance had cached).
    expect((await me()).statusCode).not.toBe(200);
    // The admin's sign-out too, though whose the cookie is cannot be read now.
    const adminOut = await app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie: adminCookie } });
    expect(adminOut.statusCode).toBe(503);
    expect(adminOut.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');

    await proxy.set('forward');
    // Deleted in the database without anyone calling again: every instance, and every later start, sees it gone.
    const row = (t: string) =>
      created.database.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.id, hashToken(t)));
    await until('the session rows are deleted', async () => (await row(token)).length + (await row(adminToken)).length === 0, 20_000);
    expect((await me()).statusCode).toBe(401);
  }, 60_000);

  it('keeps hearing changes on the LISTEN connection, idle longer than the answer timeout', async () => {
    await until('the change feed is live', () => app.database.caches.live);
    const heard: string[] = [];
    app.database.caches.cacheFor({}, () => ({
      invalidate: (key: string) => heard.push(key),
      clear: () => {},
      stats: () => ({ name: 'probe', hits: 0, misses: 0, size: 0 }),
    }));
    await sleep(answerTimeoutMs(timeouts) + 500);
    await created.database.db.execute(sql`select pg_notify(${CACHE_CHANNEL}, 'outage-test')`);
    await until('the notification arrives', () => heard.includes('outage-test'));
    expect(app.database.caches.live).toBe(true);
  });

  it('gives back, and replaces, a connection lost or left unanswered in a transaction', async () => {
    // One connection, so a single one not given back would block every later query.
    const database = await openDatabase({ url: proxiedUrl, dataDir: 'unused', poolSize: 1, timeouts });
    const { db } = database;
    const usable = async () => expect(await db.transaction((tx) => tx.execute(sql`select 1 as one`))).toMatchObject({ rows: [{ one: 1 }] });
    try {
      await usable();
      await proxy.set('hung');
      // BEGIN unanswered: drizzle never gives such a client back itself.
      await expect(db.transaction((tx) => tx.execute(sql`select 1`))).rejects.toSatisfy(isDatabaseUnavailable);
      await proxy.set('forward');
      await usable();
      // A statement unanswered inside a transaction: its connection would go on waiting for the lost answer.
      const unanswered = db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await proxy.set('hung');
        await tx.execute(sql`select 1`);
      });
      await expect(unanswered).rejects.toSatisfy(isDatabaseUnavailable);
      await proxy.set('forward');
      await usable();
      // A connection lost between two statements of a transaction: no unhandled 'error' may end the process.
      const lost = db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await proxy.set('down');
        await sleep(100);
        await tx.execute(sql`select 1`);
      });
      await expect(lost).rejects.toSatisfy(isDatabaseUnavailable);
      await proxy.set('forward');
      await usable();
      expect(await database.ping()).toBe(true);
    } finally {
      // A pool with a client never given back never closes: the assertions above say why, not a test timeout.
      await Promise.race([database.close(), sleep(5000)]);
    }
  });
});
