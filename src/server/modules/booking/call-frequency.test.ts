import { beforeEach, expect, it } from 'vitest';
import { clinicDoctors, clinicDoctorSettings } from '../../db/schema';
import { describeEachDatabase, type TestContext } from '../../test/harness';
import { createClinic, createDoctor, createSubscribedRep, sessionCookie } from '../../test/factories';

// Call frequency across the doctor's clinics (spec part 2, 5 and its intent, docs/decisions/034): no two of a
// rep's visits with one doctor, at any clinics, closer together than the frequency of the clinic being booked.
// Monday 2 March 2026, 10:00 in India.
const NOW = '2026-03-02T04:30:00.000Z';
const EVERY_DAY = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true };

/** Dr. Farooq at three clinics, 7 days' call frequency at each, and a subscribed rep signed in. */
async function doctorAtThreeClinics(ctx: TestContext) {
  const db = ctx.app.db;
  const clinics = [
    await createClinic(db, { clinicName: 'Srinagar Care Clinic', city: 'Srinagar' }),
    await createClinic(db, { clinicName: 'Anantnag Health Centre', city: 'Anantnag' }),
    await createClinic(db, { clinicName: 'Baramulla Family Clinic', city: 'Baramulla' }),
  ];
  const doctor = await createDoctor(db, clinics[0]!.id, { name: 'Dr. Farooq Ahmad', settings: { availableDays: EVERY_DAY, callFrequency: 7 } });
  for (const clinic of clinics.slice(1)) {
    await db.insert(clinicDoctors).values({ clinicId: clinic.id, doctorId: doctor.id });
    await db
      .insert(clinicDoctorSettings)
      .values({ clinicId: clinic.id, doctorId: doctor.id, doctorName: doctor.name, availableDays: EVERY_DAY, callFrequency: 7 });
  }
  const rep = await createSubscribedRep(db);
  const cookie = await sessionCookie(ctx.app, 'medrep', rep.id);
  const book = (clinicId: number, appointmentDate: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/book-appointment',
      headers: { cookie },
      payload: { doctorId: doctor.id, clinicId, repId: rep.id, appointmentDate },
    });
  const calendar = async (clinicId: number) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/booking/calendar?clinicId=${clinicId}&doctorId=${doctor.id}&month=2026-03`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ days: { date: string; selectable: boolean; reason: string | null; cutoff?: string }[] }>().days;
  };
  return { clinics: clinics.map((c) => c.id) as [number, number, number], book, calendar };
}

describeEachDatabase('call frequency across three clinics', (ctx) => {
  beforeEach(() => ctx.clock.set(NOW));

  it('refuses a visit a day after one at another clinic, though the earliest visit is weeks before', async () => {
    const { clinics, book, calendar } = await doctorAtThreeClinics(ctx);
    const [a, b, c] = clinics;
    // The third clinic's month, read (and cached) before the second booking: the booking must refresh it.
    expect((await calendar(c)).find((d) => d.date === '2026-03-20')).toMatchObject({ selectable: true });

    expect((await book(a, '2026-03-05')).statusCode).toBe(201);
    expect((await book(b, '2026-03-20')).statusCode).toBe(201);

    const tooClose = await book(c, '2026-03-21');
    expect(tooClose.statusCode).toBe(409);
    expect(tooClose.json()).toEqual({
      code: 'frequency',
      message: 'Due to call frequency restrictions, you cannot book an appointment before 27/03/2026. Please select a later date.',
    });
    // Before the 20th too: the 14th is only 6 days from it.
    expect((await book(c, '2026-03-14')).json().message).toBe(
      'Due to call frequency restrictions, you cannot book an appointment before 27/03/2026. Please select a later date.',
    );

    // The calendar marks the same days: the spec's freeze after the 5th, then 7 days either side of the 20th.
    const days = new Map((await calendar(c)).map((d) => [d.date, d]));
    expect(days.get('2026-03-12')).toMatchObject({ selectable: false, reason: 'frequency', cutoff: '2026-03-13' });
    expect(days.get('2026-03-13')).toMatchObject({ selectable: true, reason: null });
    for (const date of ['2026-03-14', '2026-03-19', '2026-03-21', '2026-03-26']) {
      expect(days.get(date), date).toMatchObject({ selectable: false, reason: 'frequency', cutoff: '2026-03-27' });
    }
    expect(days.get('2026-03-20')).toMatchObject({ selectable: false, reason: 'already_booked' });
    expect(days.get('2026-03-27')).toMatchObject({ selectable: true, reason: null });

    // A week after the 20th is allowed, and so is the day a week before it.
    expect((await book(c, '2026-03-27')).statusCode).toBe(201);
  });

  it('allows the day exactly the frequency before a later visit', async () => {
    const { clinics, book } = await doctorAtThreeClinics(ctx);
    const [a, b, c] = clinics;
    expect((await book(a, '2026-03-05')).statusCode).toBe(201);
    expect((await book(b, '2026-03-20')).statusCode).toBe(201);
    expect((await book(c, '2026-03-13')).statusCode).toBe(201);
  });
});
