import { and, eq, inArray } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { clinicDoctors, clinicDoctorSettings, doctorAppointments, doctorDayClosures } from '../../db/schema';
import { createClinic, createDoctor, createSubscribedRep, sessionCookie } from '../../test/factories';
import { describeEachDatabase } from '../../test/harness';

// A day the clinic cancelled ("Cancel Today's Calls") is closed to new bookings of that doctor there, and a
// booking racing the cancellation never leaves an active appointment on that day (decision 007). PGlite runs one
// transaction at a time; on PostgreSQL (TEST_DATABASE_URL set) the race is real.

const NOW = '2026-03-02T04:30:00.000Z'; // Monday 10:00 in India
const TODAY = '2026-03-02';
const CLOSED_MESSAGE = "The clinic has cancelled this doctor's calls for this date. Please select another date.";
const REASON = 'Clinic will be closed today';

describeEachDatabase("days closed by the clinic's cancellation", (ctx) => {
  beforeEach(() => ctx.clock.set(NOW));

  async function world() {
    const db = ctx.app.db;
    const clinic = await createClinic(db);
    const doctor = await createDoctor(db, clinic.id, { settings: { maxSlots: 20 } });
    return { clinic, doctor, clinicCookie: await sessionCookie(ctx.app, 'clinic', clinic.id) };
  }
  const cancelToday = (w: Awaited<ReturnType<typeof world>>, doctorId = w.doctor.id) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/clinic/cancel-today-calls',
      headers: { cookie: w.clinicCookie },
      payload: { clinicId: w.clinic.id, doctorId, date: TODAY, reason: REASON },
    });
  const book = (cookie: string, o: { repId: number; doctorId: number; clinicId: number; date: string }) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/book-appointment',
      headers: { cookie },
      payload: { doctorId: o.doctorId, clinicId: o.clinicId, repId: o.repId, appointmentDate: o.date },
    });
  const calendarDay = async (cookie: string, clinicId: number, doctorId: number, date: string) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/booking/calendar?clinicId=${clinicId}&doctorId=${doctorId}&month=${date.slice(0, 7)}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    return res.json().days.find((d: { date: string }) => d.date === date);
  };

  it("after Cancel Today's Calls, booking that doctor here today is refused and the calendar shows the day closed", async () => {
    const w = await world();
    const rep = await createSubscribedRep(ctx.app.db);
    const cookie = await sessionCookie(ctx.app, 'medrep', rep.id);
    expect(await calendarDay(cookie, w.clinic.id, w.doctor.id, TODAY)).toEqual({ date: TODAY, selectable: true, reason: null, slotsLeft: 20 });

    const cancelled = await cancelToday(w);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ cancelledCount: 0, emailsSent: 0 });

    const refused = await book(cookie, { repId: rep.id, doctorId: w.doctor.id, clinicId: w.clinic.id, date: TODAY });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CLOSED_MESSAGE);
    expect(await calendarDay(cookie, w.clinic.id, w.doctor.id, TODAY)).toEqual({ date: TODAY, selectable: false, reason: 'closed', slotsLeft: 20 });
    const rows = await ctx.app.db.select().from(doctorAppointments).where(eq(doctorAppointments.doctorId, w.doctor.id));
    expect(rows).toEqual([]);

    // Cancelling again keeps the day closed, once, with the first reason.
    expect((await cancelToday(w)).statusCode).toBe(200);
    const closures = await ctx.app.db.select().from(doctorDayClosures).where(eq(doctorDayClosures.doctorId, w.doctor.id));
    expect(closures).toEqual([expect.objectContaining({ clinicId: w.clinic.id, closedDate: TODAY, reason: REASON })]);
  });

  it('other doctors, the same doctor at another clinic and other days stay open', async () => {
    const w = await world();
    const colleague = await createDoctor(ctx.app.db, w.clinic.id);
    const elsewhere = await createClinic(ctx.app.db);
    await ctx.app.db.insert(clinicDoctors).values({ clinicId: elsewhere.id, doctorId: w.doctor.id });
    await ctx.app.db.insert(clinicDoctorSettings).values({
      clinicId: elsewhere.id,
      doctorId: w.doctor.id,
      doctorName: w.doctor.name,
      maxSlots: 3,
      callFrequency: 7,
      availableDays: { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: false },
    });
    expect((await cancelToday(w)).statusCode).toBe(200);

    const [a, b, c] = [await createSubscribedRep(ctx.app.db), await createSubscribedRep(ctx.app.db), await createSubscribedRep(ctx.app.db)];
    const [ca, cb, cc] = [
      await sessionCookie(ctx.app, 'medrep', a.id),
      await sessionCookie(ctx.app, 'medrep', b.id),
      await sessionCookie(ctx.app, 'medrep', c.id),
    ];
    expect(await calendarDay(ca, w.clinic.id, w.doctor.id, '2026-03-03')).toMatchObject({ selectable: true, reason: null });
    expect(await calendarDay(ca, w.clinic.id, colleague.id, TODAY)).toMatchObject({ selectable: true, reason: null });
    expect(await calendarDay(ca, elsewhere.id, w.doctor.id, TODAY)).toMatchObject({ selectable: true, reason: null });

    expect((await book(ca, { repId: a.id, doctorId: w.doctor.id, clinicId: w.clinic.id, date: '2026-03-03' })).statusCode).toBe(201);
    expect((await book(cb, { repId: b.id, doctorId: colleague.id, clinicId: w.clinic.id, date: TODAY })).statusCode).toBe(201);
    expect((await book(cc, { repId: c.id, doctorId: w.doctor.id, clinicId: elsewhere.id, date: TODAY })).statusCode).toBe(201);
  });

  it('20 bookings for today racing the cancellation never leave an active appointment on that day (5 rounds)', async () => {
    const reps = await Promise.all(Array.from({ length: 20 }, () => createSubscribedRep(ctx.app.db)));
    const cookies = await Promise.all(reps.map((r) => sessionCookie(ctx.app, 'medrep', r.id)));
    for (let round = 0; round < 5; round++) {
      const w = await world();
      const bookings = reps.map((rep, i) => book(cookies[i]!, { repId: rep.id, doctorId: w.doctor.id, clinicId: w.clinic.id, date: TODAY }));
      const [cancel, ...answers] = await Promise.all([cancelToday(w), ...bookings]);
      expect(cancel.statusCode).toBe(200);
      const booked = answers.filter((a) => a.statusCode === 201);
      for (const a of answers.filter((x) => x.statusCode !== 201)) {
        expect(a.statusCode).toBe(409);
        expect(a.json().message).toBe(CLOSED_MESSAGE);
      }
      // Every booking that got in before the cancellation was cancelled with the day's calls.
      expect(cancel.json().cancelledCount).toBe(booked.length);
      const active = await ctx.app.db
        .select()
        .from(doctorAppointments)
        .where(
          and(
            eq(doctorAppointments.doctorId, w.doctor.id),
            eq(doctorAppointments.clinicId, w.clinic.id),
            eq(doctorAppointments.appointmentDate, TODAY),
            inArray(doctorAppointments.status, ['booked', 'confirmed']),
          ),
        );
      expect(active).toEqual([]);
      expect(await calendarDay(cookies[0]!, w.clinic.id, w.doctor.id, TODAY)).toMatchObject({ selectable: false, reason: 'closed' });
    }
  });
});
