import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { readTestEnv, testConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { withWrite } from '../db/write';
import { createTestDatabase } from '../test/harness';
import { Mailbox } from '../test/mailbox';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy';

// The outbox is woken, not polled fast (docs/decisions/078-outbox-wake.md): an idle instance sends the database at
// most one statement a second, counted on the wire between the app and PostgreSQL; a queued message still goes at
// once, on the instance that queued it and on another one that only heard the notification.

const IDLE_SECONDS = 5;
/** A safety poll long enough that only a wake explains a delivery within the mailbox's wait. */
const SLOW_POLL = { OUTBOX_POLL_MS: '60000' };
/** A busy shared machine's connects and queries: the requests' 5 s limits are not what this tests. */
const timeouts = { statementTimeoutMs: 60_000, connectTimeoutMs: 60_000 };

describe.runIf(!!readTestEnv().testDatabaseUrl)('the outbox on PostgreSQL, idle and woken', () => {
  const mailbox = new Mailbox();
  let created: Awaited<ReturnType<typeof createTestDatabase>>;
  let proxy: TcpProxy;
  let watched: Database;
  let second: Database;
  let idle: FastifyInstance;
  let woken: FastifyInstance;
  let queuer: FastifyInstance;

  beforeAll(async () => {
    const smtpUrl = await mailbox.start();
    created = await createTestDatabase('postgres');
    const direct = new URL(created.directUrl!);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const throughProxy = new URL(direct);
    throughProxy.host = `127.0.0.1:${proxy.port}`;
    // The app as it runs: its pool and its change feed's LISTEN connection, both through the counting proxy.
    watched = await openDatabase({ url: throughProxy.toString(), dataDir: 'unused', timeouts });
    // The shipped safety poll (OUTBOX_POLL_MS's default), not the test default's fast one.
    idle = await buildApp({ config: testConfig({ SMTP_URL: smtpUrl, OUTBOX_POLL_MS: undefined }), database: watched });
    await idle.ready();
    woken = await buildApp({ config: testConfig({ SMTP_URL: smtpUrl, ...SLOW_POLL }), database: created.database });
    await woken.ready();
    second = await openDatabase({ url: created.directUrl!, dataDir: 'unused', timeouts });
    queuer = await buildApp({ config: testConfig({ SMTP_URL: smtpUrl, ...SLOW_POLL }), database: second });
    await queuer.ready();
  }, 60_000);

  afterAll(async () => {
    await queuer?.close();
    await woken?.close();
    await idle?.close();
    await second?.close();
    await watched?.close();
    await proxy?.close();
    await created?.drop();
    await mailbox.stop();
  });

  it(`sends at most one statement a second while idle (counted over ${IDLE_SECONDS} s)`, async () => {
    // Past the start-up (the change feed's LISTEN, the worker's first pass).
    await new Promise((r) => setTimeout(r, 500));
    const before = proxy.statements();
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    const sent = proxy.statements() - before;
    expect(sent, `${sent} statements in ${IDLE_SECONDS} s`).toBeLessThanOrEqual(IDLE_SECONDS);
  }, 20_000);

  it("delivers a message at once on another instance, woken by the queuer's notification", async () => {
    // The queuer's worker is off: only the other instance can deliver, and only a wake makes it look within 60 s
    // (its start-up pass ran during the idle count).
    await queuer.outboxWorker.stop();
    await idle.outboxWorker.stop();
    await withWrite(queuer, (w) => queuer.outbox.queueEmail(w, { to: 'there@example.com', subject: 'There', text: 'Woken there', templateType: 'custom' }));
    expect((await mailbox.waitFor('there@example.com', () => true, 10_000)).subject).toBe('There');
  }, 20_000);

  it('delivers a message at once on the instance that queued it', async () => {
    // Only the queuer's worker runs, past the pass it makes as it starts: only a wake makes it look within 60 s.
    await woken.outboxWorker.stop();
    queuer.outboxWorker.start();
    await new Promise((r) => setTimeout(r, 1000));
    await withWrite(queuer, (w) => queuer.outbox.queueEmail(w, { to: 'here@example.com', subject: 'Here', text: 'Woken here', templateType: 'custom' }));
    expect((await mailbox.waitFor('here@example.com', () => true, 10_000)).subject).toBe('Here');
  }, 20_000);
});
