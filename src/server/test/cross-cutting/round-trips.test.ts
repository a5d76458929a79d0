import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import type { Database } from '../../db/client';
import { waitlistEntries } from '../../db/schema';
import { withWrite } from '../../db/write';
import { insertWaitingEntry } from '../../modules/waitlist/waitlist.repo';
import { setRepSubscription } from '../../modules/subscriptions/subscriptions.repo';
import { createTestDatabase, testDatabaseKinds, TestClock } from '../harness';
import { Mailbox } from '../mailbox';
import { createAppointment, createClinic, createDoctor, createRep, createSubscribedRep, sessionCookie } from '../factories';

// A signed-in read that misses every cache costs the session and its data: at most two round trips to the database,
// one when the session is cached (docs/decisions/077-one-round-trip-per-read.md). Counted at the driver: every call
// the app's drizzle handle makes on its client (node-postgres' pool, or PGlite) while the request is answered. Reads
// run in no transaction, so a `connect` (a transaction's connection) or a `transaction` counts against the budget too.
// The request's statements are told from the background's (the outbox worker, the cache bus) by an async context the
// app's first hook enters (app.inject does not carry the caller's), so the app is built here rather than by the harness.

// The clock starts on Monday 2026-03-02, 10:00 in India.
const TODAY = '2026-03-02';
const TOMORROW = '2026-03-03';

/** The statements sent while a counted request is answered; outside one (the outbox worker, the cache bus) none are kept. */
const counted = new AsyncLocalStorage<string[]>();

function countStatements(database: Database): void {
  const client = (database.db as unknown as { $client: Record<string, unknown> }).$client;
  for (const method of database.kind === 'pglite' ? ['query', 'exec', 'transaction'] : ['query', 'connect']) {
    const send = (client[method] as (...args: unknown[]) => unknown).bind(client);
    client[method] = (...args: unknown[]) => {
      const first = args[0] as string | { text?: string; name?: string } | undefined;
      const text = typeof first === 'string' ? first : (first?.name ?? first?.text ?? '');
      // pg's pool.query takes its connection by connect(callback): that is the query's, not a statement of its own.
      if (!(method === 'connect' && typeof args[0] === 'function')) counted.getStore()?.push(`${method}: ${text.slice(0, 160)}`);
      return send(...args);
    };
  }
}

/** Each counted request's statements, by the id in its `x-count` header. */
const byRequest = new Map<string, string[]>();

describe.each(testDatabaseKinds())('round trips of a signed-in read [%s]', (kind) => {
  const ctx = { clock: new TestClock(), mailbox: new Mailbox() } as { app: FastifyInstance; database: Database; clock: TestClock; mailbox: Mailbox };
  let drop = async () => {};
  beforeAll(async () => {
    const smtpUrl = await ctx.mailbox.start();
    const created = await createTestDatabase(kind);
    drop = created.drop;
    ctx.database = created.database;
    countStatements(ctx.database);
    ctx.app = await buildApp({ config: testConfig({ SMTP_URL: smtpUrl, APP_URL: 'http://localhost:5000' }), database: ctx.database, clock: ctx.clock });
    ctx.app.addHook('onRequest', (request, _reply, done) => {
      const list = byRequest.get(String(request.headers['x-count']));
      if (list) counted.run(list, done);
      else done();
    });
    await ctx.app.ready();
  }, 180_000);
  afterAll(async () => {
    await ctx.app?.close();
    await drop();
    await ctx.mailbox.stop();
  }, 180_000);

  /** The request's answer and the statements it sent. */
  const sent = async (url: string, cookie: string) => {
    const statements: string[] = [];
    const id = String(byRequest.size + 1);
    byRequest.set(id, statements);
    const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie, 'x-count': id } });
    expect(res.statusCode, res.body).toBe(200);
    return { body: res.json(), statements };
  };

  /** A clinic with two doctors, a rep with a visit and a waiting place with the first: nothing of them cached yet. */
  const world = async () => {
    const clinic = await createClinic(ctx.app.db);
    const first = await createDoctor(ctx.app.db, clinic.id);
    const second = await createDoctor(ctx.app.db, clinic.id);
    const rep = await createSubscribedRep(ctx.app.db);
    for (const doctor of [first, second]) {
      await createAppointment(ctx.app.db, { repId: rep.id, doctorId: doctor.id, clinicId: clinic.id, appointmentDate: TODAY });
      await createAppointment(ctx.app.db, { repId: rep.id, doctorId: doctor.id, clinicId: clinic.id, appointmentDate: TOMORROW, startTime: null });
    }
    const other = await createSubscribedRep(ctx.app.db);
    await ctx.app.db.insert(waitlistEntries).values({ repId: other.id, doctorId: first.id, clinicId: clinic.id, date: TODAY, status: 'waiting' });
    return { clinic, first, second, rep };
  };

  describe('GET /api/booking/calendar', () => {
    it('reads the session, then the month with the rep in one statement; one statement once the session is cached', async () => {
      const w = await world();
      const cookie = await sessionCookie(ctx.app, 'medrep', w.rep.id);
      const calendar = (doctorId: number) => `/api/booking/calendar?clinicId=${w.clinic.id}&doctorId=${doctorId}&month=2026-03`;
      const cold = await sent(calendar(w.first.id), cookie);
      expect(cold.body.subscriptionActive).toBe(true);
      expect(cold.body.hasFutureAppointment).toBe(true);
      expect(cold.statements.length, cold.statements.join('\n')).toBeGreaterThanOrEqual(1);
      expect(cold.statements.length, cold.statements.join('\n')).toBeLessThanOrEqual(2);
      const warm = await sent(calendar(w.second.id), cookie);
      expect(warm.body.hasFutureAppointment).toBe(true);
      expect(warm.statements.length, warm.statements.join('\n')).toBeLessThanOrEqual(1);
    });
  });

  it("the cached month shows the rep's subscription as it stands: a subscription drops it", async () => {
    const w = await world();
    const rep = await createRep(ctx.app.db);
    const cookie = await sessionCookie(ctx.app, 'medrep', rep.id);
    const calendar = async () => (await sent(`/api/booking/calendar?clinicId=${w.clinic.id}&doctorId=${w.first.id}&month=2026-03`, cookie)).body;
    expect((await calendar()).subscriptionActive).toBe(false);
    const subscription = {
      repId: rep.id,
      status: 'active',
      subscriptionId: 'sub_round_trips',
      expiresAt: new Date('2026-04-02T00:00:00Z'),
      now: ctx.clock.now(),
    };
    await withWrite({ db: ctx.app.db }, (tx) => setRepSubscription(tx, subscription));
    expect((await calendar()).subscriptionActive).toBe(true);
  });

  describe('GET /api/doctor-appointments', () => {
    it("reads the session, then the doctor's day with the link and the waiting count in one statement; one once the session is cached", async () => {
      const w = await world();
      const cookie = await sessionCookie(ctx.app, 'clinic', w.clinic.id);
      const day = (doctorId: number, date?: string) => `/api/doctor-appointments?clinicId=${w.clinic.id}&doctorId=${doctorId}${date ? `&date=${date}` : ''}`;
      const cold = await sent(day(w.first.id, TODAY), cookie);
      expect(cold.body.appointments.map((a: { appointment_date: string }) => a.appointment_date)).toEqual([TODAY]);
      expect(cold.body.waiting).toBe(1);
      expect(cold.statements.length, cold.statements.join('\n')).toBeGreaterThanOrEqual(1);
      expect(cold.statements.length, cold.statements.join('\n')).toBeLessThanOrEqual(2);
      const warm = await sent(day(w.second.id, TOMORROW), cookie);
      expect(warm.body.appointments.map((a: { appointment_date: string }) => a.appointment_date)).toEqual([TOMORROW]);
      expect(warm.body.waiting).toBe(0);
      expect(warm.statements.length, warm.statements.join('\n')).toBeLessThanOrEqual(1);
      // Without a date: every visit from today on, the same budget.
      const third = await createDoctor(ctx.app.db, w.clinic.id);
      await createAppointment(ctx.app.db, { repId: w.rep.id, doctorId: third.id, clinicId: w.clinic.id, appointmentDate: TOMORROW });
      const upcoming = await sent(day(third.id), cookie);
      expect(upcoming.body.appointments).toHaveLength(1);
      expect(upcoming.statements.length, upcoming.statements.join('\n')).toBeLessThanOrEqual(1);
    });
  });

  it("the day view's cache follows the line and the bookings of its date", async () => {
    const w = await world();
    const cookie = await sessionCookie(ctx.app, 'clinic', w.clinic.id);
    const view = async (date: string) => (await sent(`/api/doctor-appointments?clinicId=${w.clinic.id}&doctorId=${w.first.id}&date=${date}`, cookie)).body;
    expect((await view(TODAY)).waiting).toBe(1);
    expect((await view(TOMORROW)).appointments).toHaveLength(1);
    // The waitlist's own writer (it announces the entry's doctor-day) and a booking of tomorrow.
    const joining = await createSubscribedRep(ctx.app.db);
    await withWrite({ db: ctx.app.db }, (tx) =>
      insertWaitingEntry(tx, { repId: joining.id, doctorId: w.first.id, clinicId: w.clinic.id, date: TODAY, now: ctx.clock.now() }),
    );
    await createAppointment(ctx.app.db, { repId: joining.id, doctorId: w.first.id, clinicId: w.clinic.id, appointmentDate: TOMORROW });
    expect((await view(TODAY)).waiting).toBe(2);
    expect((await view(TOMORROW)).appointments).toHaveLength(2);
    // Read again: both from the cache now.
    expect((await sent(`/api/doctor-appointments?clinicId=${w.clinic.id}&doctorId=${w.first.id}&date=${TODAY}`, cookie)).statements).toEqual([]);
  });

  describe('GET /api/rep-appointments', () => {
    it("reads the session, then the rep's visits; one statement once the session is cached", async () => {
      const w = await world();
      const cookie = await sessionCookie(ctx.app, 'medrep', w.rep.id);
      const cold = await sent(`/api/rep-appointments?repId=${w.rep.id}`, cookie);
      expect(cold.body.appointments).toHaveLength(4);
      expect(cold.statements.length, cold.statements.join('\n')).toBeGreaterThanOrEqual(1);
      expect(cold.statements.length, cold.statements.join('\n')).toBeLessThanOrEqual(2);
      // A new booking drops the rep's cached visits (not the session).
      await createAppointment(ctx.app.db, { repId: w.rep.id, doctorId: w.first.id, clinicId: w.clinic.id, appointmentDate: '2026-03-20' });
      const warm = await sent(`/api/rep-appointments?repId=${w.rep.id}`, cookie);
      expect(warm.body.appointments).toHaveLength(5);
      expect(warm.statements.length, warm.statements.join('\n')).toBeLessThanOrEqual(1);
    });
  });
});
