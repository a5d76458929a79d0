import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { DbOrTx } from '../db/client';
import { AppError } from '../errors';
import { getBookingCalendar } from '../modules/booking/availability.service';
import { readRepAppointments } from '../modules/booking/booking-reads.service';
import { requireLinkedDoctor, type ClinicDeps } from '../modules/clinics/access';
import { getClinicDay } from '../modules/clinics/visitors.service';
import { getBookableSettings, listCities, listClinicsOfDoctor, listDoctors, listSpecialties, listStates } from '../modules/directory/directory.service';
import { hashToken, readSession, SESSION_COOKIE, type Actor } from '../plugins/auth';
import { MATRIX, ORDER } from '../test/cross-cutting/access-table';
import { ACTORS, apiRoutes, buildWorld, type World } from '../test/cross-cutting/security-fixtures';
import { describeEachDatabase } from '../test/harness';
import { todayInIndia } from '../../shared/dates';

// The read caches' safety net over every route (docs/decisions/062-one-write-path.md): each writing request of the
// access table is sent as every actor, as the access matrix sends it, with the caches warm; then every cached read of
// the world must equal the same read straight from the database (inside a transaction nothing is cached). A writer
// added later is covered as soon as its route has its row in the table, which the access matrix demands: nobody has to
// remember this test. The random sequences of writes stay in read-caches.differential.test.ts.

const WRITING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Counts, in the suite's database, every statement that may have changed a row: a statement-level trigger on each
 * table bumps a sequence (not rolled back, no row lock, nothing the app reads). A request that left the count where it
 * was changed no row, so the reads that compared equal before it still do and are not read twice again; most actors'
 * requests are refused and write nothing. A refused request that wrote a row is still compared.
 */
async function countWrites(db: DbOrTx): Promise<() => Promise<string>> {
  await db.execute(sql.raw('create sequence if not exists rv_test_writes'));
  await db.execute(
    sql.raw(
      `create or replace function rv_test_count_write() returns trigger language plpgsql as $$ begin perform nextval('rv_test_writes'); return null; end $$`,
    ),
  );
  await db.execute(
    sql.raw(`do $$ declare t record; begin
      for t in select tablename from pg_tables where schemaname = 'public' loop
        execute format('create or replace trigger rv_test_count_write after insert or update or delete or truncate on %I for each statement execute function rv_test_count_write()', t.tablename);
      end loop; end $$`),
  );
  return async () => {
    const result: unknown = await db.execute(sql.raw('select last_value, is_called from rv_test_writes'));
    const { rows } = result as { rows: Array<{ last_value: unknown; is_called: unknown }> };
    return `${String(rows[0]!.last_value)}/${String(rows[0]!.is_called)}`;
  };
}
const clinicActor = (id: number): Actor => ({ type: 'clinic', id, sessionId: 'safety-net', termsAccepted: true });

const settle = async <T>(read: () => Promise<T>): Promise<T | { refused: string }> => {
  try {
    return await read();
  } catch (err) {
    if (err instanceof AppError) return { refused: err.message };
    throw err;
  }
};

/** Every cached read of the world through `db`: the app's database (cached) or a transaction (from the database). */
async function readAll(app: FastifyInstance, db: DbOrTx, w: World) {
  const now = app.clock.now();
  const month = todayInIndia(now).slice(0, 7);
  const deps = { db, clock: app.clock, outbox: app.outbox, log: app.log, config: app.config } as unknown as ClinicDeps & { db: never };
  const links: Array<[number, number]> = [
    [w.clinicA.id, w.doctorA.id],
    [w.clinicA.id, w.doctorA2.id],
    [w.clinicB.id, w.doctorB.id],
  ];
  const out: Record<string, unknown> = {};
  // The pharma company's session too (docs/decisions/087): the admin's verification and status writes change its row.
  for (const actor of [...ACTORS, 'companyA' as const]) {
    const cookie = w.cookies[actor];
    if (!cookie) continue;
    const session = await readSession(db, { id: hashToken(decodeURIComponent(cookie.slice(SESSION_COOKIE.length + 1))), now });
    out[`${actor} session`] = session && { userType: session.userType, userId: session.userId, active: session.active, terms: session.termsAccepted };
  }
  for (const rep of [w.repA, w.repB]) {
    out[`rep ${rep.id} appointments`] = await readRepAppointments(deps, rep.id);
    for (const [clinicId, doctorId] of links) {
      out[`calendar ${rep.id} ${clinicId}/${doctorId}`] = await settle(() => getBookingCalendar(deps, { repId: rep.id, clinicId, doctorId, month }));
    }
  }
  for (const [clinicId, doctorId] of links) {
    const link = `${clinicId}/${doctorId}`;
    out[`visits ${link}`] = await settle(async () => (await getClinicDay(deps, { actor: clinicActor(clinicId), clinicId, doctorId })).appointments);
    out[`linked ${link}`] = await settle(() => requireLinkedDoctor(db, clinicId, doctorId));
    out[`settings ${link}`] = await getBookableSettings(deps, { clinicId, doctorId });
  }
  for (const doctor of [w.doctorA, w.doctorA2, w.doctorB]) out[`clinics of ${doctor.id}`] = await listClinicsOfDoctor(deps, { doctorId: doctor.id });
  const place = { state: w.clinicA.state, city: w.clinicA.city };
  out.states = await listStates(deps, { bookable: true });
  out.cities = await listCities(deps, { state: place.state });
  out.specialties = await listSpecialties(deps, place);
  out.doctors = await listDoctors(deps, { ...place, specialty: w.doctorA.specialty, limit: 50 });
  return out;
}

describeEachDatabase(
  'read caches after every writing route of the access table',
  (ctx) => {
    it('leaves every cached read equal to the database after each writing request, as every actor', async () => {
      const writing = apiRoutes(ctx.app).filter((r) => WRITING.has(r.split(' ')[0]!) && MATRIX[r]);
      expect(writing.length).toBeGreaterThan(40);
      const writes = await countWrites(ctx.app.db);
      const stale: string[] = [];
      let compared = 0;
      for (const route of writing) {
        const [method, pattern] = route.split(' ') as [InjectOptions['method'], string];
        const w = await buildWorld(ctx.app);
        await readAll(ctx.app, ctx.app.db, w); // warm: whatever the request changes is cached before it
        // Read just before the reads compare (or warm): any row written after it, by a request or by work it left
        // behind, moves the count and has the next request's reads compared.
        let mark = await writes();
        for (const actor of ORDER) {
          const { url, headers, ...rest } = MATRIX[route]!.request(w);
          const cookie = w.cookies[actor];
          await ctx.app.inject({
            method,
            url: url ?? pattern,
            ...rest,
            headers: { ...(headers as object), ...(cookie ? { cookie } : {}), 'x-forwarded-for': `10.8.${ACTORS.indexOf(actor)}.1` },
          });
          const now = await writes();
          if (now === mark) continue;
          mark = now;
          compared++;
          const direct = await ctx.app.db.transaction((tx) => readAll(ctx.app, tx, w));
          const cached = await readAll(ctx.app, ctx.app.db, w);
          for (const key of Object.keys(direct)) {
            if (JSON.stringify(cached[key]) !== JSON.stringify(direct[key])) stale.push(`${route} as ${actor}: ${key}`);
          }
        }
      }
      // The count moves: writing requests were compared (the access matrix has each writer succeed as someone).
      expect(compared).toBeGreaterThan(writing.length / 2);
      expect(stale, 'cached reads that differ from the database after a write (a repo writer left out a key)').toEqual([]);
    }, 900_000);
  },
  { env: { ADMIN_PASSWORD: 'Admin!Pass123', METRICS_TOKEN: 'access-matrix-metrics-token' } },
);
