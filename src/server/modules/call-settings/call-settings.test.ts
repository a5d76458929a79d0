import { beforeAll, describe, expect, it } from 'vitest';
import { VISIT_WINDOW_MESSAGES } from '../../../shared/booking/visit-windows';
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
    const expected = {
      clinicId: clinic.id,
      doctorId,
      doctorName: 'Dr. Settings Lone',
      maxSlots: 5,
      callFrequency: 14,
      availableDays: days,
      // No visiting hours yet: the whole day, 15-minute visits (decision 039).
      visitWindows: [],
      slotMinutes: 15,
      // Bookings need no confirmation unless the clinic asks for it (decision 041).
      requiresApproval: false,
      // The clinic keeps them itself unless it lets the doctor's login manage them (decision 073).
      doctorManagesSettings: false,
    };
    expect(res.json()).toEqual({ settings: expected, message: 'Settings saved successfully', outsideWindows: [] });
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

  describe('visiting hours (decision 039)', () => {
    const base = () => ({ clinicId: clinic.id, doctorId, maxSlots: 6, callFrequency: 7, availableDays: { monday: true } });

    it('saves windows and visit length in camelCase, kept earliest first, and reads them back', async () => {
      const res = await save({
        ...base(),
        visitWindows: [
          { start: '18:00', end: '19:00' },
          { start: '15:30', end: '17:00' },
        ],
        slotMinutes: 20,
      });
      expect(res.statusCode).toBe(200);
      const windows = [
        { start: '15:30', end: '17:00' },
        { start: '18:00', end: '19:00' },
      ];
      expect(res.json().settings).toMatchObject({ visitWindows: windows, slotMinutes: 20 });
      expect((await load()).json().settings).toMatchObject({ visitWindows: windows, slotMinutes: 20 });
    });

    it('accepts snake_case with the windows as a JSON string (as availableDays may come)', async () => {
      const res = await save({
        clinic_id: clinic.id,
        doctor_id: doctorId,
        max_slots: 6,
        visit_windows: JSON.stringify([{ start: '09:00', end: '10:00' }]),
        slot_minutes: '10',
      });
      expect(res.statusCode).toBe(200);
      expect((await load()).json().settings).toMatchObject({ visitWindows: [{ start: '09:00', end: '10:00' }], slotMinutes: 10 });
    });

    it('keeps the stored windows and length when a save leaves them out; [] is the whole day again', async () => {
      await save({ ...base(), visitWindows: [{ start: '11:00', end: '12:00' }], slotMinutes: 30 });
      const older = await save({ ...base(), maxSlots: 4 });
      expect(older.statusCode).toBe(200);
      expect(older.json().settings).toMatchObject({ maxSlots: 4, visitWindows: [{ start: '11:00', end: '12:00' }], slotMinutes: 30 });
      expect((await load()).json().settings).toMatchObject({ maxSlots: 4, visitWindows: [{ start: '11:00', end: '12:00' }], slotMinutes: 30 });
      const onlyLength = await save({ ...base(), slotMinutes: 15 });
      expect(onlyLength.json().settings).toMatchObject({ visitWindows: [{ start: '11:00', end: '12:00' }], slotMinutes: 15 });
      const cleared = await save({ ...base(), visitWindows: [] });
      expect(cleared.json().settings).toMatchObject({ visitWindows: [], slotMinutes: 15 });
      expect((await load()).json().settings.visitWindows).toEqual([]);
    });

    const w = (start: string, end: string) => ({ start, end });
    it.each([
      [
        'four windows',
        { visitWindows: [w('08:00', '09:00'), w('10:00', '11:00'), w('12:00', '13:00'), w('14:00', '15:00')] },
        'Add at most 3 visiting windows.',
      ],
      ['a time that is not HH:MM', { visitWindows: [w('3:30 PM', '17:00')] }, VISIT_WINDOW_MESSAGES.time],
      ['an hour past 23', { visitWindows: [w('15:30', '24:00')] }, VISIT_WINDOW_MESSAGES.time],
      ['a window without an end', { visitWindows: [{ start: '15:30' }] }, VISIT_WINDOW_MESSAGES.time],
      ['windows that are not a list', { visitWindows: '{not json' }, VISIT_WINDOW_MESSAGES.time],
      ['an end before the start', { visitWindows: [w('17:00', '15:30')] }, VISIT_WINDOW_MESSAGES.order],
      ['an end equal to the start', { visitWindows: [w('15:30', '15:30')] }, VISIT_WINDOW_MESSAGES.order],
      ['overlapping windows', { visitWindows: [w('15:30', '17:00'), w('16:30', '18:00')] }, VISIT_WINDOW_MESSAGES.overlap],
      ['a window shorter than one visit', { visitWindows: [w('15:30', '15:40')], slotMinutes: 15 }, VISIT_WINDOW_MESSAGES.tooShort],
      ['a visit length of 4', { slotMinutes: 4 }, 'Visit length must be between 5 and 60 minutes.'],
      ['a visit length of 61', { slotMinutes: 61 }, 'Visit length must be between 5 and 60 minutes.'],
      ['a visit length of 7.5', { slotMinutes: 7.5 }, 'Visit length must be between 5 and 60 minutes.'],
      ['a visit length in words', { slotMinutes: 'fifteen' }, 'Visit length must be between 5 and 60 minutes.'],
    ])('refuses %s with 400, the message and a code, saving nothing', async (_name, patch, message) => {
      const before = (await load()).json().settings;
      const res = await save({ ...base(), ...patch });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, code: 'validation_error' });
      expect((await load()).json().settings).toEqual(before);
    });

    it('says which window is wrong (field visitWindows.N.end), counting the windows earliest first', async () => {
      const res = await save({ ...base(), visitWindows: [w('18:00', '17:00'), w('09:00', '10:00')] });
      expect(res.json()).toMatchObject({ message: VISIT_WINDOW_MESSAGES.order, field: 'visitWindows.1.end' });
    });
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
