import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { readTestEnv, testConfig } from '../config';
import type { Database, DbOrTx } from '../db/client';
import { AppError } from '../errors';
import { getBookingCalendar } from '../modules/booking/availability.service';
import { readRepAppointments } from '../modules/booking/booking-reads.service';
import { bookAppointment, cancelAppointment } from '../modules/booking/booking.service';
import type { ClinicDeps } from '../modules/clinics/access';
import { requireLinkedDoctor } from '../modules/clinics/access';
import { addExistingDoctor, removeDoctor } from '../modules/doctors/doctors.service';
import { saveDoctorSettings } from '../modules/call-settings/call-settings.service';
import { cancelTodayCalls, getClinicDay } from '../modules/clinics/visitors.service';
import { getBookableSettings, listCities, listClinicsOfDoctor, listDoctors, listSpecialties, listStates } from '../modules/directory/directory.service';
import { deleteDoctorLink } from '../modules/admin/admin-content.service';
import { setUserStatus } from '../modules/admin/admin-users.service';
import { addNewDoctor } from '../modules/doctors/doctors.service';
import { and, eq } from 'drizzle-orm';
import { clinicDoctors } from '../db/schema';
import { activateFreeTrial } from '../modules/subscriptions/subscriptions.service';
import { endAllSessions, hashToken, readSession, SESSION_COOKIE, type Actor } from '../plugins/auth';
import { todayInIndia, addDays } from '../../shared/dates';
import { createClinic, createDoctor, createRep, createSubscribedRep, sessionCookie } from '../test/factories';
import { createTestDatabase, TestClock, testDatabaseKinds } from '../test/harness';

// The differential test of the read caches (docs/decisions/016-keyed-read-caches.md): random sequences of
// writes through the services, and after each one every cached read compared with the same read straight
// from the database (inside a transaction nothing is cached). A writer that forgets to announce a key leaves
// a cached read different from the database's for up to the TTL, and this test fails. On PGlite, on
// PostgreSQL, and with two instances on one PostgreSQL (writes and reads on either).

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const ORIGIN = { ip: '127.0.0.1', userAgent: null, path: null, method: null };
/** The single-password admin acts in these writes (docs/decisions/042-admin-team.md). */
const ACTOR = { id: 0, name: 'Administrator', role: 'owner' } as const;
const clinicActor = (id: number): Actor => ({ type: 'clinic', id, sessionId: 'differential', termsAccepted: true });

type World = {
  /** the world's own state (free text, so its states, cities and places start empty) and its two cities */
  state: string;
  cities: [string, string];
  clinics: number[];
  doctors: number[];
  /** (clinic, doctor) pairs the commands and reads look at (linked or not) */
  links: Array<readonly [number, number]>;
  reps: number[];
  /** each rep's current session cookie */
  cookies: string[];
};

async function makeWorld(app: FastifyInstance): Promise<World> {
  const state = `Kerala ${Math.random().toString(36).slice(2, 8)}`;
  const cities: [string, string] = ['Kochi', 'Kochi: Fort'];
  const place = { state, city: cities[0] };
  const c1 = await createClinic(app.db, place);
  const c2 = await createClinic(app.db, place);
  const c3 = await createClinic(app.db, { state, city: cities[1] });
  const d1 = await createDoctor(app.db, c1.id, { specialty: 'Cardiology', ...place });
  const d2 = await createDoctor(app.db, c1.id, { specialty: 'Cardiology', ...place, settings: { maxSlots: 1 } });
  const d3 = await createDoctor(app.db, c2.id, { specialty: 'ENT', ...place });
  const reps = [(await createSubscribedRep(app.db)).id, (await createSubscribedRep(app.db)).id, (await createRep(app.db)).id];
  const cookies = await Promise.all(reps.map((id) => sessionCookie(app, 'medrep', id)));
  return {
    state,
    cities,
    clinics: [c1.id, c2.id, c3.id],
    doctors: [d1.id, d2.id, d3.id],
    links: [
      [c1.id, d1.id],
      [c1.id, d2.id],
      [c2.id, d3.id],
      [c2.id, d2.id],
      [c3.id, d1.id],
      [c3.id, d3.id],
    ],
    reps,
    cookies,
  };
}

const command = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('book' as const), rep: fc.nat(2), link: fc.nat(5), day: fc.nat(12), on: fc.nat(1) }), weight: 6 },
  { arbitrary: fc.record({ kind: fc.constant('cancel' as const), rep: fc.nat(2), pick: fc.nat(5), on: fc.nat(1) }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('cancelToday' as const), link: fc.nat(5), on: fc.nat(1) }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('settings' as const),
      link: fc.nat(5),
      maxSlots: fc.integer({ min: 1, max: 3 }),
      // No day at all (a third of the time) takes the link out of the directory.
      days: fc.oneof(fc.constant(0), fc.nat(127), fc.nat(127)),
      on: fc.nat(1),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('unlink' as const), link: fc.nat(5), on: fc.nat(1) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('link' as const), link: fc.nat(5), on: fc.nat(1) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('adminUnlink' as const), link: fc.nat(5), on: fc.nat(1) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('clinicStatus' as const), clinic: fc.nat(2), on: fc.nat(1) }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('newDoctor' as const),
      clinic: fc.nat(2),
      ent: fc.boolean(),
      name: fc.constantFrom('Anil', 'bina', 'Zed'),
      on: fc.nat(1),
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant('signOut' as const), rep: fc.nat(2), everywhere: fc.boolean(), on: fc.nat(1) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('signIn' as const), rep: fc.nat(2), on: fc.nat(1) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('trial' as const), on: fc.nat(1) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('nextDay' as const), on: fc.nat(1) }), weight: 1 },
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

/** Runs one command through the services (or the API); a refusal by the rules is part of the game. */
async function run(app: FastifyInstance, w: World, c: Command, clock: TestClock): Promise<void> {
  const today = todayInIndia(clock.now());
  try {
    switch (c.kind) {
      case 'book': {
        const [clinicId, doctorId] = w.links[c.link]!;
        await bookAppointment(app, { input: { repId: w.reps[c.rep]!, clinicId, doctorId, appointmentDate: addDays(today, c.day) } });
        return;
      }
      case 'cancel': {
        const rows = await app.db.transaction((tx) => readRepAppointments({ db: tx }, w.reps[c.rep]!));
        const booked = rows.filter((a) => a.status === 'booked');
        if (booked.length === 0) return;
        await cancelAppointment(app, { repId: w.reps[c.rep]!, appointmentId: booked[c.pick % booked.length]!.id });
        return;
      }
      case 'cancelToday': {
        const [clinicId, doctorId] = w.links[c.link]!;
        await cancelTodayCalls(app, { actor: clinicActor(clinicId), input: { clinicId, doctorId, date: today, reason: 'Doctor on Leave' as never } });
        return;
      }
      case 'settings': {
        const [clinicId, doctorId] = w.links[c.link]!;
        const availableDays = Object.fromEntries(DAYS.map((d, i) => [d, (c.days & (1 << i)) !== 0]));
        await saveDoctorSettings(app, {
          actor: clinicActor(clinicId),
          input: { clinicId, doctorId, maxSlots: c.maxSlots, callFrequency: 7, availableDays } as never,
        });
        return;
      }
      case 'unlink': {
        const [clinicId, doctorId] = w.links[c.link]!;
        await removeDoctor(app, { actor: clinicActor(clinicId), clinicId, doctorId });
        return;
      }
      case 'link': {
        const [clinicId, doctorId] = w.links[c.link]!;
        await addExistingDoctor(app, { actor: clinicActor(clinicId), clinicId, doctorId });
        return;
      }
      case 'adminUnlink': {
        const [clinicId, doctorId] = w.links[c.link]!;
        const [link] = await app.db
          .select({ id: clinicDoctors.id })
          .from(clinicDoctors)
          .where(and(eq(clinicDoctors.clinicId, clinicId), eq(clinicDoctors.doctorId, doctorId)));
        if (link) await deleteDoctorLink(app, { linkId: link.id, actor: ACTOR, origin: ORIGIN });
        return;
      }
      case 'clinicStatus':
        await setUserStatus({ ...app, endAllSessions: (type: 'clinic' | 'medrep', id: number) => endAllSessions(app, type, id) } as never, {
          id: w.clinics[c.clinic]!,
          userType: 'clinic',
          actor: ACTOR,
          origin: ORIGIN,
        });
        return;
      case 'newDoctor': {
        const clinicId = w.clinics[c.clinic]!;
        const input = { clinicId, name: `Dr. ${c.name}`, specialty: c.ent ? 'ENT' : 'Cardiology' } as never;
        const doctor = await addNewDoctor(app, { actor: clinicActor(clinicId), input });
        w.doctors.push(doctor.id);
        return;
      }
      case 'signOut':
        if (c.everywhere) await endAllSessions(app, 'medrep', w.reps[c.rep]!);
        else await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: w.cookies[c.rep]! } });
        return;
      case 'signIn':
        w.cookies[c.rep] = await sessionCookie(app, 'medrep', w.reps[c.rep]!);
        return;
      case 'trial':
        await activateFreeTrial(app, { repId: w.reps[2]! });
        return;
      case 'nextDay':
        clock.advanceDays(1);
        return;
    }
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
  }
}

const settle = async <T>(read: () => Promise<T>): Promise<T | { refused: string }> => {
  try {
    return await read();
  } catch (err) {
    if (err instanceof AppError) return { refused: err.message };
    throw err;
  }
};

/** Every cached read of the world, through `db` (the app's database: cached; a transaction: straight from the database). */
async function readAll(app: FastifyInstance, db: DbOrTx, w: World) {
  const now = app.clock.now();
  const today = todayInIndia(now);
  const deps = { db, clock: app.clock, outbox: app.outbox, log: app.log, config: app.config } as unknown as ClinicDeps & { db: never };
  const month = today.slice(0, 7);
  const out: Record<string, unknown> = {};
  for (const [i, repId] of w.reps.entries()) {
    out[`rep ${i} appointments`] = await readRepAppointments(deps, repId);
    const token = decodeURIComponent(w.cookies[i]!.slice(SESSION_COOKIE.length + 1));
    const session = await readSession(db, { id: hashToken(token), now });
    out[`rep ${i} session`] = session && { userType: session.userType, userId: session.userId, active: session.active, terms: session.termsAccepted };
    for (const [clinicId, doctorId] of w.links) {
      out[`calendar ${i} ${clinicId}/${doctorId}`] = await settle(() => getBookingCalendar(deps, { repId, clinicId, doctorId, month }));
    }
  }
  for (const [clinicId, doctorId] of w.links) {
    const link = `${clinicId}/${doctorId}`;
    out[`visits ${link}`] = await settle(async () => (await getClinicDay(deps, { actor: clinicActor(clinicId), clinicId, doctorId })).appointments);
    out[`linked ${link}`] = await settle(() => requireLinkedDoctor(db, clinicId, doctorId));
    out[`settings ${link}`] = await getBookableSettings(deps, { clinicId, doctorId });
  }
  for (const doctorId of w.doctors) out[`clinics of ${doctorId}`] = await listClinicsOfDoctor(deps, { doctorId });
  // The cascade: the states, the world's cities, each place's specialties and its doctors page by page
  // (two a page, so the cursors are followed) and searched.
  out.states = await listStates(deps, { bookable: true });
  out.cities = await listCities(deps, { state: w.state });
  for (const city of w.cities) {
    const place = { state: w.state, city };
    out[`specialties ${city}`] = await listSpecialties(deps, place);
    for (const specialty of ['Cardiology', 'ENT']) {
      const pages = [];
      let cursor: string | undefined;
      do {
        const page = await listDoctors(deps, { ...place, specialty, limit: 2, cursor });
        pages.push(page);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      out[`doctors ${city} ${specialty}`] = pages;
      out[`doctors ${city} ${specialty} named an`] = await listDoctors(deps, { ...place, specialty, q: 'AN', limit: 50 });
    }
  }
  return out;
}

async function expectCachedReadsTrue(apps: FastifyInstance[], w: World, eventually: boolean): Promise<void> {
  for (const app of apps) {
    const direct = await app.db.transaction((tx) => readAll(app, tx, w));
    const deadline = Date.now() + (eventually ? 2000 : 0);
    let cached = await readAll(app, app.db, w);
    // Another instance's announcement takes a moment to arrive; this instance's own writes do not.
    while (JSON.stringify(cached) !== JSON.stringify(direct) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 25));
      cached = await readAll(app, app.db, w);
    }
    expect(cached).toEqual(direct);
  }
}

function differential(name: string, setup: () => Promise<{ apps: FastifyInstance[]; clock: TestClock; close(): Promise<void> }>, runs: number) {
  describe(name, () => {
    let env: Awaited<ReturnType<typeof setup>>;
    beforeAll(async () => {
      env = await setup();
    }, 180_000);
    afterAll(async () => env?.close(), 180_000);

    it('every cached read equals the same read from the database after any sequence of writes', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(command, { minLength: 4, maxLength: 12 }), async (commands) => {
          env.clock.set('2026-03-02T04:30:00.000Z');
          const w = await makeWorld(env.apps[0]!);
          await expectCachedReadsTrue(env.apps, w, env.apps.length > 1);
          for (const c of commands) {
            await run(env.apps[c.on % env.apps.length]!, w, c, env.clock);
            await expectCachedReadsTrue(env.apps, w, env.apps.length > 1);
          }
        }),
        { numRuns: runs, endOnFailure: true },
      );
    }, 600_000);
  });
}

const config = () => testConfig({ APP_URL: 'http://localhost:5000' });

for (const kind of testDatabaseKinds()) {
  differential(
    `read caches against the database [${kind}]`,
    async () => {
      const clock = new TestClock();
      const created = await createTestDatabase(kind);
      const app = await buildApp({ config: config(), database: created.database, clock });
      return { apps: [app], clock, close: async () => (await app.close(), await created.drop()) };
    },
    kind === 'pglite' ? 8 : 10,
  );
}

const pgUrl = readTestEnv().testDatabaseUrl;
if (pgUrl) {
  differential(
    'read caches against the database, two instances on one PostgreSQL',
    async () => {
      const clock = new TestClock();
      const created = await createTestDatabase('postgres');
      const { openDatabase } = await import('../db/client');
      const second: Database = await openDatabase({ url: created.url!, dataDir: 'unused', poolSize: 5 });
      const appA = await buildApp({ config: config(), database: created.database, clock });
      const appB = await buildApp({ config: config(), database: second, clock });
      return {
        apps: [appA, appB],
        clock,
        close: async () => {
          await appA.close();
          await appB.close();
          await second.close();
          await created.drop();
        },
      };
    },
    12,
  );
}
