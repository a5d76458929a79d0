import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from '../../../shared/booking/booking-rules';
import { VISIT_TIME_MESSAGES } from '../../../shared/booking/visit-windows';
import { doctorAppointments, outbox } from '../../db/schema';
import { createAppointment, createClinic, createDoctor, createSubscribedRep, sessionCookie } from '../../test/factories';
import { describeEachDatabase, receivedMail } from '../../test/harness';

// The rep moves a visit (docs/decisions/043): judged by every booking rule as if the visit did not exist, the same row
// moved in one transaction, its calendar file a REQUEST with the same UID and the next SEQUENCE; a refusal leaves it as
// it was. PGlite runs one transaction at a time; on PostgreSQL (TEST_DATABASE_URL set) the race is real.

const NOW = '2026-03-02T04:30:00.000Z'; // Monday 10:00 in India
const TODAY = '2026-03-02';
const EVERY_DAY = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true };

type Reply = LightMyRequestResponse;

describeEachDatabase('rescheduling a visit', (ctx) => {
  beforeEach(() => ctx.clock.set(NOW));

  async function world(o: { maxSlots?: number; visitWindows?: { start: string; end: string }[]; requiresApproval?: boolean; callFrequency?: number } = {}) {
    const db = ctx.app.db;
    const clinic = await createClinic(db, { clinicName: 'Lake View Clinic', city: 'Srinagar' });
    const doctor = await createDoctor(db, clinic.id, {
      name: 'Dr. Mir Qasim',
      settings: {
        maxSlots: o.maxSlots ?? 2,
        callFrequency: o.callFrequency ?? 7,
        availableDays: EVERY_DAY,
        visitWindows: o.visitWindows ?? [],
        slotMinutes: 15,
        requiresApproval: o.requiresApproval ?? false,
      },
    });
    return { clinic, doctor, cookie: await sessionCookie(ctx.app, 'clinic', clinic.id) };
  }
  type World = Awaited<ReturnType<typeof world>>;
  const rep = async () => {
    const r = await createSubscribedRep(ctx.app.db);
    return { ...r, cookie: await sessionCookie(ctx.app, 'medrep', r.id) };
  };
  type Rep = Awaited<ReturnType<typeof rep>>;
  const visit = (w: World, r: Rep, appointmentDate: string, o: { status?: string; startTime?: string } = {}) =>
    createAppointment(ctx.app.db, { doctorId: w.doctor.id, clinicId: w.clinic.id, repId: r.id, appointmentDate, ...o });
  const reschedule = (r: Rep, id: number, appointmentDate: string, startTime?: string): Promise<Reply> =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/appointments/${id}/reschedule`,
      headers: { cookie: r.cookie },
      payload: { appointmentDate, ...(startTime ? { startTime } : {}) },
    });
  const row = async (id: number) => (await ctx.app.db.select().from(doctorAppointments).where(eq(doctorAppointments.id, id)))[0]!;
  const mailsTo = (r: Rep, templateType: string) =>
    ctx.app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipientEmail, r.email), eq(outbox.templateType, templateType)));
  const expectUnchanged = async (id: number, date: string) => expect(await row(id)).toMatchObject({ appointmentDate: date, revision: 0 });

  it('moves a visit to a free day: same id, one revision more, and a calendar REQUEST with the same UID and SEQUENCE 1', async () => {
    const w = await world();
    const r = await rep();
    const v = await visit(w, r, '2026-03-04');
    const res = await reschedule(r, v.id, '2026-03-06');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Appointment rescheduled successfully',
      appointment: { id: v.id, appointment_date: '2026-03-06', start_time: null, token: 1, status: 'booked', rep_id: r.id, doctor_name: 'Dr. Mir Qasim' },
    });
    expect(await row(v.id)).toMatchObject({ appointmentDate: '2026-03-06', revision: 1, status: 'booked' });

    const [mail] = await mailsTo(r, 'booking_rescheduled');
    expect(mail?.subject).toBe('Appointment rescheduled: Dr. Mir Qasim on 06/03/2026');
    const ics = (await receivedMail(ctx, mail!)).attachments[0]!.content;
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain(`UID:appointment-${v.id}@localhost`);
    expect(ics).toContain('SEQUENCE:1');
    expect(ics).toContain('DTSTART;VALUE=DATE:20260306');

    // Cancelled afterwards, the CANCEL outranks the last REQUEST.
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/appointments/${v.id}`, headers: { cookie: r.cookie } })).statusCode).toBe(200);
    const [cancel] = await mailsTo(r, 'booking_cancelled');
    const cancelIcs = (await receivedMail(ctx, cancel!)).attachments[0]!.content;
    expect(cancelIcs).toContain(`UID:appointment-${v.id}@localhost`);
    expect(cancelIcs).toContain('SEQUENCE:2');
  });

  it("refuses a full day, a date call frequency freezes, and a day of leave, in the rules' words, leaving the visit as it was", async () => {
    const w = await world({ maxSlots: 1 });
    const r = await rep();
    const v = await visit(w, r, '2026-03-10');
    await visit(w, await rep(), '2026-03-12');
    const full = await reschedule(r, v.id, '2026-03-12');
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ message: BOOKING_MESSAGES.full, code: 'full' });
    await expectUnchanged(v.id, '2026-03-10');

    // The rep saw the doctor on 27/02 at another clinic: dates before 06/03 are frozen (call frequency, 7 days).
    const other = await createClinic(ctx.app.db);
    await createAppointment(ctx.app.db, { doctorId: w.doctor.id, clinicId: other.id, repId: r.id, appointmentDate: '2026-02-27', status: 'completed' });
    const frozen = await reschedule(r, v.id, '2026-03-04');
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json()).toEqual({
      message: 'Due to call frequency restrictions, you cannot book an appointment before 06/03/2026. Please select a later date.',
      code: 'frequency',
    });
    await expectUnchanged(v.id, '2026-03-10');

    const leave = await ctx.app.inject({
      method: 'POST',
      url: '/api/clinic/leave',
      headers: { cookie: w.cookie },
      payload: { clinicId: w.clinic.id, doctorId: w.doctor.id, from: '2026-03-16', to: '2026-03-17', reason: 'Conference' },
    });
    expect(leave.statusCode).toBe(201);
    const onLeave = await reschedule(r, v.id, '2026-03-16');
    expect(onLeave.statusCode).toBe(409);
    expect(onLeave.json()).toEqual({ message: BOOKING_MESSAGES.leave, code: 'leave' });
    await expectUnchanged(v.id, '2026-03-10');
    expect(await mailsTo(r, 'booking_rescheduled')).toEqual([]);

    // Judged without the visit itself: its own future visit and frequency window do not block a date two days on.
    expect((await reschedule(r, v.id, '2026-03-11')).statusCode).toBe(200);
  });

  it('changes the time within the day; the same date and time is 400 same_visit, a taken time 409', async () => {
    const w = await world({ maxSlots: 3, visitWindows: [{ start: '10:00', end: '11:00' }] });
    const r = await rep();
    const v = await visit(w, r, '2026-03-04', { startTime: '10:00' });
    await visit(w, await rep(), '2026-03-04', { startTime: '10:15' });
    const same = await reschedule(r, v.id, '2026-03-04', '10:00');
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ message: 'Please select a different date or time.', code: 'same_visit' });
    const taken = await reschedule(r, v.id, '2026-03-04', '10:15');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: VISIT_TIME_MESSAGES.taken, code: 'visit_time_taken' });
    const moved = await reschedule(r, v.id, '2026-03-04', '10:30');
    expect(moved.statusCode).toBe(200);
    expect(moved.json().appointment).toMatchObject({ id: v.id, appointment_date: '2026-03-04', start_time: '10:30', token: 2 });
    expect(await row(v.id)).toMatchObject({ startTime: '10:30', revision: 1 });
  });

  it('sends a confirmed visit back to awaiting confirmation where the clinic confirms each booking; elsewhere it stays confirmed', async () => {
    const approving = await world({ requiresApproval: true });
    const r = await rep();
    const v = await visit(approving, r, '2026-03-04', { status: 'confirmed' });
    await ctx.app.db
      .update(doctorAppointments)
      .set({ confirmedAt: new Date(NOW) })
      .where(eq(doctorAppointments.id, v.id));
    const res = await reschedule(r, v.id, '2026-03-05');
    expect(res.statusCode).toBe(200);
    expect(res.json().appointment.status).toBe('booked');
    expect(await row(v.id)).toMatchObject({ status: 'booked', confirmedAt: null });
    expect((await mailsTo(r, 'booking_rescheduled'))[0]?.subject).toBe('Appointment rescheduled, awaiting confirmation: Dr. Mir Qasim on 05/03/2026');

    const plain = await world();
    const kept = await visit(plain, r, '2026-03-04', { status: 'confirmed' });
    expect((await reschedule(r, kept.id, '2026-03-05')).json().appointment.status).toBe('confirmed');

    // The clinic declines the moved visit: its CANCEL outranks the move's REQUEST (SEQUENCE 1).
    const decline = await ctx.app.inject({
      method: 'POST',
      url: `/api/clinic/appointments/${v.id}/status`,
      headers: { cookie: approving.cookie },
      payload: { status: 'cancelled', reason: 'The doctor is away' },
    });
    expect(decline.statusCode).toBe(200);
    const [cancel] = await mailsTo(r, 'cancellation');
    const ics = (await receivedMail(ctx, cancel!)).attachments[0]!.content;
    expect(ics).toContain(`UID:appointment-${v.id}@localhost`);
    expect(ics).toContain('SEQUENCE:2');
  });

  it("refuses today's visit, a cancelled one and another rep's (404)", async () => {
    const w = await world();
    const r = await rep();
    const today = await visit(w, r, TODAY);
    const res = await reschedule(r, today.id, '2026-03-05');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Cannot reschedule on appointment day', code: 'cannot_reschedule' });
    const gone = await visit(w, await rep(), '2026-03-04', { status: 'cancelled' });
    const other = await reschedule(r, gone.id, '2026-03-05');
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Appointment not found');
  });

  it('the calendar and the day times with rescheduleId judge the days without the visit; an unknown id is 404', async () => {
    const w = await world({ maxSlots: 1 });
    const r = await rep();
    const v = await visit(w, r, '2026-03-04');
    const base = `clinicId=${w.clinic.id}&doctorId=${w.doctor.id}`;
    const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie: r.cookie } });
    const plain = (await get(`/api/booking/calendar?${base}&month=2026-03`)).json();
    expect(plain.hasFutureAppointment).toBe(true);
    const moving = (await get(`/api/booking/calendar?${base}&month=2026-03&rescheduleId=${v.id}`)).json();
    expect(moving.hasFutureAppointment).toBe(false);
    expect(moving.days.find((d: { date: string }) => d.date === '2026-03-04')).toMatchObject({ selectable: true, slotsLeft: 1 });
    expect(moving.days.find((d: { date: string }) => d.date === '2026-03-05')).toMatchObject({ selectable: true });
    expect((await get(`/api/booking/day-slots?${base}&date=2026-03-04&rescheduleId=${v.id}`)).json().slotsLeft).toBe(1);
    const unknown = await get(`/api/booking/calendar?${base}&month=2026-03&rescheduleId=999999`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Appointment not found');
  });

  it('two reps moving into the last slot of a day at once: one 200, one 409', async () => {
    const w = await world({ maxSlots: 1 });
    const [a, b] = [await rep(), await rep()];
    const va = await visit(w, a, '2026-03-04');
    const vb = await visit(w, b, '2026-03-05');
    const answers = await Promise.all([reschedule(a, va.id, '2026-03-06'), reschedule(b, vb.id, '2026-03-06')]);
    expect(answers.map((x) => x.statusCode).sort()).toEqual([200, 409]);
    const onDay = await ctx.app.db
      .select()
      .from(doctorAppointments)
      .where(and(eq(doctorAppointments.doctorId, w.doctor.id), eq(doctorAppointments.appointmentDate, '2026-03-06')));
    expect(onDay).toHaveLength(1);
  });

  it("moving away from a full day offers its slot to the day's waitlist", async () => {
    const w = await world({ maxSlots: 1 });
    const r = await rep();
    const v = await visit(w, r, '2026-03-04');
    const waiting = await rep();
    const join = await ctx.app.inject({
      method: 'POST',
      url: '/api/waitlist',
      headers: { cookie: waiting.cookie },
      payload: { doctorId: w.doctor.id, clinicId: w.clinic.id, date: '2026-03-04' },
    });
    expect(join.statusCode).toBe(201);
    expect((await reschedule(r, v.id, '2026-03-05')).statusCode).toBe(200);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/waitlist', headers: { cookie: waiting.cookie } });
    expect(list.json().entries[0]).toMatchObject({ status: 'offered', date: '2026-03-04' });
    expect(await mailsTo(waiting, 'waitlist_offer')).toHaveLength(1);
  });
});
