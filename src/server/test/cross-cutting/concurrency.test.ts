import { and, eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { addDays } from '../../../shared/dates';
import { doctorAppointments } from '../../db/schema';
import { describeEachDatabase } from '../harness';
import { createClinic, createDoctor, createSubscribedRep, sessionCookie } from '../factories';

// Concurrency at scale (decisions 007 and 008), extending src/server/modules/booking/booking-concurrency.test.ts: the
// races are real on PostgreSQL (TEST_DATABASE_URL); PGlite runs one transaction at a time and must give the
// same answers. Time is the test clock's Monday 2026-03-02, 10:00 in India.

const ROUNDS = 5;
const TODAY = '2026-03-02';
const EVERY_DAY = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true };
const active = ['booked', 'confirmed'];

describeEachDatabase('concurrency at scale', (ctx) => {
  const book = (cookie: string, payload: object) => ctx.app.inject({ method: 'POST', url: '/api/book-appointment', headers: { cookie }, payload });

  it(`200 reps racing for 3 slots, ${ROUNDS} times over: never more than 3 bookings`, async () => {
    ctx.clock.set('2026-03-02T04:30:00.000Z');
    const db = ctx.app.db;
    const reps: Array<{ id: number }> = [];
    for (let i = 0; i < 200; i++) reps.push(await createSubscribedRep(db));
    const cookies = await Promise.all(reps.map((r) => sessionCookie(ctx.app, 'medrep', r.id)));
    const clinic = await createClinic(db);
    for (let round = 0; round < ROUNDS; round++) {
      const doctor = await createDoctor(db, clinic.id, { settings: { maxSlots: 3, availableDays: EVERY_DAY } });
      const day = addDays('2026-03-04', round);
      const answers = await Promise.all(
        reps.map((rep, i) => book(cookies[i]!, { doctorId: doctor.id, clinicId: clinic.id, repId: rep.id, appointmentDate: day })),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(
        codes.filter((c) => c === 201),
        `round ${round}`,
      ).toHaveLength(3);
      expect(
        codes.filter((c) => c === 409),
        `round ${round}`,
      ).toHaveLength(197);
      const rows = await db.select().from(doctorAppointments).where(eq(doctorAppointments.doctorId, doctor.id));
      expect(rows.filter((r) => active.includes(r.status))).toHaveLength(3);
      expect(new Set(rows.map((r) => r.repId)).size).toBe(rows.length);
    }
  }, 600_000);

  it(`bookings racing a clinic cancelling today's calls, ${ROUNDS} times: no active booking is left on the cancelled day`, async () => {
    ctx.clock.set('2026-03-02T04:30:00.000Z');
    const db = ctx.app.db;
    const clinic = await createClinic(db);
    const clinicCookie = await sessionCookie(ctx.app, 'clinic', clinic.id);
    const reps: Array<{ id: number }> = [];
    for (let i = 0; i < 30; i++) reps.push(await createSubscribedRep(db));
    const cookies = await Promise.all(reps.map((r) => sessionCookie(ctx.app, 'medrep', r.id)));
    for (let round = 0; round < ROUNDS; round++) {
      const doctor = await createDoctor(db, clinic.id, { settings: { maxSlots: 10, availableDays: EVERY_DAY } });
      const payload = (i: number) => ({ doctorId: doctor.id, clinicId: clinic.id, repId: reps[i]!.id, appointmentDate: TODAY });
      const before = reps.slice(0, 15).map((_, i) => book(cookies[i]!, payload(i)));
      const cancel = ctx.app.inject({
        method: 'POST',
        url: '/api/clinic/cancel-today-calls',
        headers: { cookie: clinicCookie },
        payload: { clinicId: clinic.id, doctorId: doctor.id, date: TODAY, reason: 'Clinic will be closed today' },
      });
      const after = reps.slice(15).map((_, j) => book(cookies[15 + j]!, payload(15 + j)));
      const [cancelled, ...bookings] = await Promise.all([cancel, ...before, ...after]);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      for (const b of bookings) expect([201, 409, 400]).toContain(b.statusCode);
      const left = await db
        .select()
        .from(doctorAppointments)
        .where(and(eq(doctorAppointments.doctorId, doctor.id), eq(doctorAppointments.appointmentDate, TODAY), inArray(doctorAppointments.status, active)));
      expect(left, `round ${round}`).toEqual([]);
      // A booking after the cancellation is refused.
      const late = await book(cookies[0]!, payload(0));
      expect(late.statusCode).toBeGreaterThanOrEqual(400);
    }
  }, 300_000);

  it(`one rep's 20 parallel requests, same and different days, ${ROUNDS} times: one booking each time`, async () => {
    ctx.clock.set('2026-03-02T04:30:00.000Z');
    const db = ctx.app.db;
    const clinic = await createClinic(db);
    for (let round = 0; round < ROUNDS; round++) {
      const doctor = await createDoctor(db, clinic.id, { settings: { maxSlots: 20, availableDays: EVERY_DAY } });
      const rep = await createSubscribedRep(db);
      // Two sessions of the same rep (phone and laptop), so per-session limits do not serialise them.
      const sessions = [await sessionCookie(ctx.app, 'medrep', rep.id), await sessionCookie(ctx.app, 'medrep', rep.id)];
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          book(sessions[i % 2]!, { doctorId: doctor.id, clinicId: clinic.id, repId: rep.id, appointmentDate: addDays('2026-03-03', i % 4) }),
        ),
      );
      expect(
        answers.filter((a) => a.statusCode === 201),
        `round ${round}`,
      ).toHaveLength(1);
      const rows = await db.select().from(doctorAppointments).where(eq(doctorAppointments.repId, rep.id));
      expect(rows).toHaveLength(1);
    }
  }, 300_000);
});
