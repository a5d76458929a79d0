import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { readTestEnv, testConfig } from '../config';
import type { Db } from '../db/client';
import type { Database } from '../db/client';
import { clinicDoctorSettings, sessions } from '../db/schema';
import { withWrite } from '../db/write';
import { saveDoctorSettings } from '../modules/call-settings/call-settings.service';
import type { Actor } from '../plugins/auth';
import { createClinic, createDoctor, createSubscribedRep, sessionCookie } from '../test/factories';
import { createTestDatabase, describeEachDatabase, TestClock } from '../test/harness';
import { CacheBus } from './cache-bus';
import { cacheKey } from './cache-keys';
import { defineReadCache, readCacheDefinitions } from './read-cache';

// The keyed read caches (docs/decisions/016-keyed-read-caches.md) never answer with data older than a write
// this instance committed, and forget what other instances changed as soon as PostgreSQL tells them.

const NO_DAYS = { monday: false, tuesday: false, wednesday: false, thursday: false, friday: false, saturday: false, sunday: false };
const deferred = <T>() => {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

/** A byte bound no test cache reaches: these tests are about keys, not bytes. */
const SMALL = { maxBytes: 2 ** 20, sizeOf: () => 1 };

/** A database object with a bus of its own, for the cache alone (nothing is queried). */
function fakeDb(): { db: Db; bus: CacheBus } {
  const bus = new CacheBus();
  return { db: { caches: bus } as unknown as Db, bus };
}

// Test files share the app's modules (docs/decisions/084): this file's cache leaves the registry of the app's caches
// as it found it, for the tests that read that registry.
afterAll(() => readCacheDefinitions.delete('t'));

describe('a keyed read cache', () => {
  it('answers from memory until a key that concerns it is announced; other keys leave it alone', async () => {
    const { db, bus } = fakeDb();
    let loads = 0;
    const cache = defineReadCache<number, number>({
      name: 't',
      max: 10,
      ...SMALL,
      keyOf: String,
      invalidatedBy: { 'rep-appts': ([id]) => id },
      load: async () => ++loads,
    });
    expect(await cache.read(db, 1)).toBe(1);
    expect(await cache.read(db, 1)).toBe(1);
    bus.invalidate(cacheKey.repAppointments(2));
    bus.invalidate(cacheKey.session('abc'));
    expect(await cache.read(db, 1)).toBe(1);
    bus.invalidate(cacheKey.repAppointments(1));
    expect(await cache.read(db, 1)).toBe(2);
    bus.invalidate(cacheKey.everything());
    expect(await cache.read(db, 1)).toBe(3);
  });

  it('does not keep a value loaded while its key was invalidated, and shares one load between concurrent misses', async () => {
    const { db, bus } = fakeDb();
    const first = deferred<string>();
    let loads = 0;
    const cache = defineReadCache<string, string>({
      name: 't',
      max: 10,
      ...SMALL,
      keyOf: (k) => k,
      invalidatedBy: { link: ([c, d]) => `${c}:${d}` },
      load: () => (loads++ === 0 ? first.promise : Promise.resolve('new')),
    });
    const a = cache.read(db, '1:2');
    const b = cache.read(db, '1:2');
    bus.invalidate(cacheKey.link(1, 2)); // a write commits while the read is in flight
    first.resolve('old');
    expect(await a).toBe('old');
    expect(await b).toBe('old');
    expect(loads).toBe(1);
    expect(cache.holds(db, '1:2')).toBe(false);
    expect(await cache.read(db, '1:2')).toBe('new');
    expect(cache.holds(db, '1:2')).toBe(true);
  });

  it('reads the misses of one moment with one load, and drops every entry of an account by its key', async () => {
    const { db, bus } = fakeDb();
    const calls: string[][] = [];
    type S = { account: number } | null;
    const cache = defineReadCache<string, S>({
      name: 't',
      max: 10,
      ...SMALL,
      keyOf: (k) => k,
      valueTags: (s) => (s ? [cacheKey.account('medrep', s.account)] : []),
      keep: (s) => s !== null,
      invalidatedBy: { session: ([h]) => h, account: (parts) => `account:${parts.join(':')}` },
      missing: null,
      loadMany: async (_db, ids) => {
        calls.push(ids);
        return new Map(ids.filter((id) => id !== 'x').map((id) => [id, { account: id === 'c' ? 2 : 1 }]));
      },
    });
    const answers = await Promise.all(['a', 'b', 'x', 'c', 'b'].map((id) => cache.read(db, id)));
    expect(answers).toEqual([{ account: 1 }, { account: 1 }, null, { account: 2 }, { account: 1 }]);
    expect(calls).toEqual([['a', 'b', 'x', 'c']]); // the second 'b' shares the first one's load
    expect(['a', 'b', 'c', 'x'].map((id) => cache.holds(db, id))).toEqual([true, true, true, false]);
    bus.invalidate(cacheKey.account('medrep', 1));
    expect(['a', 'b', 'c'].map((id) => cache.holds(db, id))).toEqual([false, false, true]);
    bus.invalidate(cacheKey.session('c'));
    expect(cache.holds(db, 'c')).toBe(false);

    // An account changed while one of its sessions is being read: the read's answer is not kept.
    const slow = cache.read(db, 'a');
    bus.invalidate(cacheKey.account('medrep', 1));
    expect(await slow).toEqual({ account: 1 });
    expect(cache.holds(db, 'a')).toBe(false);
  });

  it('reads a few misses one by one through its prepared single read, and many with one batched load', async () => {
    const { db } = fakeDb();
    const single: string[] = [];
    const batches: string[][] = [];
    const cache = defineReadCache<string, string | null>({
      name: 't',
      max: 100,
      ...SMALL,
      keyOf: (k) => k,
      invalidatedBy: {},
      missing: null,
      loadOne: async (_db, id) => {
        single.push(id);
        return id === 'x' ? null : id.toUpperCase();
      },
      loadMany: async (_db, ids) => {
        batches.push(ids);
        return new Map(ids.filter((id) => id !== 'x').map((id) => [id, id.toUpperCase()]));
      },
    });
    expect(await Promise.all(['a', 'x', 'c'].map((id) => cache.read(db, id)))).toEqual(['A', null, 'C']);
    expect(single).toEqual(['a', 'x', 'c']);
    expect(batches).toEqual([]);
    const many = Array.from({ length: 9 }, (_, i) => `k${i}`);
    expect(await Promise.all(many.map((id) => cache.read(db, id)))).toEqual(many.map((id) => id.toUpperCase()));
    expect(batches).toEqual([many]);
    expect(single).toHaveLength(3);
  });

  it('reads through while changes could be missed, and keeps at most max entries', async () => {
    const { db, bus } = fakeDb();
    let n = 0;
    const cache = defineReadCache<string, number>({ name: 't', max: 2, ...SMALL, keyOf: (k) => k, invalidatedBy: {}, load: async () => ++n });
    bus.live = false;
    expect(await cache.read(db, 'k')).toBe(1);
    expect(await cache.read(db, 'k')).toBe(2);
    bus.live = true;
    for (const k of ['a', 'b', 'c']) await cache.read(db, k);
    expect(['a', 'b', 'c'].map((k) => cache.holds(db, k))).toEqual([false, true, true]);
  });

  it('never holds more than its byte bound: past it, the least recently used entries go', async () => {
    const { db, bus } = fakeDb();
    const cache = defineReadCache<number, string>({
      name: 't',
      max: 10,
      maxBytes: 1000,
      sizeOf: (text) => text.length,
      keyOf: String,
      invalidatedBy: {},
      load: async (_db, i) => 'x'.repeat(100 + i),
    });
    for (let i = 0; i < 50; i++) {
      await cache.read(db, i);
      const [stats] = bus.stats();
      expect(stats!.bytes).toBeLessThanOrEqual(1000);
    }
    // 144..149 characters for the last six (879 in all); a seventh (143) would pass 1,000.
    expect(bus.stats()[0]).toMatchObject({ size: 6, bytes: 879 });
    expect(cache.holds(db, 0)).toBe(false);
    expect(cache.holds(db, 43)).toBe(false);
    expect(cache.holds(db, 44)).toBe(true);
    expect(cache.holds(db, 49)).toBe(true);
  });
});

const clinicActor = (id: number): Actor => ({ type: 'clinic', id, sessionId: 'x', termsAccepted: true });

describeEachDatabase('read caches through the services', (ctx) => {
  it("a rep sees a clinic's change of call settings at once, and a signed-out session ends at once", async () => {
    ctx.clock.set('2026-03-02T04:30:00.000Z');
    const clinic = await createClinic(ctx.app.db, { state: 'Goa', city: 'Panaji' });
    const doctor = await createDoctor(ctx.app.db, clinic.id, { specialty: 'Neurology', state: 'Goa', city: 'Panaji' });
    const rep = await createSubscribedRep(ctx.app.db);
    const cookie = await sessionCookie(ctx.app, 'medrep', rep.id);
    const doctorsUrl = '/api/doctors/locations?state=Goa&city=Panaji&specialty=Neurology';
    const listed = async () => (await ctx.app.inject({ url: doctorsUrl, headers: { cookie } })).json().doctors as Array<{ id: number }>;
    expect((await listed()).map((d) => d.id)).toEqual([doctor.id]);
    expect((await listed()).map((d) => d.id)).toEqual([doctor.id]);

    await saveDoctorSettings(ctx.app, {
      actor: clinicActor(clinic.id),
      input: { clinicId: clinic.id, doctorId: doctor.id, maxSlots: 3, callFrequency: 7, availableDays: NO_DAYS },
    });
    expect(await listed()).toEqual([]);
    const availability = await ctx.app.inject({ url: `/api/doctor-availability?clinicId=${clinic.id}&doctorId=${doctor.id}`, headers: { cookie } });
    expect(availability.statusCode).toBe(404);

    const logout = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: doctorsUrl, headers: { cookie } })).statusCode).toBe(401);
  });

  it('a login drops nothing; a write that rolls back drops nothing either', async () => {
    const rep = await createSubscribedRep(ctx.app.db);
    const cookie = await sessionCookie(ctx.app, 'medrep', rep.id);
    const url = `/api/rep-appointments?repId=${rep.id}`;
    expect((await ctx.app.inject({ url, headers: { cookie } })).statusCode).toBe(200);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/medrep/login',
      headers: { 'content-type': 'application/json' },
      payload: { email: rep.email, password: 'Str0ng!Pass', rememberMe: false, deviceFingerprint: 'fp_abc' },
    });
    expect(login.statusCode).toBe(200);
    await expect(
      withWrite(ctx.app, async (tx) => {
        await tx.delete(sessions).where(eq(sessions.userId, rep.id));
        tx.changed(cacheKey.account('medrep', rep.id));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await ctx.app.inject({ url, headers: { cookie } })).statusCode).toBe(200);
  });
});

// Several instances on one PostgreSQL (and a read racing a transaction) need a server: CI has one. Through PgBouncer
// in transaction mode (TEST_PGBOUNCER_URL, decision 058) too: the change feed polled as rows, or heard on a direct LISTEN.
const testEnv = readTestEnv();
const routes = [
  { label: 'directly', pooled: false, listenDirect: false },
  ...(testEnv.testPgbouncerUrl
    ? [
        { label: 'through PgBouncer, the feed polled', pooled: true, listenDirect: false },
        { label: 'through PgBouncer, the feed on a direct LISTEN', pooled: true, listenDirect: true },
      ]
    : []),
];
describe.runIf(testEnv.testDatabaseUrl).each(routes)('several instances on one PostgreSQL $label: read caches and rate limits', ({ pooled, listenDirect }) => {
  let created: Awaited<ReturnType<typeof createTestDatabase>>;
  let second: Database;
  let appA: FastifyInstance;
  let appB: FastifyInstance;
  const clock = new TestClock();

  beforeAll(async () => {
    clock.set('2026-03-02T04:30:00.000Z');
    created = await createTestDatabase('postgres', { pooled, listenDirect });
    const { openDatabase } = await import('../db/client');
    second = await openDatabase({
      url: created.url!,
      dataDir: 'unused',
      poolSize: 5,
      ...(pooled ? { poolMode: 'transaction' as const, pollMs: 100, listenUrl: listenDirect ? created.directUrl : undefined } : {}),
    });
    const config = testConfig({ APP_URL: 'http://localhost:5000' });
    appA = await buildApp({ config, database: created.database, clock });
    appB = await buildApp({ config, database: second, clock });
  }, 60_000);
  afterAll(async () => {
    await appA?.close();
    await appB?.close();
    await second?.close();
    await created?.drop();
  });

  /** Polls `check` for up to 2 s: a notification takes a moment to cross from one instance to the other. */
  async function eventually(check: () => Promise<boolean>): Promise<void> {
    const deadline = Date.now() + 2000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('the other instance did not see the change within 2 s');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('a sign-out on one instance ends the session on the other', async () => {
    const rep = await createSubscribedRep(appA.db);
    const cookie = await sessionCookie(appA, 'medrep', rep.id);
    const url = `/api/rep-appointments?repId=${rep.id}`;
    expect((await appB.inject({ url, headers: { cookie } })).statusCode).toBe(200); // B now holds it
    expect((await appA.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } })).statusCode).toBe(200);
    await eventually(async () => (await appB.inject({ url, headers: { cookie } })).statusCode === 401);
  });

  it("a clinic's change through one instance reaches the cascade on the other", async () => {
    const clinic = await createClinic(appA.db, { state: 'Sikkim', city: 'Gangtok' });
    const doctor = await createDoctor(appA.db, clinic.id, { specialty: 'ENT', state: 'Sikkim', city: 'Gangtok' });
    const rep = await createSubscribedRep(appA.db);
    const cookie = await sessionCookie(appA, 'medrep', rep.id);
    const url = '/api/doctors/locations?state=Sikkim&city=Gangtok&specialty=ENT';
    const listedOnB = async () => ((await appB.inject({ url, headers: { cookie } })).json().doctors as unknown[]).length;
    await eventually(async () => (await listedOnB()) === 1);
    await saveDoctorSettings(appA, {
      actor: clinicActor(clinic.id),
      input: { clinicId: clinic.id, doctorId: doctor.id, maxSlots: 3, callFrequency: 7, availableDays: NO_DAYS },
    });
    await eventually(async () => (await listedOnB()) === 0);
  });

  it('a read that fills the cache while a transaction writes does not outlive the commit', async () => {
    const clinic = await createClinic(appA.db, { state: 'Assam', city: 'Guwahati' });
    const doctor = await createDoctor(appA.db, clinic.id, { specialty: 'Oncology', state: 'Assam', city: 'Guwahati' });
    const rep = await createSubscribedRep(appA.db);
    const cookie = await sessionCookie(appA, 'medrep', rep.id);
    const url = '/api/doctors/locations?state=Assam&city=Guwahati&specialty=Oncology';
    const listed = async () => ((await appA.inject({ url, headers: { cookie } })).json().doctors as unknown[]).length;
    await withWrite(appA, async (tx) => {
      await tx.update(clinicDoctorSettings).set({ availableDays: NO_DAYS }).where(eq(clinicDoctorSettings.doctorId, doctor.id));
      // What settings.service announces for a link's days: the link and its clinic's place (the directory's partition).
      tx.changed(cacheKey.link(clinic.id, doctor.id), cacheKey.place('Assam', 'Guwahati'));
      // Another request reads (on another connection, the old snapshot) before the commit, and is cached.
      expect(await listed()).toBe(1);
    });
    expect(await listed()).toBe(0);
  });

  it('rate limits count across instances: ten wrong passwords spread over both use up the one account budget', async () => {
    const rep = await createSubscribedRep(appA.db);
    const attempt = (app: FastifyInstance, i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/medrep/login',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.0.${i}` },
        payload: { email: rep.email, password: `Wrong!Pass${i}`, rememberMe: false, deviceFingerprint: 'fp_abc' },
      });
    for (let i = 0; i < 10; i++) expect((await attempt(i % 2 ? appA : appB, i)).statusCode).toBe(401);
    const refusedOnA = await attempt(appA, 10);
    const refusedOnB = await attempt(appB, 11);
    expect(refusedOnA.statusCode).toBe(429);
    expect(refusedOnB.statusCode).toBe(429);
    expect(refusedOnB.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
  });

  // A polled feed has no connection of its own to lose (a failed poll bypasses the caches the same way).
  it.runIf(!pooled || listenDirect)(
    'while the notification connection is lost, reads go to the database; it reconnects by itself and starts empty',
    async () => {
      const rep = await createSubscribedRep(appA.db);
      const cookie = await sessionCookie(appA, 'medrep', rep.id);
      const url = `/api/rep-appointments?repId=${rep.id}`;
      expect((await appB.inject({ url, headers: { cookie } })).statusCode).toBe(200);
      const admin = new pg.Client({ connectionString: created.directUrl });
      await admin.connect();
      try {
        // Cut B's listening connection (the one that ran LISTEN), then sign out through a plain connection,
        // which announces nothing.
        await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where query = 'listen rv_cache' and datname = current_database()`);
        await eventually(async () => !second.caches.live);
        await admin.query(`delete from sessions`);
        expect((await appB.inject({ url, headers: { cookie } })).statusCode).toBe(401);
        await eventually(async () => second.caches.live);
      } finally {
        await admin.end();
      }
      const again = await sessionCookie(appA, 'medrep', rep.id);
      expect((await appB.inject({ url, headers: { cookie: again } })).statusCode).toBe(200);
      expect((await appB.inject({ url, headers: { cookie } })).statusCode).toBe(401);
      expect(await appA.db.select().from(sessions)).toHaveLength(1);
    },
  );
});
