import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { doctorAppointments } from '../../db/schema';
import { describeEachDatabase } from '../../test/harness';
import { createClinic, createDoctor, createSubscribedRep, sessionCookie } from '../../test/factories';

// spec part 2, 5: "The rep must be logged in ('You must be logged in to book an appointment')". A rep whose session
// has ended (expired, signed out, or never there) is told so in those words, and nothing is booked.
const MUST_BE_LOGGED_IN = 'You must be logged in to book an appointment';
const NOW = '2026-03-02T04:30:00.000Z'; // Monday 2 March 2026, 10:00 in India

describeEachDatabase('booking without a rep session', (ctx) => {
  beforeEach(() => ctx.clock.set(NOW));

  async function world() {
    const db = ctx.app.db;
    const clinic = await createClinic(db, { clinicName: 'Lake View Clinic', city: 'Srinagar', state: 'Jammu and Kashmir' });
    const doctor = await createDoctor(db, clinic.id, { name: 'Dr. Mir Qasim', specialty: 'Cardiology' });
    const rep = await createSubscribedRep(db);
    return { clinic, doctor, rep };
  }

  const book = (w: Awaited<ReturnType<typeof world>>, cookie: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/book-appointment',
      headers: { cookie },
      payload: { doctorId: w.doctor.id, clinicId: w.clinic.id, repId: w.rep.id, appointmentDate: '2026-03-04' },
    });

  it("answers 401 with the spec's text when the session has expired, is missing or is not a rep's", async () => {
    const w = await world();
    const repCookie = await sessionCookie(ctx.app, 'medrep', w.rep.id);
    const clinicCookie = await sessionCookie(ctx.app, 'clinic', w.clinic.id);
    // A browser session lasts 12 hours: the next morning it has expired.
    ctx.clock.set('2026-03-02T17:00:00.000Z');

    for (const [label, cookie] of [
      ['expired', repCookie],
      ['none', ''],
      ['unknown', 'rv_session=not-a-session'],
      ['clinic', clinicCookie],
    ] as const) {
      const res = await book(w, cookie);
      expect(res.statusCode, label).toBe(401);
      expect(res.json(), label).toEqual({ message: MUST_BE_LOGGED_IN, code: 'unauthorized' });
    }
    const rows = await ctx.app.db.select().from(doctorAppointments).where(eq(doctorAppointments.doctorId, w.doctor.id));
    expect(rows).toHaveLength(0);
  });

  it("keeps the other rep calls' generic 401", async () => {
    const w = await world();
    const res = await ctx.app.inject({ method: 'GET', url: `/api/rep-appointments?repId=${w.rep.id}` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: 'Please log in to continue.', code: 'unauthorized' });
  });
});
