import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { readTestEnv, testConfig } from '../config';
import { createClinic, createDoctor, createSubscribedRep, sessionCookie } from '../test/factories';
import { createTestDatabase, describeEachDatabase, TestClock } from '../test/harness';
import { ChangeFeed, QueryCache } from './change-feed';
import type { Database } from './client';
import { clinicDoctorSettings, sessions } from './schema';

// issue 10: the read caches (docs/decisions/015-read-caches.md) never answer with data older than a write
// this instance made, and forget what other instances changed as soon as PostgreSQL tells them.

const NO_DAYS = { monday: false, tuesday: false, wednesday: false, thursday: false, friday: false, saturday: false, sunday: false };
const deferred = <T>() => {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

describe('QueryCache on a ChangeFeed', () => {
  it('answers from memory until one of its tables changes', async () => {
    const feed = new ChangeFeed();
    const cache = new QueryCache<number>(feed, ['doctors'], 10);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    feed.changed('appointments');
    expect(await cache.get('k', load)).toBe(1);
    feed.changed('doctors');
    expect(await cache.get('k', load)).toBe(2);
  });

  it('does not keep a value loaded while its table changed, and shares one load between concurrent misses', async () => {
    const feed = new ChangeFeed();
    const cache = new QueryCache<string>(feed, ['doctors'], 10);
    const first = deferred<string>();
    let loads = 0;
    const a = cache.get('k', () => (loads++, first.promise));
    const b = cache.get('k', () => (loads++, Promise.resolve('other')));
    feed.changed('doctors'); // a write lands while the read is in flight
    first.resolve('old');
    expect(await a).toBe('old');
    expect(await b).toBe('old');
    expect(loads).toBe(1);
    expect(await cache.get('k', async () => 'new')).toBe('new');
  });

  it('reads the misses of one moment with one load, and keeps nothing a change overtook', async () => {
    const feed = new ChangeFeed();
    const cache = new QueryCache<string | null>(feed, ['sessions'], 10);
    const calls: number[][] = [];
    const loadMany = async (ids: number[]) => {
      calls.push(ids);
      return new Map(ids.filter((id) => id !== 3).map((id) => [String(id), `row ${id}`]));
    };
    const answers = await Promise.all([1, 2, 3, 2].map((id) => cache.getBatched(String(id), id, loadMany, null)));
    expect(answers).toEqual(['row 1', 'row 2', null, 'row 2']);
    expect(calls).toEqual([[1, 2, 3]]);
    expect(await cache.getBatched('1', 1, loadMany, null)).toBe('row 1');
    expect(calls).toHaveLength(1);

    const slow = cache.getBatched('4', 4, async (ids) => {
      feed.changed('sessions'); // e.g. a sign-out lands while the read is in flight
      return loadMany(ids);
    }, null);
    expect(await slow).toBe('row 4');
    expect(await cache.getBatched('4', 4, loadMany, null)).toBe('row 4');
    expect(calls.at(-1)).toEqual([4]);
    expect(calls).toHaveLength(3);
  });

  it('reads through while changes could be missed, and keeps at most maxEntries', async () => {
    const feed = new ChangeFeed();
    const cache = new QueryCache<number>(feed, ['doctors'], 2);
    feed.live = false;
    let n = 0;
    expect(await cache.get('k', async () => ++n)).toBe(1);
    expect(await cache.get('k', async () => ++n)).toBe(2);
    feed.live = true;
    for (const k of ['a', 'b', 'c']) await cache.get(k, async () => 0);
    expect(cache.size).toBe(2);
  });

  it('forgets, when a transaction ends, what was read from the old snapshot while it wrote', async () => {
    const feed = new ChangeFeed();
    const db = { transaction: async (fn: () => Promise<void>) => fn() };
    feed.wrapTransactions(db);
    let cache!: QueryCache<string>;
    await db.transaction(async () => {
      feed.noteStatement('update "doctors" set "name" = $1');
      // The first read of the table comes after the write (the cache did not exist at the write).
      cache = new QueryCache<string>(feed, ['doctors'], 10);
      expect(await cache.get('k', async () => 'old snapshot')).toBe('old snapshot');
    });
    expect(await cache.get('k', async () => 'committed')).toBe('committed');
  });

  it('reads the tables a statement writes from its SQL', () => {
    const feed = new ChangeFeed();
    const seen: string[] = [];
    for (const t of ['doctors', 'sessions', 'clinic_users', 'doctor_appointments']) feed.subscribe([t], () => seen.push(t));
    feed.noteStatement('select "id" from "doctors" where "id" = $1 for update');
    feed.noteStatement('update "sessions" set "last_seen_at" = $1 where "id" = $2');
    expect(seen).toEqual([]);
    feed.noteStatement('insert into "doctors" ("name") values ($1) on conflict do update set "name" = $1');
    feed.noteStatement('delete from "sessions" where "id" = $1');
    feed.noteStatement('UPDATE clinic_users SET status = $1');
    feed.noteStatement('with x as (update "doctor_appointments" set "status" = $1 returning *) select * from x');
    expect(seen).toEqual(['doctors', 'sessions', 'clinic_users', 'doctor_appointments']);
    seen.length = 0;
    feed.noteStatement('truncate table "payments"');
    expect(seen.sort()).toEqual(['clinic_users', 'doctor_appointments', 'doctors', 'sessions']);
  });
});

describeEachDatabase('read caches through the API', (ctx) => {
  it('a rep sees a clinic\'s change of call settings at once, and a signed-out session ends at once', async () => {
    ctx.clock.set('2026-03-02T04:30:00.000Z');
    const clinic = await createClinic(ctx.app.db, { state: 'Goa', city: 'Panaji' });
    const doctor = await createDoctor(ctx.app.db, clinic.id, { specialty: 'Neurology', state: 'Goa', city: 'Panaji' });
    const rep = await createSubscribedRep(ctx.app.db);
    const cookie = await sessionCookie(ctx.app, 'medrep', rep.id);
    const doctorsUrl = '/api/doctors/locations?state=Goa&city=Panaji&specialty=Neurology';
    const listed = async () => (await ctx.app.inject({ url: doctorsUrl, headers: { cookie } })).json().doctors as Array<{ id: number }>;
    expect((await listed()).map((d) => d.id)).toEqual([doctor.id]);
    expect((await listed()).map((d) => d.id)).toEqual([doctor.id]);

    await ctx.app.db.update(clinicDoctorSettings).set({ availableDays: NO_DAYS }).where(eq(clinicDoctorSettings.doctorId, doctor.id));
    expect(await listed()).toEqual([]);
    const availability = await ctx.app.inject({ url: `/api/doctor-availability?clinicId=${clinic.id}&doctorId=${doctor.id}`, headers: { cookie } });
    expect(availability.statusCode).toBe(404);

    const logout = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: doctorsUrl, headers: { cookie } })).statusCode).toBe(401);
  });

  it('a deactivated rep is refused on the next request', async () => {
    const rep = await createSubscribedRep(ctx.app.db);
    const cookie = await sessionCookie(ctx.app, 'medrep', rep.id);
    const url = `/api/rep-appointments?repId=${rep.id}`;
    expect((await ctx.app.inject({ url, headers: { cookie } })).statusCode).toBe(200);
    await ctx.database.db.execute(sql`update medical_reps set status = 'inactive' where id = ${rep.id}`);
    expect((await ctx.app.inject({ url, headers: { cookie } })).statusCode).toBe(401);
  });
});

// Several instances on one PostgreSQL (and a read racing a transaction) need a server: CI has one.
const pgUrl = readTestEnv().testDatabaseUrl;
describe.runIf(pgUrl)('several instances on one PostgreSQL: read caches and rate limits', () => {
  let created: Awaited<ReturnType<typeof createTestDatabase>>;
  let second: Database;
  let appA: FastifyInstance;
  let appB: FastifyInstance;
  const clock = new TestClock();

  beforeAll(async () => {
    clock.set('2026-03-02T04:30:00.000Z');
    created = await createTestDatabase('postgres');
    const { openDatabase } = await import('./client');
    second = await openDatabase({ url: created.url!, dataDir: 'unused', poolSize: 5 });
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
    await appA.db.update(clinicDoctorSettings).set({ availableDays: NO_DAYS }).where(eq(clinicDoctorSettings.doctorId, doctor.id));
    await eventually(async () => (await listedOnB()) === 0);
  });

  it('a read that fills the cache while a transaction writes does not outlive the commit', async () => {
    const clinic = await createClinic(appA.db, { state: 'Assam', city: 'Guwahati' });
    const doctor = await createDoctor(appA.db, clinic.id, { specialty: 'Oncology', state: 'Assam', city: 'Guwahati' });
    const rep = await createSubscribedRep(appA.db);
    const cookie = await sessionCookie(appA, 'medrep', rep.id);
    const url = '/api/doctors/locations?state=Assam&city=Guwahati&specialty=Oncology';
    const listed = async () => ((await appA.inject({ url, headers: { cookie } })).json().doctors as unknown[]).length;
    await appA.db.transaction(async (tx) => {
      await tx.update(clinicDoctorSettings).set({ availableDays: NO_DAYS }).where(eq(clinicDoctorSettings.doctorId, doctor.id));
      // Another request reads (on another connection, the old snapshot) before the commit.
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

  it('while the notification connection is lost, reads go to the database; it reconnects by itself', async () => {
    const rep = await createSubscribedRep(appA.db);
    const cookie = await sessionCookie(appA, 'medrep', rep.id);
    const url = `/api/rep-appointments?repId=${rep.id}`;
    expect((await appB.inject({ url, headers: { cookie } })).statusCode).toBe(200);
    const admin = new pg.Client({ connectionString: created.url });
    await admin.connect();
    try {
      // Cut B's listening connection (the one that ran LISTEN), then sign out through a plain connection.
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where query = 'listen rv_changes' and datname = current_database()`);
      await eventually(async () => !second.changes.live);
      await admin.query(`delete from sessions`);
      expect((await appB.inject({ url, headers: { cookie } })).statusCode).toBe(401);
      await eventually(async () => second.changes.live);
    } finally {
      await admin.end();
    }
    const again = await sessionCookie(appA, 'medrep', rep.id);
    expect((await appB.inject({ url, headers: { cookie: again } })).statusCode).toBe(200);
    expect(await appA.db.select().from(sessions)).toHaveLength(1);
  });
});
