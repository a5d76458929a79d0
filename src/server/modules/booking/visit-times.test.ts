import { and, eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { doctorAppointments, type clinicDoctorSettings } from '../../db/schema';
import { createAppointment, createClinic, createDoctor, createSubscribedRep, sessionCookie } from '../../test/factories';
import { describeEachDatabase, type TestContext } from '../../test/harness';

// Visiting hours (docs/decisions/039-visit-windows-and-tokens.md): the day's visit times a rep picks from, the
// booking of one time by every rule, one rep per time under a race (the unique index and the doctor's row lock),
// and the token, the visit's place in the doctor's day, wherever the rep sees the visit. PGlite runs one transaction
// at a time; on PostgreSQL (TEST_DATABASE_URL set) the race is real.

const NOW = '2026-03-02T04:30:00.000Z'; // Monday 10:00 in India
const TODAY = '2026-03-02';
const DAY = '2026-03-04'; // a Wednesday
const WINDOW = { start: '15:30', end: '16:30' };

const MSG = {
  required: 'Please select a visit time.',
  notOffered: 'Please select one of the visit times offered.',
  taken: 'This visit time is no longer available. Please select another time.',
  full: 'No appointment slots available for this date. Please select another date.',
  notFound: 'Doctor availability not found',
};

type Settings = Partial<typeof clinicDoctorSettings.$inferInsert>;

describeEachDatabase('visit times', (ctx: TestContext) => {
  beforeEach(() => ctx.clock.set(NOW));

  async function world(settings: Settings = { visitWindows: [WINDOW], slotMinutes: 15, maxSlots: 10 }) {
    const clinic = await createClinic(ctx.app.db);
    const doctor = await createDoctor(ctx.app.db, clinic.id, { settings });
    return { clinic, doctor };
  }
  type World = Awaited<ReturnType<typeof world>>;

  async function newRep() {
    const rep = await createSubscribedRep(ctx.app.db);
    return { rep, cookie: await sessionCookie(ctx.app, 'medrep', rep.id) };
  }
  type Rep = Awaited<ReturnType<typeof newRep>>;

  const book = (w: World, r: Rep, date: string, startTime?: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/book-appointment',
      headers: { cookie: r.cookie, ...headers },
      payload: { doctorId: w.doctor.id, clinicId: w.clinic.id, repId: r.rep.id, appointmentDate: date, ...(startTime === undefined ? {} : { startTime }) },
    });

  const daySlots = (w: World, r: Rep, date: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/booking/day-slots?doctorId=${w.doctor.id}&clinicId=${w.clinic.id}&date=${date}`,
      headers: { cookie: r.cookie },
    });

  /** The times offered as free, in order. */
  const freeTimes = async (w: World, r: Rep, date: string) => {
    const res = await daySlots(w, r, date);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ slots: { time: string; available: boolean }[]; slotsLeft: number }>();
    return { free: body.slots.filter((s) => s.available).map((s) => s.time), slotsLeft: body.slotsLeft };
  };

  const repList = async (r: Rep) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/rep-appointments?repId=${r.rep.id}`, headers: { cookie: r.cookie } });
    expect(res.statusCode).toBe(200);
    return res.json<{ appointments: { id: number; start_time: string | null; token: number | null }[] }>().appointments;
  };

  const visitsOf = (w: World) =>
    ctx.app.db
      .select()
      .from(doctorAppointments)
      .where(and(eq(doctorAppointments.doctorId, w.doctor.id), eq(doctorAppointments.clinicId, w.clinic.id)));

  it("gives the day's visit times with the windows, and marks a booked time taken", async () => {
    const w = await world();
    const a = await newRep();
    const res = await daySlots(w, a, DAY);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      date: DAY,
      windows: [WINDOW],
      slotMinutes: 15,
      slots: ['15:30', '15:45', '16:00', '16:15'].map((time) => ({ time, available: true })),
      slotsLeft: 4,
    });

    const b = await newRep();
    expect((await book(w, b, DAY, '15:45')).statusCode).toBe(201);
    expect(await freeTimes(w, a, DAY)).toEqual({ free: ['15:30', '16:00', '16:15'], slotsLeft: 3 });
  });

  it("offers none of today's times that have started", async () => {
    const w = await world();
    const a = await newRep();
    ctx.clock.set('2026-03-02T10:15:00.000Z'); // 15:45 in India
    expect(await freeTimes(w, a, TODAY)).toEqual({ free: ['16:00', '16:15'], slotsLeft: 2 });
    // A later date keeps all its times.
    expect(await freeTimes(w, a, DAY)).toEqual({ free: ['15:30', '15:45', '16:00', '16:15'], slotsLeft: 4 });
  });

  it('offers no time on a day the booking would refuse this rep', async () => {
    const w = await world();
    const a = await newRep();
    const noTime = { free: [], slotsLeft: 0 };
    // The past, a Sunday (not a working day), beyond the booking horizon.
    expect(await freeTimes(w, a, '2026-03-01')).toEqual(noTime);
    expect(await freeTimes(w, a, '2026-03-08')).toEqual(noTime);
    expect(await freeTimes(w, a, '2027-03-03')).toEqual(noTime);
    // A day the clinic cancelled the doctor's calls.
    const clinicCookie = await sessionCookie(ctx.app, 'clinic', w.clinic.id);
    const closed = await ctx.app.inject({
      method: 'POST',
      url: '/api/clinic/cancel-today-calls',
      headers: { cookie: clinicCookie },
      payload: { clinicId: w.clinic.id, doctorId: w.doctor.id, date: TODAY, reason: 'Clinic will be closed today' },
    });
    expect(closed.statusCode).toBe(200);
    // The times are still listed (the rep sees the hours), none of them free.
    const today = await daySlots(w, a, TODAY);
    expect(today.json()).toMatchObject({ slotsLeft: 0, slots: ['15:30', '15:45', '16:00', '16:15'].map((time) => ({ time, available: false })) });
    // The rep's own booking that day: the other times are not offered to the same rep again.
    expect((await book(w, a, DAY, '15:30')).statusCode).toBe(201);
    expect(await freeTimes(w, a, DAY)).toEqual(noTime);
    expect(await freeTimes(w, await newRep(), DAY)).toEqual({ free: ['15:45', '16:00', '16:15'], slotsLeft: 3 });
  });

  it('without windows: no times, and the slots left are Max Slots less the visits', async () => {
    const w = await world({ maxSlots: 3 });
    const a = await newRep();
    expect((await book(w, a, DAY)).statusCode).toBe(201);
    const res = await daySlots(w, await newRep(), DAY);
    expect(res.json()).toEqual({ date: DAY, windows: [], slotMinutes: 15, slots: [], slotsLeft: 2 });
  });

  it('answers 404 for a doctor not bookable at the clinic, 400 for a bad date, and only to reps', async () => {
    const w = await world();
    const a = await newRep();
    const unbookable = { clinic: w.clinic, doctor: await createDoctor(ctx.app.db, w.clinic.id, { settings: null }) };
    const missing = await daySlots(unbookable, a, DAY);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MSG.notFound);
    const bad = await daySlots(w, a, '2026-02-30');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please select a valid date.');
    expect((await daySlots(w, { ...a, cookie: '' }, DAY)).statusCode).toBe(401);
  });

  it('refuses a booking without a time, with a time not offered or badly written, and a time where none is taken', async () => {
    const w = await world();
    const a = await newRep();
    const required = await book(w, a, DAY);
    expect(required.statusCode).toBe(400);
    expect(required.json()).toEqual({ message: MSG.required, code: 'visit_time_required' });
    for (const time of ['15:40', '16:30', '09:00', '15:29']) {
      const res = await book(w, a, DAY, time);
      expect(res.statusCode, time).toBe(400);
      expect(res.json(), time).toEqual({ message: MSG.notOffered, code: 'visit_time_not_offered' });
    }
    for (const time of ['3:30 PM', '1530', '24:00', '']) {
      const res = await book(w, a, DAY, time);
      expect(res.statusCode, time).toBe(400);
      expect(res.json().message, time).toBe(MSG.notOffered);
    }
    const allDay = await world({ maxSlots: 3 });
    const needless = await book(allDay, a, DAY, '15:30');
    expect(needless.statusCode).toBe(400);
    expect(needless.json()).toMatchObject({ code: 'visit_time_not_needed' });
    expect(await visitsOf(w)).toHaveLength(0);
    expect(await visitsOf(allDay)).toHaveLength(0);
  });

  it('refuses a taken time and, today, a time that has started (409)', async () => {
    const w = await world();
    const [a, b] = [await newRep(), await newRep()];
    expect((await book(w, a, DAY, '16:00')).statusCode).toBe(201);
    const taken = await book(w, b, DAY, '16:00');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: MSG.taken, code: 'visit_time_taken' });

    ctx.clock.set('2026-03-02T10:15:00.000Z'); // 15:45 in India
    for (const time of ['15:30', '15:45']) {
      const started = await book(w, b, TODAY, time);
      expect(started.statusCode, time).toBe(409);
      expect(started.json(), time).toEqual({ message: MSG.taken, code: 'visit_time_taken' });
    }
    const later = await book(w, b, TODAY, '16:00');
    expect(later.statusCode).toBe(201);
    expect(later.json().appointment).toMatchObject({ appointment_date: TODAY, start_time: '16:00', token: 1 });
  });

  it('frees a time when its visit is cancelled', async () => {
    const w = await world();
    const [a, b] = [await newRep(), await newRep()];
    const first = await book(w, a, DAY, '15:30');
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/appointments/${first.json().appointment.id}`, headers: { cookie: a.cookie } })).statusCode,
    ).toBe(200);
    expect((await freeTimes(w, b, DAY)).free).toContain('15:30');
    expect((await book(w, b, DAY, '15:30')).statusCode).toBe(201);
  });

  it('20 reps racing for one time: exactly one books it, the rest are told it is taken', async () => {
    const w = await world({ visitWindows: [WINDOW], slotMinutes: 15, maxSlots: 30 });
    const reps = await Promise.all(Array.from({ length: 20 }, () => newRep()));
    const answers = await Promise.all(reps.map((r) => book(w, r, DAY, '15:45')));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json()).toEqual({ message: MSG.taken, code: 'visit_time_taken' });
    const rows = await visitsOf(w);
    expect(rows.map((r) => r.startTime)).toEqual(['15:45']);
  });

  it('fills the day at Max Slots when the windows hold more visits', async () => {
    const w = await world({ visitWindows: [WINDOW], slotMinutes: 15, maxSlots: 2 });
    const [a, b, c] = [await newRep(), await newRep(), await newRep()];
    expect(await freeTimes(w, a, DAY)).toEqual({ free: ['15:30', '15:45', '16:00', '16:15'], slotsLeft: 2 });
    expect((await book(w, a, DAY, '16:15')).statusCode).toBe(201);
    expect((await book(w, b, DAY, '15:30')).statusCode).toBe(201);
    expect(await freeTimes(w, c, DAY)).toEqual({ free: [], slotsLeft: 0 });
    const full = await book(w, c, DAY, '15:45');
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ message: MSG.full, code: 'full' });
    const month = await ctx.app.inject({
      method: 'GET',
      url: `/api/booking/calendar?clinicId=${w.clinic.id}&doctorId=${w.doctor.id}&month=2026-03`,
      headers: { cookie: c.cookie },
    });
    expect(month.json().days.find((d: { date: string }) => d.date === DAY)).toMatchObject({ selectable: false, reason: 'full', slotsLeft: 0 });
  });

  it('a visit kept from before the visit length changed holds the time it falls in', async () => {
    // Booked at 15:45 with 15-minute visits; the clinic then made visits 20 minutes (15:30, 15:50, 16:10).
    const w = await world({ visitWindows: [WINDOW], slotMinutes: 20, maxSlots: 10 });
    const a = await newRep();
    await createAppointment(ctx.app.db, {
      repId: a.rep.id,
      doctorId: w.doctor.id,
      clinicId: w.clinic.id,
      appointmentDate: DAY,
      startTime: '15:45',
      status: 'booked',
      bookedAt: new Date(NOW),
      updatedAt: new Date(NOW),
    });
    const b = await newRep();
    expect(await freeTimes(w, b, DAY)).toEqual({ free: ['15:50', '16:10'], slotsLeft: 2 });
    const overlapping = await book(w, b, DAY, '15:30');
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json().code).toBe('visit_time_taken');
    expect((await book(w, b, DAY, '15:50')).statusCode).toBe(201);
  });

  it('books doctors without windows as before: no time, the token by booking order', async () => {
    const w = await world({ maxSlots: 3 });
    const [a, b] = [await newRep(), await newRep()];
    const first = await book(w, a, DAY);
    expect(first.statusCode).toBe(201);
    expect(first.json().appointment).toMatchObject({ start_time: null, token: 1 });
    ctx.clock.set('2026-03-02T04:31:00.000Z');
    const second = await book(w, b, DAY);
    expect(second.json().appointment).toMatchObject({ start_time: null, token: 2 });
    expect((await repList(a))[0]).toMatchObject({ start_time: null, token: 1 });
    expect((await repList(b))[0]).toMatchObject({ start_time: null, token: 2 });
    expect((await visitsOf(w)).map((r) => r.startTime)).toEqual([null, null]);
  });

  it('replays an Idempotency-Key with its time; the same key for another time is refused (422)', async () => {
    const w = await world();
    const a = await newRep();
    const key = { 'idempotency-key': 'visit-time-replay' };
    const first = await book(w, a, DAY, '16:00', key);
    expect(first.statusCode).toBe(201);
    const again = await book(w, a, DAY, '16:00', key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const other = await book(w, a, DAY, '16:15', key);
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('idempotency_key_reused');
    expect((await visitsOf(w)).map((r) => r.startTime)).toEqual(['16:00']);
  });

  it("gives each visit its token, and the rep's list moves it when an earlier time is booked or cancelled", async () => {
    const w = await world();
    const [a, b, c] = [await newRep(), await newRep(), await newRep()];
    const mine = await book(w, a, DAY, '16:00');
    expect(mine.json().appointment).toMatchObject({ start_time: '16:00', token: 1 });
    expect(await repList(a)).toEqual([expect.objectContaining({ id: mine.json().appointment.id, start_time: '16:00', token: 1 })]);

    const earlier = await book(w, b, DAY, '15:30');
    expect(earlier.json().appointment).toMatchObject({ start_time: '15:30', token: 1 });
    expect((await repList(a))[0]).toMatchObject({ start_time: '16:00', token: 2 });

    // A later time leaves the earlier ones where they are.
    expect((await book(w, c, DAY, '16:15')).json().appointment).toMatchObject({ token: 3 });
    expect((await repList(a))[0]).toMatchObject({ token: 2 });

    const cancel = await ctx.app.inject({ method: 'DELETE', url: `/api/appointments/${earlier.json().appointment.id}`, headers: { cookie: b.cookie } });
    expect(cancel.statusCode).toBe(200);
    expect((await repList(a))[0]).toMatchObject({ start_time: '16:00', token: 1 });
    expect((await repList(c))[0]).toMatchObject({ start_time: '16:15', token: 2 });
  });
});
