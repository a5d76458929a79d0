import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { doctorAppointments, doctorDayClosures } from '../../db/schema';
import { deliverOutbox, describeEachDatabase, type TestContext } from '../../test/harness';
import { createAppointment, createClinic, createDoctor, createRep, createSubscribedRep, sessionCookie } from '../../test/factories';

// Changing a doctor's visiting hours with visits booked (docs/decisions/039-visit-windows-and-tokens.md): the
// visits stay at their times, the ones the new hours leave out are answered to the clinic, which may cancel them.
// The clock starts on Monday 2026-03-02, 10:00 in India; the visits are on Wednesday the 4th and Thursday the 5th.

const REASON = "The clinic changed the doctor's visiting hours";

describeEachDatabase('visiting hours: visits outside new windows, kept or cancelled', (ctx: TestContext) => {
  let clinic: Awaited<ReturnType<typeof createClinic>>;
  let other: Awaited<ReturnType<typeof createClinic>>;
  let cookie: string;
  let doctorId: number;
  const reps: Array<Awaited<ReturnType<typeof createSubscribedRep>> & { cookie: string }> = [];
  const ids = {} as { untimed: number; at1530: number; at1545: number; at1615: number };

  beforeAll(async () => {
    clinic = await createClinic(ctx.app.db, { clinicName: 'Lal Chowk Clinic' });
    other = await createClinic(ctx.app.db);
    cookie = await sessionCookie(ctx.app, 'clinic', clinic.id);
    doctorId = (await createDoctor(ctx.app.db, clinic.id, { name: 'Dr. Hina Wani', settings: { maxSlots: 10 } })).id;
    for (const [fullName, company] of [
      ['Aamir Rep', 'Cipla'],
      ['Bilal Rep', 'Lupin'],
      ['Chanda Rep', 'Zydus'],
      ['Danish Rep', 'Abbott'],
      ['Esha Rep', 'Mankind'],
    ] as const) {
      const rep = await createSubscribedRep(ctx.app.db, { fullName, company });
      reps.push({ ...rep, cookie: await sessionCookie(ctx.app, 'medrep', rep.id) });
    }
  });

  const save = (body: object) => ctx.app.inject({ method: 'POST', url: '/api/clinic/settings', headers: { cookie }, payload: body });
  const hours = (visitWindows: object[] | undefined, slotMinutes?: number) =>
    save({ clinicId: clinic.id, doctorId, maxSlots: 10, callFrequency: 7, availableDays: { wednesday: true, thursday: true }, visitWindows, slotMinutes });
  const book = async (rep: (typeof reps)[number], date: string, startTime?: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/book-appointment',
      headers: { cookie: rep.cookie },
      payload: { doctorId, clinicId: clinic.id, repId: rep.id, appointmentDate: date, ...(startTime && { startTime }) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().appointment.id as number;
  };
  const cancelVisits = (body: object, c = cookie) =>
    ctx.app.inject({ method: 'POST', url: '/api/clinic/cancel-visits', headers: { cookie: c }, payload: body });
  const statusOf = async (id: number) => (await ctx.app.db.select().from(doctorAppointments).where(eq(doctorAppointments.id, id)))[0]!;
  const outsideOf = (res: { json(): { outsideWindows: Array<{ id: number; appointment_date: string; start_time: string | null }> } }) =>
    res.json().outsideWindows.map((a) => [a.appointment_date, a.start_time, a.id]);

  it('lists, after narrowing the hours, the visits whose time is no longer offered, keeping every visit at its time', async () => {
    // Booked before the doctor had hours: a visit without a time.
    ids.untimed = await book(reps[0]!, '2026-03-05');
    const set = await hours([{ start: '15:30', end: '16:30' }], 15);
    expect(set.statusCode).toBe(200);
    expect(outsideOf(set)).toEqual([['2026-03-05', null, ids.untimed]]);

    ids.at1530 = await book(reps[1]!, '2026-03-04', '15:30');
    ids.at1615 = await book(reps[2]!, '2026-03-04', '16:15');
    ids.at1545 = await book(reps[3]!, '2026-03-04', '15:45');
    // Neither a past visit nor a cancelled one is listed.
    await createAppointment(ctx.app.db, { doctorId, clinicId: clinic.id, repId: reps[4]!.id, appointmentDate: '2026-02-25', startTime: '16:15' });
    await createAppointment(ctx.app.db, {
      doctorId,
      clinicId: clinic.id,
      repId: reps[4]!.id,
      appointmentDate: '2026-03-04',
      startTime: '16:00',
      status: 'cancelled',
    });

    const narrowed = await hours([{ start: '15:30', end: '16:00' }], 15);
    expect(narrowed.statusCode).toBe(200);
    // The day's order: by date, then time; the untimed visit after the timed ones.
    expect(outsideOf(narrowed)).toEqual([
      ['2026-03-04', '16:15', ids.at1615],
      ['2026-03-05', null, ids.untimed],
    ]);
    expect(narrowed.json().outsideWindows[0]).toEqual({
      id: ids.at1615,
      appointment_date: '2026-03-04',
      start_time: '16:15',
      token: 3,
      rep_id: reps[2]!.id,
      doctor_id: doctorId,
      clinic_id: clinic.id,
      rep_name: 'Chanda Rep',
      company_name: 'Zydus',
      contact_number: reps[2]!.phone,
      status: 'booked',
      checked_in_at: null,
      check_in_received_at: null,
      outcome_at: null,
      outcome_by: null,
      requires_approval: false,
    });

    // A visit length that no longer starts a visit at 15:45 or 16:15 (15:30, 15:50, 16:10).
    expect(outsideOf(await hours([{ start: '15:30', end: '16:30' }], 20))).toEqual([
      ['2026-03-04', '15:45', ids.at1545],
      ['2026-03-04', '16:15', ids.at1615],
      ['2026-03-05', null, ids.untimed],
    ]);
    // Absent hours keep the stored ones, and are checked against them.
    const kept = await save({ clinicId: clinic.id, doctorId, maxSlots: 10, callFrequency: 7, availableDays: { wednesday: true, thursday: true } });
    expect(kept.json().settings).toMatchObject({ visitWindows: [{ start: '15:30', end: '16:30' }], slotMinutes: 20 });
    expect(outsideOf(kept)).toHaveLength(3);
    // The whole day again: nothing is outside.
    expect((await hours([])).json().outsideWindows).toEqual([]);

    for (const id of Object.values(ids)) expect((await statusOf(id)).status).toBe('booked');
    expect((await statusOf(ids.at1615)).startTime).toBe('16:15');
  });

  it('cancels the chosen visits, e-mails each rep with the reason and a calendar CANCEL, and leaves the days open', async () => {
    const narrowed = await hours([{ start: '15:30', end: '16:00' }], 15);
    const outside = narrowed.json().outsideWindows.map((a: { id: number }) => a.id);
    expect(outside).toEqual([ids.at1615, ids.untimed]);

    const res = await cancelVisits({ clinicId: clinic.id, doctorId, appointmentIds: outside });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: '2 visits cancelled', cancelledCount: 2, emailsSent: 2 });

    for (const [rep, date] of [
      [reps[2]!, '04/03/2026'],
      [reps[0]!, '05/03/2026'],
    ] as const) {
      const mail = await ctx.mailbox.waitFor(rep.email, (m) => m.text.includes(REASON));
      expect(mail.subject).toContain(`Appointment cancelled: Dr. Hina Wani on ${date}`);
      expect(mail.text).toContain('Lal Chowk Clinic');
      const ics = mail.attachments.find((a) => a.filename?.endsWith('.ics'));
      expect(ics!.content).toContain('METHOD:CANCEL');
    }
    await deliverOutbox(ctx);
    for (const untouched of [reps[1]!, reps[3]!]) expect(ctx.mailbox.to(untouched.email).some((m) => m.text.includes(REASON))).toBe(false);

    expect(await statusOf(ids.at1615)).toMatchObject({ status: 'cancelled', cancelReason: REASON, cancelledBy: 'clinic' });
    expect((await statusOf(ids.untimed)).status).toBe('cancelled');
    for (const id of [ids.at1530, ids.at1545]) expect((await statusOf(id)).status).toBe('booked');

    // The clinic's day view shows them cancelled; the kept ones keep their order.
    const day = await ctx.app.inject({
      method: 'GET',
      url: `/api/doctor-appointments?doctorId=${doctorId}&date=2026-03-04&clinicId=${clinic.id}`,
      headers: { cookie },
    });
    const active = day.json().appointments.filter((a: { status: string }) => a.status === 'booked');
    expect(active.map((a: { start_time: string; token: number }) => [a.start_time, a.token])).toEqual([
      ['15:30', 1],
      ['15:45', 2],
    ]);
    // Not a day closure: the doctor's days stay bookable.
    const closures = await ctx.app.db
      .select()
      .from(doctorDayClosures)
      .where(and(eq(doctorDayClosures.clinicId, clinic.id), eq(doctorDayClosures.doctorId, doctorId)));
    expect(closures).toEqual([]);
    await book(reps[0]!, '2026-03-05', '15:30');

    // A second press finds nothing left to cancel.
    expect((await cancelVisits({ clinicId: clinic.id, doctorId, appointmentIds: outside })).json()).toMatchObject({ cancelledCount: 0, emailsSent: 0 });
  });

  it("leaves past visits alone, and refuses another clinic's visits, another clinic, a rep and an empty list", async () => {
    const past = await createAppointment(ctx.app.db, { doctorId, clinicId: clinic.id, repId: reps[4]!.id, appointmentDate: '2026-02-27', startTime: '17:00' });
    const pastRes = await cancelVisits({ clinicId: clinic.id, doctorId, appointmentIds: [past.id] });
    expect(pastRes.json()).toMatchObject({ cancelledCount: 0, emailsSent: 0 });
    expect((await statusOf(past.id)).status).toBe('booked');

    // The same doctor's visit at another clinic, listed with one of ours: nothing is cancelled.
    const theirDoctor = await createDoctor(ctx.app.db, other.id);
    const rep = await createRep(ctx.app.db);
    const theirs = await createAppointment(ctx.app.db, { doctorId: theirDoctor.id, clinicId: other.id, repId: rep.id, appointmentDate: '2026-03-04' });
    const mixed = await cancelVisits({ clinicId: clinic.id, doctorId, appointmentIds: [ids.at1530, theirs.id] });
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json()).toEqual({ message: 'Appointment not found', code: 'not_found' });
    expect((await statusOf(ids.at1530)).status).toBe('booked');
    expect((await statusOf(theirs.id)).status).toBe('booked');
    expect((await cancelVisits({ clinicId: clinic.id, doctorId: theirDoctor.id, appointmentIds: [theirs.id] })).statusCode).toBe(404);

    const otherCookie = await sessionCookie(ctx.app, 'clinic', other.id);
    expect((await cancelVisits({ clinicId: clinic.id, doctorId, appointmentIds: [ids.at1530] }, otherCookie)).statusCode).toBe(403);
    expect((await cancelVisits({ clinicId: clinic.id, doctorId, appointmentIds: [ids.at1530] }, reps[1]!.cookie)).statusCode).toBe(401);
    const empty = await cancelVisits({ clinicId: clinic.id, doctorId, appointmentIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'Please select the visits to cancel.', code: 'validation_error' });
    expect((await statusOf(ids.at1530)).status).toBe('booked');
  });
});
