import { expect, it } from 'vitest';
import { INDIAN_STATES } from '../../../shared/constants';
import { clinicDoctors, clinicDoctorSettings } from '../../db/schema';
import { describeEachDatabase } from '../../test/harness';
import { createClinic, createDoctor, createSubscribedRep, sessionCookie } from '../../test/factories';

const NO_DAYS = { monday: false, tuesday: false, wednesday: false, thursday: false, friday: false, saturday: false, sunday: false };

describeEachDatabase('find-a-doctor cascade', (ctx) => {
  let cookie = '';
  let bookable: { id: number; name: string };
  let clinicA: { id: number; clinicName: string };
  let clinicC: { id: number; clinicName: string };

  const get = (url: string, withCookie = true) => ctx.app.inject({ method: 'GET', url, headers: withCookie ? { cookie } : {} });

  it('sets up clinics in Kerala: bookable, without settings, without days, inactive clinic', async () => {
    ctx.clock.set('2026-03-02T04:30:00.000Z');
    const db = ctx.app.db;
    clinicA = await createClinic(db, { state: 'Kerala', city: 'Kochi', clinicName: 'Alpha Clinic' });
    clinicC = await createClinic(db, { state: 'Kerala', city: 'Kochi', clinicName: 'Charlie Clinic' });
    const inactive = await createClinic(db, { state: 'Kerala', city: 'Munnar', status: 'inactive' });
    const noDays = await createClinic(db, { state: 'Kerala', city: 'Alappuzha' });
    bookable = await createDoctor(db, clinicA.id, { name: 'Dr. Anil', specialty: 'Cardiology', state: 'Kerala', city: 'Kochi' });
    // The same doctor also practises at clinic C.
    await db.insert(clinicDoctors).values({ clinicId: clinicC.id, doctorId: bookable.id });
    await db.insert(clinicDoctorSettings).values({
      clinicId: clinicC.id,
      doctorId: bookable.id,
      doctorName: bookable.name,
      availableDays: { monday: true },
    });
    await createDoctor(db, clinicA.id, { name: 'Dr. NoSettings', specialty: 'Neurology', state: 'Kerala', city: 'Kochi', settings: null });
    await createDoctor(db, noDays.id, {
      name: 'Dr. NoDays',
      specialty: 'Dermatology',
      state: 'Kerala',
      city: 'Alappuzha',
      settings: { availableDays: NO_DAYS },
    });
    await createDoctor(db, inactive.id, { name: 'Dr. Closed', specialty: 'Cardiology', state: 'Kerala', city: 'Munnar' });
    const rep = await createSubscribedRep(db);
    cookie = await sessionCookie(ctx.app, 'medrep', rep.id);
  });

  it('lists all 36 states publicly for registration', async () => {
    const res = await get('/api/available-states', false);
    expect(res.statusCode).toBe(200);
    expect(res.json().states).toEqual([...INDIAN_STATES]);
    expect(res.json().states).toHaveLength(36);
  });

  it('lists only states with a bookable doctor for a signed-in rep', async () => {
    expect((await get('/api/available-states?bookable=true', false)).statusCode).toBe(401);
    const res = await get('/api/available-states?bookable=true');
    expect(res.statusCode).toBe(200);
    expect(res.json().states).toEqual(['Kerala']);
  });

  it('lists only cities that lead to a bookable doctor', async () => {
    expect((await get('/api/cities-by-state?state=Kerala', false)).statusCode).toBe(401);
    expect((await get('/api/cities-by-state?state=Kerala')).json()).toEqual({ cities: ['Kochi'] });
    expect((await get('/api/cities-by-state?state=Goa')).json()).toEqual({ cities: [] });
    expect((await get('/api/cities-by-state')).statusCode).toBe(400);
  });

  it('lists specialties of bookable doctors in the city', async () => {
    expect((await get('/api/doctors/specialties?state=Kerala&city=Kochi')).json()).toEqual({ specialties: ['Cardiology'] });
    expect((await get('/api/doctors/specialties?state=Kerala&city=Munnar')).json()).toEqual({ specialties: [] });
  });

  it('lists a doctor linked to several clinics once', async () => {
    const res = await get('/api/doctors/locations?state=Kerala&city=Kochi&specialty=Cardiology');
    expect(res.json()).toEqual({ doctors: [{ id: bookable.id, name: 'Dr. Anil', specialty: 'Cardiology' }] });
    expect((await get('/api/doctors/locations?state=Kerala&city=Kochi&specialty=Neurology')).json()).toEqual({ doctors: [] });
  });

  it('lists the clinics where the doctor can be booked', async () => {
    const res = await get(`/api/clinics-by-doctor?doctorId=${bookable.id}`);
    expect(res.json()).toEqual({
      clinics: [
        { id: clinicA.id, clinic_name: 'Alpha Clinic', city: 'Kochi', state: 'Kerala' },
        { id: clinicC.id, clinic_name: 'Charlie Clinic', city: 'Kochi', state: 'Kerala' },
      ],
    });
    expect((await get('/api/clinics-by-doctor?doctorId=abc')).statusCode).toBe(400);
  });

  it('refuses the cascade to a clinic session', async () => {
    const clinicCookie = await sessionCookie(ctx.app, 'clinic', clinicA.id);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/cities-by-state?state=Kerala', headers: { cookie: clinicCookie } });
    expect(res.statusCode).toBe(401);
  });
});
