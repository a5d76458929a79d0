import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { BENCH_BOOKING_HORIZON_DAYS, nearBooking, distinctBooking, readScenarios } from '../../../bench/scenarios';
import { BENCH_PASSWORD, seedVolume, type SeededVolume } from '../../../bench/seed-volume';
import { describeEachDatabase } from '../test/harness';

// The benchmark's seeded volume (bench/seed-volume.ts, decision 026) is what `npm run bench` measures: its rows keep
// the booking invariants, the bulk load leaves the schema's indexes and foreign keys as the migrations made them,
// and its sessions, passwords and generated requests are ones the app accepts (else the benchmark measures refusals).

// 200 cold reads' sessions of each kind (decision 076): 2 more per rep, 10 more per clinic.
const VOLUME = { clinics: 20, doctors: 80, reps: 100, appointments: 3000, coldSessions: 200 };
const rowsOf = <T>(answer: unknown) => (answer as { rows: T[] }).rows;

describeEachDatabase(
  'the benchmark volume',
  (ctx) => {
    let v: SeededVolume;
    let catalogBefore: string[];

    /** Every index and constraint of the seeded tables, by name and definition. */
    async function catalog(): Promise<string[]> {
      const tables = sql`('clinic_users', 'doctors', 'clinic_doctors', 'clinic_doctor_settings', 'medical_reps', 'doctor_appointments', 'sessions')`;
      const answer = await ctx.database.db.execute(sql`
      select c.relname || ': ' || pg_get_indexdef(i.indexrelid) as d from pg_index i join pg_class c on c.oid = i.indrelid where c.relname in ${tables}
      union all
      select c.relname || ': ' || conname || ' ' || pg_get_constraintdef(k.oid) from pg_constraint k join pg_class c on c.oid = k.conrelid where c.relname in ${tables}
      order by 1`);
      return rowsOf<{ d: string }>(answer).map((r) => r.d);
    }
    const count = async (table: string) =>
      rowsOf<{ n: number }>(await ctx.database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;

    beforeAll(async () => {
      catalogBefore = await catalog();
      v = await seedVolume(ctx.database.db, { now: ctx.clock.now(), volume: VOLUME });
    }, 120_000);

    it('holds the volume asked for, with a session for every rep and clinic and the cold reads ones', async () => {
      expect([await count('clinic_users'), await count('doctors'), await count('medical_reps'), await count('doctor_appointments')]).toEqual([
        20, 80, 100, 3000,
      ]);
      expect(await count('sessions')).toBe(120 + 200 + 200);
      expect(v.devices).toEqual({ medrep: 3, clinic: 11 });
      expect([v.clinicIds.length, v.doctorIds.length, v.repIds.length, v.historyReps]).toEqual([20, 80, 100, 80]);
    });

    it('keeps the booking invariants: no doctor-day over its slots, every visit at a clinic of its doctor', async () => {
      const overbooked = await ctx.database.db.execute(sql`
      select a.clinic_id from doctor_appointments a join clinic_doctor_settings s using (clinic_id, doctor_id)
      where a.status <> 'cancelled' group by a.clinic_id, a.doctor_id, a.appointment_date, s.max_slots having count(*) > s.max_slots`);
      expect(rowsOf(overbooked)).toEqual([]);
      const unlinked = await ctx.database.db.execute(sql`
      select a.id from doctor_appointments a left join clinic_doctors l using (clinic_id, doctor_id) where l.id is null`);
      expect(rowsOf(unlinked)).toEqual([]);
    });

    it('leaves every index and constraint as the migrations made them', async () => {
      expect(await catalog()).toEqual(catalogBefore);
    });

    it("signs in with the seeded sessions and the reps' password", async () => {
      const rep = v.repIds[7]!;
      const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: v.repCookie(rep) } });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ userType: 'medrep', user: { id: rep } });
      const clinic = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: v.clinicCookie(v.clinicIds[3]!) } });
      expect(clinic.json()).toMatchObject({ userType: 'clinic', user: { id: v.clinicIds[3] } });
      // The last device of each kind: a cold read's session (decision 076).
      const device = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: v.repCookie(rep, 2) } });
      expect(device.json()).toMatchObject({ userType: 'medrep', user: { id: rep } });
      const clinicDevice = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: v.clinicCookie(v.clinicIds[3]!, 10) } });
      expect(clinicDevice.json()).toMatchObject({ userType: 'clinic', user: { id: v.clinicIds[3] } });
      const login = await ctx.app.inject({ method: 'POST', url: '/api/medrep/login', payload: { email: v.repEmail(rep), password: BENCH_PASSWORD } });
      expect(login.statusCode).toBe(200);
    });

    it('answers every read the benchmark sends with 200', async () => {
      for (const s of readScenarios(v)) {
        for (let i = 0; i < 12; i++) {
          const r = s.next(i);
          const res = await ctx.app.inject({ method: 'GET', url: r.path, headers: { cookie: r.cookie ?? '' } });
          expect(res.statusCode, `${s.name} #${i}: ${res.body.slice(0, 200)}`).toBe(200);
        }
      }
    });

    it("books the benchmark's bookings, distinct and near, and lets the rep cancel them", async () => {
      for (const body of [distinctBooking(v, 0), distinctBooking(v, 1), nearBooking(v, 0), nearBooking(v, 1), nearBooking(v, 2)]) {
        const booked = await ctx.app.inject({ method: 'POST', url: '/api/book-appointment', headers: { cookie: v.repCookie(body.repId) }, payload: body });
        expect(booked.statusCode, booked.body).toBe(201);
        const id = booked.json<{ appointment: { id: number } }>().appointment.id;
        const cancelled = await ctx.app.inject({ method: 'DELETE', url: `/api/appointments/${id}`, headers: { cookie: v.repCookie(body.repId) } });
        expect(cancelled.statusCode, cancelled.body).toBe(200);
      }
    });
  },
  { env: { BOOKING_HORIZON_DAYS: String(BENCH_BOOKING_HORIZON_DAYS) } },
);
