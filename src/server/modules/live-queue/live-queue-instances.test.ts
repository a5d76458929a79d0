import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { readTestEnv, testConfig } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import { createTestDatabase, TestClock } from '../../test/harness';
import { callIn, clinicDay, NOW, secretOf } from '../../test/live-queue-fixtures';
import { listen, openStream } from '../../test/sse-client';
import { checkInCodeAt } from '../visits/check-in.service';

// The live queue across instances (docs/decisions/074-live-queue.md): two apps on one PostgreSQL database, each with
// its own pool and its own LISTEN (or its own poll of the change feed behind PgBouncer in transaction mode); a change
// through one reaches a stream held by the other within 2 s, and a restarted one gives the current state again.

/** Two instances of one PostgreSQL database: a change through one reaches a stream held by the other. */
const env = readTestEnv();
const acrossInstances: Array<{ label: string; pooled: boolean }> = [
  ...(env.testDatabaseUrl ? [{ label: 'postgres', pooled: false }] : []),
  ...(env.testDatabaseUrl && env.testPgbouncerUrl ? [{ label: 'pgbouncer transaction mode, the change feed polled', pooled: true }] : []),
];
for (const { label, pooled } of acrossInstances) {
  describe(`live queue across two instances [${label}]`, () => {
    const clock = new TestClock(NOW);
    let drop: () => Promise<void>;
    let one: FastifyInstance;
    let two: FastifyInstance;
    let otherDb: Database;
    let createdUrl: string;
    beforeAll(async () => {
      const created = await createTestDatabase('postgres', { pooled });
      drop = created.drop;
      createdUrl = created.url!;
      // The second instance as a deployment runs it: its own pool and its own LISTEN (or its own poll, at the default 1 s).
      otherDb = await openDatabase({ url: createdUrl, dataDir: 'unused', ...(pooled ? { poolMode: 'transaction' as const } : {}) });
      one = await buildApp({ config: testConfig({ APP_URL: 'http://localhost:5000' }), database: created.database, clock });
      two = await buildApp({ config: testConfig({ APP_URL: 'http://localhost:5000' }), database: otherDb, clock });
    }, 180_000);
    afterAll(async () => {
      await one?.close();
      await two?.close();
      await otherDb?.close();
      await drop?.();
    }, 180_000);

    it('comes back after the instance holding the stream restarts: a new process, Last-Event-ID, the current state', async () => {
      const day = await clinicDay(one);
      const [a, b] = [await day.visit('10:00'), await day.visit('10:15')];
      const s1 = await openStream(await listen(two), `/api/live/appointments/${b.id}`, b.cookie);
      const seen = await s1.next();
      await two.close();
      await otherDb.close();
      expect(await s1.waitEnd()).toBe(true);
      await s1.close();
      await callIn(one.db, a.id, clock.now()); // while it is down
      otherDb = await openDatabase({ url: createdUrl, dataDir: 'unused', ...(pooled ? { poolMode: 'transaction' as const } : {}) });
      two = await buildApp({ config: testConfig({ APP_URL: 'http://localhost:5000' }), database: otherDb, clock });
      const s2 = await openStream(await listen(two), `/api/live/appointments/${b.id}`, b.cookie, seen.id);
      try {
        expect((await s2.next()).data).toMatchObject({ position: 1, ahead: 1 });
      } finally {
        await s2.close();
      }
    });

    it('sends the stream on one instance a check-in and a call made through the other, each within 2 s', async () => {
      const day = await clinicDay(one);
      const [a, b] = [await day.visit('10:00'), await day.visit('10:15')];
      const s = await openStream(await listen(two), `/api/live/appointments/${b.id}`, b.cookie);
      try {
        expect((await s.next()).data).toMatchObject({ status: 'waiting', position: 2 });
        const res = await one.inject({
          method: 'POST',
          url: '/api/medrep/check-in',
          headers: { cookie: b.cookie },
          payload: { appointmentId: b.id, code: checkInCodeAt(await secretOf(one, day), clock.now()) },
        });
        expect(res.statusCode, res.body).toBe(200);
        const t0 = Date.now();
        expect((await s.next(2000)).data).toMatchObject({ status: 'arrived' });
        expect(Date.now() - t0).toBeLessThan(2000);
        await callIn(one.db, a.id, clock.now());
        expect((await s.next(2000)).data).toMatchObject({ position: 1, ahead: 1 });
        await callIn(one.db, b.id, clock.now());
        expect((await s.next(2000)).data).toMatchObject({ status: 'called' });
      } finally {
        await s.close();
      }
    });
  });
}
