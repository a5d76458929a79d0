import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { doctorAppointments } from '../../db/schema';
import { describeEachDatabase, type TestContext } from '../../test/harness';
import { createClinic, createDoctor, createSubscribedRep, sessionCookie } from '../../test/factories';

// The booking horizon (BOOKING_HORIZON_DAYS, default 90; docs/decisions/032): a rep books at most 90 days after
// today in India. 01:30 in India on 2 March 2026 is still 1 March in UTC, so a server that counted in UTC would
// put the last bookable day one day early.
const NOW = '2026-03-01T20:00:00.000Z';
const DAY_90 = '2026-05-31';
const DAY_91 = '2026-06-01';
const EVERY_DAY = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true };

async function world(ctx: TestContext) {
  const clinic = await createClinic(ctx.app.db);
  const doctor = await createDoctor(ctx.app.db, clinic.id, { settings: { availableDays: EVERY_DAY } });
  const rep = await createSubscribedRep(ctx.app.db);
  return { clinic, doctor, rep, cookie: await sessionCookie(ctx.app, 'medrep', rep.id) };
}
type World = Awaited<ReturnType<typeof world>>;

const book = (ctx: TestContext, w: World, date: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/book-appointment',
    headers: { cookie: w.cookie },
    payload: { doctorId: w.doctor.id, clinicId: w.clinic.id, repId: w.rep.id, appointmentDate: date },
  });
const calendar = (ctx: TestContext, w: World, month: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/booking/calendar?clinicId=${w.clinic.id}&doctorId=${w.doctor.id}&month=${month}`, headers: { cookie: w.cookie } });

describeEachDatabase('the booking horizon', (ctx) => {
  beforeEach(() => ctx.clock.set(NOW));

  it('refuses day 91 and later with a stable code, and books day 90 (IST dates)', async () => {
    const w = await world(ctx);
    for (const date of [DAY_91, '2026-12-31', '9999-12-31']) {
      const res = await book(ctx, w, date);
      expect(res.statusCode, date).toBe(400);
      expect(res.json()).toEqual({ code: 'beyond_horizon', message: 'Appointments can be booked up to 31/05/2026. Please select an earlier date.' });
    }
    expect(await ctx.app.db.select().from(doctorAppointments).where(eq(doctorAppointments.repId, w.rep.id))).toHaveLength(0);
    const ok = await book(ctx, w, DAY_90);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().appointment.appointment_date).toBe(DAY_90);
  });

  it('moves with the Indian day: at midnight IST the next day opens', async () => {
    const w = await world(ctx);
    expect((await book(ctx, w, DAY_91)).statusCode).toBe(400);
    ctx.clock.set('2026-03-02T18:30:00.000Z'); // 00:00 on 3 March in India
    const signedInAgain = { ...w, cookie: await sessionCookie(ctx.app, 'medrep', w.rep.id) };
    expect((await book(ctx, signedInAgain, DAY_91)).statusCode).toBe(201);
  });

  it('tells the calendar the last bookable date and offers no day after it', async () => {
    const w = await world(ctx);
    const may = (await calendar(ctx, w, '2026-05')).json();
    expect(may.lastBookableDate).toBe(DAY_90);
    expect(may.days.find((d: { date: string }) => d.date === DAY_90)).toMatchObject({ selectable: true, reason: null });
    const june = (await calendar(ctx, w, '2026-06')).json();
    expect(june.days).toHaveLength(30);
    for (const day of june.days) expect(day).toMatchObject({ selectable: false, reason: 'beyond_horizon' });
  });
});

describeEachDatabase(
  'a configured booking horizon',
  (ctx) => {
    beforeEach(() => ctx.clock.set(NOW));

    it('follows BOOKING_HORIZON_DAYS', async () => {
      const w = await world(ctx);
      const res = await book(ctx, w, '2026-03-13');
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('beyond_horizon');
      expect((await book(ctx, w, '2026-03-12')).statusCode).toBe(201);
      expect((await calendar(ctx, w, '2026-03')).json().lastBookableDate).toBe('2026-03-12');
    });
  },
  { env: { BOOKING_HORIZON_DAYS: '10' } },
);
