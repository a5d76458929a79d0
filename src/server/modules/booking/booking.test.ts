import { and, eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { SUBSCRIPTION_REQUIRED_MESSAGE } from '../../../shared/subscription/subscription-status';
import { clinicDoctors, clinicDoctorSettings, doctorAppointments, emailAuditLog, idempotencyKeys } from '../../db/schema';
import { deliverOutbox, describeEachDatabase, type TestContext } from '../../test/harness';
import { createAppointment, createClinic, createDoctor, createRep, createSubscribedRep, sessionCookie } from '../../test/factories';

// Monday 2 March 2026, 10:00 in India. Wednesday the 4th is free; Sunday the 8th the doctor does not work.
const NOW = '2026-03-02T04:30:00.000Z';
const TODAY = '2026-03-02';

const MSG = {
  onDate: 'You already have an appointment with this doctor on this date',
  future:
    'You already have a future appointment with this doctor at this clinic. Please complete or cancel your current appointment before booking another one.',
  full: 'No appointment slots available for this date. Please select another date.',
};

async function world(ctx: TestContext, settings: Partial<typeof clinicDoctorSettings.$inferInsert> = {}) {
  const db = ctx.app.db;
  const clinic = await createClinic(db, { clinicName: 'Lake View Clinic', city: 'Srinagar', state: 'Jammu and Kashmir' });
  const doctor = await createDoctor(db, clinic.id, { name: 'Dr. Mir Qasim', specialty: 'Cardiology', settings });
  const rep = await createSubscribedRep(db);
  const cookie = await sessionCookie(ctx.app, 'medrep', rep.id);
  return { clinic, doctor, rep, cookie };
}

type World = Awaited<ReturnType<typeof world>>;

function book(ctx: TestContext, w: Pick<World, 'clinic' | 'doctor' | 'rep' | 'cookie'>, date: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/book-appointment',
    headers: { cookie: w.cookie, ...headers },
    payload: { doctorId: w.doctor.id, clinicId: w.clinic.id, repId: w.rep.id, appointmentDate: date },
  });
}

describeEachDatabase('booking an appointment', (ctx) => {
  beforeEach(() => ctx.clock.set(NOW));

  it('books a free day, lists it, and e-mails the rep an .ics for the day', async () => {
    const w = await world(ctx);
    const res = await book(ctx, w, '2026-03-04');
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      message: 'Appointment booked successfully',
      appointment: {
        appointment_date: '2026-03-04',
        start_time: null,
        token: 1,
        status: 'booked',
        doctor_id: w.doctor.id,
        clinic_id: w.clinic.id,
        rep_id: w.rep.id,
        doctor_name: 'Dr. Mir Qasim',
        clinic_name: 'Lake View Clinic',
      },
    });

    const list = await ctx.app.inject({ method: 'GET', url: `/api/rep-appointments?repId=${w.rep.id}`, headers: { cookie: w.cookie } });
    expect(list.json().appointments).toEqual([
      {
        id: body.appointment.id,
        appointment_date: '2026-03-04',
        // No visiting hours: a whole-day visit, first in the doctor's day (docs/decisions/039).
        start_time: null,
        token: 1,
        status: 'booked',
        doctor_name: 'Dr. Mir Qasim',
        doctor_specialty: 'Cardiology',
        clinic_name: 'Lake View Clinic',
        clinic_id: w.clinic.id,
        doctor_id: w.doctor.id,
        // Not checked in yet, and this doctor's bookings need no confirmation (decision 041).
        checked_in_at: null,
        requires_approval: false,
      },
    ]);

    const mail = await ctx.mailbox.waitFor(w.rep.email, (m) => m.subject.startsWith('Appointment booked'));
    expect(mail.text).toContain('Lake View Clinic');
    const ics = mail.attachments.find((a) => a.filename?.endsWith('.ics'));
    expect(ics?.contentType).toMatch(/text\/calendar/);
    expect(ics!.content).toContain('METHOD:REQUEST');
    expect(ics!.content).toContain('DTSTART;VALUE=DATE:20260304');
    expect(ics!.content).toContain('DTEND;VALUE=DATE:20260305');
    expect(ics!.content).toContain(`UID:appointment-${body.appointment.id}@`);
    expect(ics!.content).toMatch(/LOCATION:Lake View Clinic\\, Srinagar\\, Jammu and Kashmir/);
    await deliverOutbox(ctx);
    const [audit] = await ctx.app.db.select().from(emailAuditLog).where(eq(emailAuditLog.recipientEmail, w.rep.email));
    expect(audit).toMatchObject({ templateType: 'booking', status: 'sent' });
  });

  it('accepts only the signed-in rep as repId (403), and only reps (401)', async () => {
    const w = await world(ctx);
    const other = await createSubscribedRep(ctx.app.db);
    const res = await book(ctx, { ...w, rep: other }, '2026-03-04');
    expect(res.statusCode).toBe(403);
    expect(await book(ctx, { ...w, cookie: '' }, '2026-03-04').then((r) => r.statusCode)).toBe(401);
    const clinicCookie = await sessionCookie(ctx.app, 'clinic', w.clinic.id);
    expect(await book(ctx, { ...w, cookie: clinicCookie }, '2026-03-04').then((r) => r.statusCode)).toBe(401);
    const rows = await ctx.app.db.select().from(doctorAppointments).where(eq(doctorAppointments.doctorId, w.doctor.id));
    expect(rows).toHaveLength(0);
  });

  it('refuses a rep without an active subscription (402)', async () => {
    const w = await world(ctx);
    const never = await createRep(ctx.app.db);
    const lapsed = await createSubscribedRep(ctx.app.db, { subscriptionExpiresAt: new Date('2026-03-01T00:00:00Z') });
    for (const rep of [never, lapsed]) {
      const res = await book(ctx, { ...w, rep, cookie: await sessionCookie(ctx.app, 'medrep', rep.id) }, '2026-03-04');
      expect(res.statusCode).toBe(402);
      expect(res.json().message).toBe(SUBSCRIPTION_REQUIRED_MESSAGE);
    }
  });

  it('refuses invalid and past dates and days the doctor does not work (400)', async () => {
    const w = await world(ctx);
    for (const [date, message] of [
      ['2026-02-30', 'Please select a valid date.'],
      ['04/03/2026', 'Please select a valid date.'],
      ['2026-03-01', 'You cannot book an appointment for a past date. Please select today or a later date.'],
      ['2026-03-08', 'The doctor is not available on this day. Please select another date.'],
    ]) {
      const res = await book(ctx, w, date!);
      expect(res.statusCode, date).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('books today, which is not past', async () => {
    const w = await world(ctx);
    expect((await book(ctx, w, TODAY)).statusCode).toBe(201);
  });

  it('refuses a full day (409); a cancelled booking frees its slot', async () => {
    const w = await world(ctx, { maxSlots: 1 });
    const other = await createSubscribedRep(ctx.app.db);
    const taken = await createAppointment(ctx.app.db, { doctorId: w.doctor.id, clinicId: w.clinic.id, repId: other.id, appointmentDate: '2026-03-05' });
    const res = await book(ctx, w, '2026-03-05');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.full);
    await ctx.app.db.update(doctorAppointments).set({ status: 'cancelled' }).where(eq(doctorAppointments.id, taken.id));
    expect((await book(ctx, w, '2026-03-05')).statusCode).toBe(201);
  });

  it('refuses a second appointment with the doctor on the same date, at another clinic too (409)', async () => {
    const w = await world(ctx);
    const second = await createClinic(ctx.app.db, { clinicName: 'Second Clinic' });
    await ctx.app.db.insert(clinicDoctors).values({ clinicId: second.id, doctorId: w.doctor.id });
    await ctx.app.db.insert(clinicDoctorSettings).values({
      clinicId: second.id,
      doctorId: w.doctor.id,
      doctorName: w.doctor.name,
      availableDays: { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true },
    });
    expect((await book(ctx, w, '2026-03-04')).statusCode).toBe(201);
    const res = await book(ctx, { ...w, clinic: second }, '2026-03-04');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.onDate);

    // call frequency (7 days): the booking on the 4th freezes up to the 11th at the other clinic.
    const frozen = await book(ctx, { ...w, clinic: second }, '2026-03-11');
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().message).toBe('Due to call frequency restrictions, you cannot book an appointment before 12/03/2026. Please select a later date.');
    expect((await book(ctx, { ...w, clinic: second }, '2026-03-12')).statusCode).toBe(201);
  });

  it('refuses another date while a future appointment at this clinic is active (409)', async () => {
    const w = await world(ctx);
    expect((await book(ctx, w, '2026-03-04')).statusCode).toBe(201);
    const res = await book(ctx, w, '2026-04-15');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.future);
  });

  it('applies call frequency after a past visit', async () => {
    const w = await world(ctx);
    await createAppointment(ctx.app.db, { doctorId: w.doctor.id, clinicId: w.clinic.id, repId: w.rep.id, appointmentDate: '2026-02-27', status: 'completed' });
    const res = await book(ctx, w, '2026-03-05');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Due to call frequency restrictions, you cannot book an appointment before 06/03/2026. Please select a later date.');
    expect((await book(ctx, w, '2026-03-06')).statusCode).toBe(201);
  });

  it('answers 404 for a doctor the clinic does not have or that has no working day', async () => {
    const w = await world(ctx);
    const elsewhere = await createClinic(ctx.app.db);
    const res = await book(ctx, { ...w, clinic: elsewhere }, '2026-03-04');
    expect(res.statusCode).toBe(404);
    const idle = await world(ctx, { availableDays: { monday: false } });
    expect((await book(ctx, { ...idle, rep: w.rep, cookie: w.cookie }, '2026-03-04')).statusCode).toBe(404);
  });

  it('replays the first answer to an Idempotency-Key', async () => {
    const w = await world(ctx);
    const key = { 'idempotency-key': 'appointment_1740000000000_abc' };
    const first = await book(ctx, w, '2026-03-04', key);
    const again = await book(ctx, w, '2026-03-04', key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    const rows = await ctx.app.db.select().from(doctorAppointments).where(eq(doctorAppointments.repId, w.rep.id));
    expect(rows).toHaveLength(1);
    await deliverOutbox(ctx);
    expect(ctx.mailbox.to(w.rep.email).filter((m) => m.subject.startsWith('Appointment booked'))).toHaveLength(1);

    // The same key for another booking is a client bug: refused, nothing booked.
    const reused = await book(ctx, w, '2026-03-20', key);
    expect(reused.statusCode).toBe(422);

    // A refusal by the rules is an answer too: replayed as it was.
    const refusedKey = { 'idempotency-key': 'appointment_refused' };
    const refused = await book(ctx, w, '2026-03-25', refusedKey);
    expect(refused.statusCode).toBe(409);
    expect((await book(ctx, w, '2026-03-25', refusedKey)).json()).toEqual(refused.json());
    const keys = await ctx.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.repId, w.rep.id));
    expect(keys).toHaveLength(2);

    expect((await book(ctx, w, '2026-03-26', { 'idempotency-key': 'bad key with spaces' })).statusCode).toBe(400);
  });

  it('books once when the same booking comes under two different keys: the second is a 409', async () => {
    const w = await world(ctx);
    const first = await book(ctx, w, '2026-03-04', { 'idempotency-key': 'appointment_1_aaaa' });
    const second = await book(ctx, w, '2026-03-04', { 'idempotency-key': 'appointment_2_bbbb' });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(MSG.onDate);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    const rows = await ctx.app.db.select().from(doctorAppointments).where(eq(doctorAppointments.repId, w.rep.id));
    expect(rows).toHaveLength(1);
  });
});

describeEachDatabase('availability and calendar', (ctx) => {
  beforeEach(() => ctx.clock.set(NOW));

  it('gives the call settings', async () => {
    const w = await world(ctx, { maxSlots: 2, callFrequency: 14 });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/doctor-availability?clinicId=${w.clinic.id}&doctorId=${w.doctor.id}`,
      headers: { cookie: w.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      settings: {
        doctorName: 'Dr. Mir Qasim',
        availableDays: { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: false },
        maxSlots: 2,
        callFrequency: 14,
        visitWindows: [],
        slotMinutes: 15,
      },
    });
    const other = await createClinic(ctx.app.db);
    const missing = await ctx.app.inject({
      method: 'GET',
      url: `/api/doctor-availability?clinicId=${other.id}&doctorId=${w.doctor.id}`,
      headers: { cookie: w.cookie },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Doctor availability not found');
  });

  it("shows each day's state for the month by the booking rules", async () => {
    const w = await world(ctx, { maxSlots: 2 });
    const [a, b] = [await createSubscribedRep(ctx.app.db), await createSubscribedRep(ctx.app.db)];
    for (const rep of [a, b])
      await createAppointment(ctx.app.db, { doctorId: w.doctor.id, clinicId: w.clinic.id, repId: rep.id, appointmentDate: '2026-03-05' });
    await createAppointment(ctx.app.db, { doctorId: w.doctor.id, clinicId: w.clinic.id, repId: a.id, appointmentDate: '2026-03-06' });
    const calendar = (cookie: string, month = '2026-03') =>
      ctx.app.inject({ method: 'GET', url: `/api/booking/calendar?clinicId=${w.clinic.id}&doctorId=${w.doctor.id}&month=${month}`, headers: { cookie } });

    const res = await calendar(w.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      today: TODAY,
      month: '2026-03',
      hasFutureAppointment: false,
      futureAppointment: null,
      frequencyCutoff: null,
      subscriptionActive: true,
    });
    expect(body.settings.maxSlots).toBe(2);
    expect(body.days).toHaveLength(31);
    const day = (d: string) => body.days.find((x: { date: string }) => x.date === d);
    expect(day('2026-03-01')).toEqual({ date: '2026-03-01', selectable: false, reason: 'past', slotsLeft: 2 });
    expect(day('2026-03-02')).toEqual({ date: '2026-03-02', selectable: true, reason: null, slotsLeft: 2 });
    expect(day('2026-03-05')).toEqual({ date: '2026-03-05', selectable: false, reason: 'full', slotsLeft: 0 });
    expect(day('2026-03-06')).toEqual({ date: '2026-03-06', selectable: true, reason: null, slotsLeft: 1 });
    expect(day('2026-03-08')).toMatchObject({ selectable: false, reason: 'unavailable_weekday' });

    // After booking the rep sees 'Booking Currently Disabled'.
    const booked = await book(ctx, w, '2026-03-09');
    expect(booked.statusCode).toBe(201);
    const after = (await calendar(w.cookie)).json();
    expect(after.hasFutureAppointment).toBe(true);
    expect(after.futureAppointment).toEqual({ id: booked.json().appointment.id, appointment_date: '2026-03-09', status: 'booked' });
    expect(after.frequencyCutoff).toBe('2026-03-17');
    expect(after.days.find((x: { date: string }) => x.date === '2026-03-09')).toMatchObject({ reason: 'already_booked', slotsLeft: 1 });
    expect(after.days.find((x: { date: string }) => x.date === '2026-03-20')).toMatchObject({ reason: 'has_future_appointment' });

    const next = (await calendar(w.cookie, '2026-04')).json();
    expect(next.days).toHaveLength(30);
    expect((await calendar(w.cookie, '2026-13')).statusCode).toBe(400);
    expect((await calendar('')).statusCode).toBe(401);
  });
});

describeEachDatabase('my appointments and cancelling', (ctx) => {
  beforeEach(() => ctx.clock.set(NOW));

  it('lists today-or-later, not cancelled, by date; only the own list', async () => {
    const w = await world(ctx);
    const db = ctx.app.db;
    const base = { doctorId: w.doctor.id, clinicId: w.clinic.id, repId: w.rep.id };
    await createAppointment(db, { ...base, appointmentDate: '2026-02-20', status: 'completed' });
    await createAppointment(db, { ...base, appointmentDate: '2026-03-20', status: 'booked' });
    await createAppointment(db, { ...base, appointmentDate: '2026-03-10', status: 'cancelled' });
    await createAppointment(db, { ...base, appointmentDate: TODAY, status: 'confirmed' });
    const res = await ctx.app.inject({ method: 'GET', url: `/api/rep-appointments?repId=${w.rep.id}`, headers: { cookie: w.cookie } });
    expect(res.json().appointments.map((a: { appointment_date: string; status: string }) => [a.appointment_date, a.status])).toEqual([
      [TODAY, 'confirmed'],
      ['2026-03-20', 'booked'],
    ]);
    const other = await createSubscribedRep(db);
    const denied = await ctx.app.inject({ method: 'GET', url: `/api/rep-appointments?repId=${other.id}`, headers: { cookie: w.cookie } });
    expect(denied.statusCode).toBe(403);
  });

  it('cancels an own booked appointment dated after today, frees the slot and e-mails a METHOD:CANCEL .ics', async () => {
    const w = await world(ctx, { maxSlots: 1 });
    const booked = await book(ctx, w, '2026-03-03');
    const id = booked.json().appointment.id as number;

    const stranger = await createSubscribedRep(ctx.app.db);
    const strangerCookie = await sessionCookie(ctx.app, 'medrep', stranger.id);
    const notTheirs = await ctx.app.inject({ method: 'DELETE', url: `/api/appointments/${id}`, headers: { cookie: strangerCookie } });
    expect(notTheirs.statusCode).toBe(404);

    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/appointments/${id}`, headers: { cookie: w.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Appointment cancelled successfully' });
    const [row] = await ctx.app.db.select().from(doctorAppointments).where(eq(doctorAppointments.id, id));
    expect(row).toMatchObject({ status: 'cancelled', cancelledBy: 'rep' });

    const mail = await ctx.mailbox.waitFor(w.rep.email, (m) => m.subject.startsWith('Appointment cancelled'));
    const ics = mail.attachments.find((a) => a.filename?.endsWith('.ics'))!;
    expect(ics.content).toContain('METHOD:CANCEL');
    expect(ics.content).toContain(`UID:appointment-${id}@`);
    expect(ics.content).toContain('DTSTART;VALUE=DATE:20260303');

    // The slot is free for another rep.
    const strangerWorld = { ...w, rep: stranger, cookie: strangerCookie };
    expect((await book(ctx, strangerWorld, '2026-03-03')).statusCode).toBe(201);
    const again = await ctx.app.inject({ method: 'DELETE', url: `/api/appointments/${id}`, headers: { cookie: w.cookie } });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Appointment Cancelled');
  });

  it('refuses to cancel on the appointment day, after it, and completed ones', async () => {
    const w = await world(ctx);
    const base = { doctorId: w.doctor.id, clinicId: w.clinic.id, repId: w.rep.id };
    const today = await createAppointment(ctx.app.db, { ...base, appointmentDate: TODAY });
    const past = await createAppointment(ctx.app.db, { ...base, appointmentDate: '2026-02-10' });
    const done = await createAppointment(ctx.app.db, { ...base, appointmentDate: '2026-02-12', status: 'completed' });
    for (const [a, message] of [
      [today, 'Cannot cancel on appointment day'],
      [past, 'Cannot cancel on appointment day'],
      [done, 'Appointment Completed'],
    ] as const) {
      const res = await ctx.app.inject({ method: 'DELETE', url: `/api/appointments/${a.id}`, headers: { cookie: w.cookie } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const [stillBooked] = await ctx.app.db
      .select()
      .from(doctorAppointments)
      .where(and(eq(doctorAppointments.id, today.id), eq(doctorAppointments.status, 'booked')));
    expect(stillBooked).toBeDefined();
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/appointments/999999', headers: { cookie: w.cookie } })).statusCode).toBe(404);
  });
});
