import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { clinicDoctors, clinicDoctorSettings, doctorAppointments } from '../../db/schema';
import { describeEachDatabase } from '../../test/harness';
import { createAppointment, createClinic, createDoctor, createRep, sessionCookie } from '../../test/factories';

describeEachDatabase('clinic doctors', (ctx) => {
  let clinic: Awaited<ReturnType<typeof createClinic>>;
  let other: Awaited<ReturnType<typeof createClinic>>;
  let cookie: string;
  let otherCookie: string;

  beforeAll(async () => {
    clinic = await createClinic(ctx.app.db, { state: 'Jammu and Kashmir', city: 'Baramulla' });
    other = await createClinic(ctx.app.db, { state: 'Jammu and Kashmir', city: 'Srinagar', clinicName: 'Lake View Clinic' });
    cookie = await sessionCookie(ctx.app, 'clinic', clinic.id);
    otherCookie = await sessionCookie(ctx.app, 'clinic', other.id);
  });

  const addNew = (body: Record<string, unknown>, c = cookie) =>
    ctx.app.inject({ method: 'POST', url: '/api/clinic/doctors', headers: { cookie: c }, payload: body });

  describe('adding a new doctor', () => {
    it('creates him at the clinic state and city, links him, gives him default settings, and lists him first as Primary', async () => {
      const res = await addNew({ clinicId: clinic.id, name: '  Dr. Aamir Shah ', specialty: 'Cardiology', state: 'Delhi', city: 'Other' });
      expect(res.statusCode).toBe(201);
      const { doctor } = res.json();
      expect(doctor).toMatchObject({ name: 'Dr. Aamir Shah', specialty: 'Cardiology', state: 'Jammu and Kashmir', city: 'Baramulla' });
      expect(doctor.id).toBeGreaterThan(0);

      ctx.clock.advanceMinutes(1);
      const second = (await addNew({ clinicId: clinic.id, name: 'Dr. Bilal Dar', specialty: 'Urology' })).json().doctor;
      const list = await ctx.app.inject({ method: 'GET', url: `/api/clinic/doctors/${clinic.id}`, headers: { cookie } });
      expect(list.statusCode).toBe(200);
      expect(list.json().doctors.map((d: { id: number }) => d.id)).toEqual([doctor.id, second.id]);
      expect(list.json().doctors[0]).toEqual({ id: doctor.id, name: 'Dr. Aamir Shah', specialty: 'Cardiology', city: 'Baramulla', state: 'Jammu and Kashmir' });

      const settings = await ctx.app.inject({ method: 'GET', url: `/api/clinic/settings/${clinic.id}?doctorId=${doctor.id}`, headers: { cookie } });
      expect(settings.json().settings).toMatchObject({
        maxSlots: 3,
        callFrequency: 7,
        doctorName: 'Dr. Aamir Shah',
        availableDays: { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: false, sunday: false },
      });
    });

    it.each([
      [{ name: '   ', specialty: 'Cardiology' }],
      [{ name: 'Dr. X', specialty: '' }],
      [{ name: 'Dr. X', specialty: 'Astrology' }],
      [{ specialty: 'Cardiology' }],
    ])('refuses missing information %j', async (body) => {
      const res = await addNew({ clinicId: clinic.id, ...body });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please provide both doctor name and specialty.');
    });

    it("refuses another clinic's id with 403 and a rep or nobody with 401", async () => {
      expect((await addNew({ clinicId: other.id, name: 'Dr. X', specialty: 'Cardiology' })).statusCode).toBe(403);
      const rep = await createRep(ctx.app.db);
      const repCookie = await sessionCookie(ctx.app, 'medrep', rep.id);
      expect((await addNew({ clinicId: clinic.id, name: 'Dr. X', specialty: 'Cardiology' }, repCookie)).statusCode).toBe(401);
      const anon = await ctx.app.inject({
        method: 'POST',
        url: '/api/clinic/doctors',
        payload: { clinicId: clinic.id, name: 'Dr. X', specialty: 'Cardiology' },
      });
      expect(anon.statusCode).toBe(401);
      const list = await ctx.app.inject({ method: 'GET', url: `/api/clinic/doctors/${other.id}`, headers: { cookie } });
      expect(list.statusCode).toBe(403);
    });
  });

  describe('existing doctors of the state', () => {
    it('lists doctors of other clinics in the same state with their clinic names, and links one', async () => {
      const shared = await createDoctor(ctx.app.db, other.id, { name: 'Dr. Shared Wani', specialty: 'Neurology' });
      const farClinic = await createClinic(ctx.app.db, { state: 'Kerala', city: 'Other' });
      const far = await createDoctor(ctx.app.db, farClinic.id, { name: 'Dr. Far Away', state: 'Kerala', city: 'Other' });

      const res = await ctx.app.inject({ method: 'GET', url: `/api/available-doctors/${clinic.id}`, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      const offered = res.json().doctors as Array<{ id: number; clinicNames: string[] }>;
      expect(offered.find((d) => d.id === shared.id)).toMatchObject({ name: 'Dr. Shared Wani', specialty: 'Neurology', clinicNames: ['Lake View Clinic'] });
      expect(offered.some((d) => d.id === far.id)).toBe(false);

      const link = await ctx.app.inject({
        method: 'POST',
        url: '/api/clinic/add-existing-doctor',
        headers: { cookie },
        payload: { clinicId: clinic.id, doctorId: shared.id },
      });
      expect(link.statusCode).toBe(200);
      expect(link.json().doctor).toMatchObject({ id: shared.id, name: 'Dr. Shared Wani' });

      const mine = await ctx.app.inject({ method: 'GET', url: `/api/clinic/doctors/${clinic.id}`, headers: { cookie } });
      expect(mine.json().doctors.at(-1).id).toBe(shared.id);
      const after = await ctx.app.inject({ method: 'GET', url: `/api/available-doctors/${clinic.id}`, headers: { cookie } });
      expect(after.json().doctors.some((d: { id: number }) => d.id === shared.id)).toBe(false);
      // Still one doctor, now at two clinics, each with its own settings.
      const rows = await ctx.app.db.select().from(clinicDoctorSettings).where(eq(clinicDoctorSettings.doctorId, shared.id));
      expect(rows.map((r) => r.clinicId).sort()).toEqual([clinic.id, other.id].sort());

      const again = await ctx.app.inject({
        method: 'POST',
        url: '/api/clinic/add-existing-doctor',
        headers: { cookie },
        payload: { clinicId: clinic.id, doctorId: shared.id },
      });
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe('Selected doctor not found');
      const outOfState = await ctx.app.inject({
        method: 'POST',
        url: '/api/clinic/add-existing-doctor',
        headers: { cookie },
        payload: { clinicId: clinic.id, doctorId: far.id },
      });
      expect(outOfState.statusCode).toBe(404);
      expect(outOfState.json().message).toBe('Selected doctor not found');
      const unknown = await ctx.app.inject({
        method: 'POST',
        url: '/api/clinic/add-existing-doctor',
        headers: { cookie },
        payload: { clinicId: clinic.id, doctorId: 999999 },
      });
      expect(unknown.statusCode).toBe(404);
    });

    it("refuses another clinic's ids", async () => {
      expect((await ctx.app.inject({ method: 'GET', url: `/api/available-doctors/${other.id}`, headers: { cookie } })).statusCode).toBe(403);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/clinic/add-existing-doctor',
        headers: { cookie: otherCookie },
        payload: { clinicId: clinic.id, doctorId: 1 },
      });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('removing a doctor', () => {
    it('unlinks him, drops the settings here, cancels his appointments here from today on and e-mails those reps', async () => {
      ctx.clock.set('2026-03-02T04:30:00.000Z'); // Monday 10:00 IST
      const doctor = await createDoctor(ctx.app.db, clinic.id, { name: 'Dr. Leaving Bhat' });
      await ctx.app.db.insert(clinicDoctors).values({ clinicId: other.id, doctorId: doctor.id });
      const rep = await createRep(ctx.app.db, { fullName: 'Nadia Rep' });
      const pastRep = await createRep(ctx.app.db);
      const future = await createAppointment(ctx.app.db, { doctorId: doctor.id, clinicId: clinic.id, repId: rep.id, appointmentDate: '2026-03-05' });
      const past = await createAppointment(ctx.app.db, { doctorId: doctor.id, clinicId: clinic.id, repId: pastRep.id, appointmentDate: '2026-02-27' });
      const elsewhere = await createAppointment(ctx.app.db, { doctorId: doctor.id, clinicId: other.id, repId: pastRep.id, appointmentDate: '2026-03-06' });

      const denied = await ctx.app.inject({ method: 'DELETE', url: `/api/clinic/doctors/${clinic.id}/${doctor.id}`, headers: { cookie: otherCookie } });
      expect(denied.statusCode).toBe(403);

      const res = await ctx.app.inject({ method: 'DELETE', url: `/api/clinic/doctors/${clinic.id}/${doctor.id}`, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ cancelledCount: 1 });

      const mail = await ctx.mailbox.waitFor(rep.email, (m) => m.subject.includes('cancelled'));
      expect(mail.text).toContain('Doctor removed from clinic');
      expect(mail.text).toContain('05/03/2026');

      const byId = async (id: number) => (await ctx.app.db.select().from(doctorAppointments).where(eq(doctorAppointments.id, id)))[0]!;
      expect(await byId(future.id)).toMatchObject({ status: 'cancelled', cancelledBy: 'clinic', cancelReason: 'Doctor removed from clinic' });
      expect((await byId(past.id)).status).toBe('booked');
      expect((await byId(elsewhere.id)).status).toBe('booked');
      const settings = await ctx.app.db
        .select()
        .from(clinicDoctorSettings)
        .where(and(eq(clinicDoctorSettings.clinicId, clinic.id), eq(clinicDoctorSettings.doctorId, doctor.id)));
      expect(settings).toHaveLength(0);
      const list = await ctx.app.inject({ method: 'GET', url: `/api/clinic/doctors/${clinic.id}`, headers: { cookie } });
      expect(list.json().doctors.some((d: { id: number }) => d.id === doctor.id)).toBe(false);
      const otherList = await ctx.app.inject({ method: 'GET', url: `/api/clinic/doctors/${other.id}`, headers: { cookie: otherCookie } });
      expect(otherList.json().doctors.some((d: { id: number }) => d.id === doctor.id)).toBe(true);

      const twice = await ctx.app.inject({ method: 'DELETE', url: `/api/clinic/doctors/${clinic.id}/${doctor.id}`, headers: { cookie } });
      expect(twice.statusCode).toBe(404);
    });

    it("answers 404 for another clinic's doctor", async () => {
      const theirs = await createDoctor(ctx.app.db, other.id);
      const res = await ctx.app.inject({ method: 'DELETE', url: `/api/clinic/doctors/${clinic.id}/${theirs.id}`, headers: { cookie } });
      expect(res.statusCode).toBe(404);
    });
  });
});

describeEachDatabase('clinic routes and hostile ids', (ctx) => {
  it('answers 4xx with a message, never 5xx, for ids that are not ids or too large, and names with control characters', async () => {
    const clinic = await createClinic(ctx.app.db);
    const cookie = await sessionCookie(ctx.app, 'clinic', clinic.id);
    const answers = await Promise.all([
      ctx.app.inject({ method: 'GET', url: '/api/clinic/doctors/abc', headers: { cookie } }),
      ctx.app.inject({ method: 'GET', url: '/api/clinic/doctors/99999999999', headers: { cookie } }),
      ctx.app.inject({ method: 'GET', url: `/api/clinic/settings/${clinic.id}?doctorId=99999999999`, headers: { cookie } }),
      ctx.app.inject({ method: 'GET', url: `/api/doctor-appointments?doctorId=1e12`, headers: { cookie } }),
      ctx.app.inject({ method: 'DELETE', url: `/api/clinic/doctors/${clinic.id}/-1`, headers: { cookie } }),
      ctx.app.inject({
        method: 'POST',
        url: '/api/clinic/doctors',
        headers: { cookie },
        payload: { clinicId: clinic.id, name: 'Dr. \u0000Evil', specialty: 'Cardiology' },
      }),
      ctx.app.inject({ method: 'POST', url: '/api/clinic/add-existing-doctor', headers: { cookie }, payload: { clinicId: clinic.id, doctorId: 'x' } }),
      ctx.app.inject({
        method: 'POST',
        url: '/api/clinic/cancel-today-calls',
        headers: { cookie },
        payload: { clinicId: clinic.id, doctorId: 2 ** 40, date: '2026-03-02', reason: 'Clinic will be closed today' },
      }),
    ]);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.json().message).toBeTruthy();
    }
  });
});
