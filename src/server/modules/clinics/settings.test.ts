import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness';
import { createAppointment, createClinic, createDoctor, createRep, sessionCookie } from '../../test/factories';

describeEachDatabase('clinic call settings', (ctx) => {
  let clinic: Awaited<ReturnType<typeof createClinic>>;
  let other: Awaited<ReturnType<typeof createClinic>>;
  let cookie: string;
  let doctorId: number;

  beforeAll(async () => {
    clinic = await createClinic(ctx.app.db);
    other = await createClinic(ctx.app.db);
    cookie = await sessionCookie(ctx.app, 'clinic', clinic.id);
    doctorId = (await createDoctor(ctx.app.db, clinic.id, { name: 'Dr. Settings Lone', settings: null })).id;
  });

  const save = (body: unknown, c = cookie) => ctx.app.inject({ method: 'POST', url: '/api/clinic/settings', headers: { cookie: c }, payload: body as object });
  const load = (q = `doctorId=${doctorId}`, id = clinic.id, c = cookie) =>
    ctx.app.inject({ method: 'GET', url: `/api/clinic/settings/${id}?${q}`, headers: { cookie: c } });

  it('answers 404 before anything is saved', async () => {
    const res = await load();
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBeTruthy();
  });

  it('saves camelCase with availableDays as a JSON string (what the screen sends) and answers camelCase', async () => {
    const days = { monday: true, tuesday: false, wednesday: true, thursday: false, friday: true, saturday: true, sunday: false };
    const res = await save({ clinicId: clinic.id, doctorId, doctorName: 'anything', maxSlots: 5, callFrequency: 14, availableDays: JSON.stringify(days) });
    expect(res.statusCode).toBe(200);
    const expected = { clinicId: clinic.id, doctorId, doctorName: 'Dr. Settings Lone', maxSlots: 5, callFrequency: 14, availableDays: days };
    expect(res.json().settings).toEqual(expected);
    expect((await load()).json().settings).toEqual(expected);
  });

  it('accepts the snake_case names and availableDays as an object, updating the same row', async () => {
    const res = await save({
      clinic_id: clinic.id,
      doctor_id: doctorId,
      doctor_name: 'x',
      max_slots: '8',
      call_frequency: 28,
      available_days: { monday: true, sunday: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toMatchObject({
      maxSlots: 8,
      callFrequency: 28,
      availableDays: { monday: true, tuesday: false, wednesday: false, thursday: false, friday: false, saturday: false, sunday: true },
    });
  });

  it.each([
    [{ maxSlots: 0 }, 'Max slots must be between 1 and 100.'],
    [{ maxSlots: 101 }, 'Max slots must be between 1 and 100.'],
    [{ maxSlots: 2.5 }, 'Max slots must be between 1 and 100.'],
    [{ maxSlots: 'many' }, 'Max slots must be between 1 and 100.'],
    [{ callFrequency: 10 }, 'Call frequency must be 7, 14, 21 or 28 days.'],
    [{ availableDays: '{not json' }, 'Available days must list the seven weekdays as true or false.'],
    [{ availableDays: { monday: 'yes' } }, 'Available days must list the seven weekdays as true or false.'],
  ])('refuses %j with 400 and a message', async (patch, message) => {
    const res = await save({ clinicId: clinic.id, doctorId, maxSlots: 3, callFrequency: 7, availableDays: { monday: true }, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses a save without a doctor', async () => {
    const res = await save({ clinicId: clinic.id, maxSlots: 3 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please select a doctor before saving settings.');
  });

  it('lowering maxSlots keeps the bookings already made', async () => {
    const rep1 = await createRep(ctx.app.db);
    const rep2 = await createRep(ctx.app.db);
    await createAppointment(ctx.app.db, { doctorId, clinicId: clinic.id, repId: rep1.id, appointmentDate: '2026-03-04' });
    await createAppointment(ctx.app.db, { doctorId, clinicId: clinic.id, repId: rep2.id, appointmentDate: '2026-03-04' });
    expect((await save({ clinicId: clinic.id, doctorId, maxSlots: 1, callFrequency: 7, availableDays: { wednesday: true } })).statusCode).toBe(200);
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/doctor-appointments?doctorId=${doctorId}&date=2026-03-04&clinicId=${clinic.id}`,
      headers: { cookie },
    });
    expect(list.json().appointments.filter((a: { status: string }) => a.status === 'booked')).toHaveLength(2);
  });

  it("refuses another clinic's id (403), a doctor not linked here (404), a rep (401)", async () => {
    const otherCookie = await sessionCookie(ctx.app, 'clinic', other.id);
    expect((await load(`doctorId=${doctorId}`, clinic.id, otherCookie)).statusCode).toBe(403);
    expect((await save({ clinicId: clinic.id, doctorId, maxSlots: 3 }, otherCookie)).statusCode).toBe(403);
    const theirs = await createDoctor(ctx.app.db, other.id);
    expect((await load(`doctorId=${theirs.id}`)).statusCode).toBe(404);
    expect((await save({ clinicId: clinic.id, doctorId: theirs.id, maxSlots: 3 })).statusCode).toBe(404);
    const rep = await createRep(ctx.app.db);
    const repCookie = await sessionCookie(ctx.app, 'medrep', rep.id);
    expect((await load(`doctorId=${doctorId}`, clinic.id, repCookie)).statusCode).toBe(401);
    expect((await save({ clinicId: clinic.id, doctorId, maxSlots: 3 }, repCookie)).statusCode).toBe(401);
  });
});
