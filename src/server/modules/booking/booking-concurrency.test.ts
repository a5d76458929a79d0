import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { addDays } from '../../../shared/dates';
import { doctorAppointments } from '../../db/schema';
import { describeEachDatabase } from '../../test/harness';
import { createClinic, createDoctor, createSubscribedRep, sessionCookie } from '../../test/factories';

// ARCHITECTURE rule 5: capacity and "one future appointment" hold under concurrency because the booking
// transaction locks rows, not because the code checked first. PGlite runs one transaction at a time, so the
// race is real only on PostgreSQL (run with TEST_DATABASE_URL set); on PGlite the same requests interleave
// between transactions and must give the same answers.

describeEachDatabase(
  'booking under concurrency',
  (ctx) => {
    it('30 reps racing for a day with 3 slots: exactly 3 bookings, the rest 409', async () => {
      ctx.clock.set('2026-03-02T04:30:00.000Z');
      const db = ctx.app.db;
      const clinic = await createClinic(db);
      const doctor = await createDoctor(db, clinic.id, { settings: { maxSlots: 3 } });
      const reps = await Promise.all(Array.from({ length: 30 }, () => createSubscribedRep(db)));
      const cookies = await Promise.all(reps.map((r) => sessionCookie(ctx.app, 'medrep', r.id)));
      const answers = await Promise.all(
        reps.map((rep, i) =>
          ctx.app.inject({
            method: 'POST',
            url: '/api/book-appointment',
            headers: { cookie: cookies[i]! },
            payload: { doctorId: doctor.id, clinicId: clinic.id, repId: rep.id, appointmentDate: '2026-03-04' },
          }),
        ),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 201)).toHaveLength(3);
      expect(codes.filter((c) => c === 409)).toHaveLength(27);
      for (const a of answers.filter((x) => x.statusCode === 409)) {
        expect(a.json().message).toBe('No appointment slots available for this date. Please select another date.');
      }
      const rows = await db.select().from(doctorAppointments).where(eq(doctorAppointments.doctorId, doctor.id));
      expect(rows).toHaveLength(3);
    });

    it("one rep's 10 parallel requests for 10 dates: exactly one booking", async () => {
      ctx.clock.set('2026-03-02T04:30:00.000Z');
      const db = ctx.app.db;
      const clinic = await createClinic(db);
      const doctor = await createDoctor(db, clinic.id, {
        settings: { maxSlots: 5, availableDays: { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true } },
      });
      const rep = await createSubscribedRep(db);
      const cookie = await sessionCookie(ctx.app, 'medrep', rep.id);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          ctx.app.inject({
            method: 'POST',
            url: '/api/book-appointment',
            headers: { cookie },
            payload: { doctorId: doctor.id, clinicId: clinic.id, repId: rep.id, appointmentDate: addDays('2026-03-03', i * 3) },
          }),
        ),
      );
      expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
      expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(9);
      const rows = await db.select().from(doctorAppointments).where(eq(doctorAppointments.repId, rep.id));
      expect(rows).toHaveLength(1);
    });

    it('the same request sent 10 times at once with one Idempotency-Key books once and answers alike', async () => {
      ctx.clock.set('2026-03-02T04:30:00.000Z');
      const db = ctx.app.db;
      const clinic = await createClinic(db);
      const doctor = await createDoctor(db, clinic.id);
      const rep = await createSubscribedRep(db);
      const cookie = await sessionCookie(ctx.app, 'medrep', rep.id);
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          ctx.app.inject({
            method: 'POST',
            url: '/api/book-appointment',
            headers: { cookie, 'idempotency-key': 'appointment_race' },
            payload: { doctorId: doctor.id, clinicId: clinic.id, repId: rep.id, appointmentDate: '2026-03-04' },
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
      expect(new Set(answers.map((a) => a.json().appointment.id)).size).toBe(1);
    });
  },
  { pooler: true },
);
