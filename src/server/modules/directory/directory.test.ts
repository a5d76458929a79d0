import { expect, it } from 'vitest';
import { INDIAN_STATES } from '../../../shared/constants';
import { clinicDoctors, clinicDoctorSettings } from '../../db/schema';
import { describeEachDatabase } from '../../test/harness';
import { createClinic, createDoctor, createSubscribedRep, sessionCookie } from '../../test/factories';
import { isPlaceCached } from './directory.service';

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
    expect(res.json()).toEqual({ doctors: [{ id: bookable.id, name: 'Dr. Anil', specialty: 'Cardiology' }], nextCursor: null });
    expect((await get('/api/doctors/locations?state=Kerala&city=Kochi&specialty=Neurology')).json()).toEqual({ doctors: [], nextCursor: null });
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

describeEachDatabase('the doctors of a place, a page at a time and searched by name', (ctx) => {
  let cookie = '';
  const FIRST = ['Anil', 'bhavna', 'Chetan', 'Deepa', 'Esha', 'Farhan', 'Gita', 'Harsh', 'Isha', 'Jatin', 'Kavya'];
  const LAST = ['Sharma', 'Kaul', 'Mir', 'Rao', 'Iyer'];
  const names = FIRST.flatMap((f) => LAST.map((l) => `Dr. ${f} ${l}`)).slice(0, 53);
  const inOrder = [...names].sort((a, b) => a.localeCompare(b, 'en'));
  type Page = { doctors: Array<{ id: number; name: string; specialty: string }>; nextCursor: string | null };

  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
  const base = '/api/doctors/locations?state=Goa&city=Other&specialty=Cardiology';

  /** Every page of `url`, following the cursors. */
  async function allPages(url: string): Promise<Page[]> {
    const pages: Page[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(cursor ? `${url}&cursor=${encodeURIComponent(cursor)}` : url);
      expect(res.statusCode).toBe(200);
      const page = res.json<Page>();
      pages.push(page);
      cursor = page.nextCursor;
    } while (cursor && pages.length < 10);
    return pages;
  }

  it('sets up 53 cardiologists in Goa and one in Kerala', async () => {
    const goa = await createClinic(ctx.app.db, { state: 'Goa', city: 'Other' });
    for (const name of names) await createDoctor(ctx.app.db, goa.id, { name, specialty: 'Cardiology', state: 'Goa', city: 'Other' });
    await createDoctor(ctx.app.db, goa.id, { name: 'Dr. Sharma Child', specialty: 'Pediatrics', state: 'Goa', city: 'Other' });
    const kochi = await createClinic(ctx.app.db, { state: 'Kerala', city: 'Kochi' });
    await createDoctor(ctx.app.db, kochi.id, { name: 'Dr. Kochi', specialty: 'Cardiology', state: 'Kerala', city: 'Kochi' });
    cookie = await sessionCookie(ctx.app, 'medrep', (await createSubscribedRep(ctx.app.db)).id);
  });

  it('answers 50 doctors in name order and a cursor to the rest when no limit is asked', async () => {
    const pages = await allPages(base);
    expect(pages.map((p) => p.doctors.length)).toEqual([50, 3]);
    expect(pages[1]!.nextCursor).toBeNull();
    expect(pages.flatMap((p) => p.doctors.map((d) => d.name))).toEqual(inOrder);
    expect(pages.flatMap((p) => p.doctors.map((d) => d.specialty))).toEqual(inOrder.map(() => 'Cardiology'));
  });

  it('pages by the limit asked, without overlap or gap', async () => {
    const pages = await allPages(`${base}&limit=20`);
    expect(pages.map((p) => p.doctors.length)).toEqual([20, 20, 13]);
    const ids = pages.flatMap((p) => p.doctors.map((d) => d.id));
    expect(new Set(ids).size).toBe(53);
    expect(pages.flatMap((p) => p.doctors.map((d) => d.name))).toEqual(inOrder);
  });

  it('searches the names in any case, and pages the matches', async () => {
    const sharmas = inOrder.filter((n) => n.includes('Sharma'));
    expect(sharmas).toHaveLength(11);
    const pages = await allPages(`${base}&q=${encodeURIComponent(' sHARMA ')}&limit=4`);
    expect(pages.map((p) => p.doctors.length)).toEqual([4, 4, 3]);
    expect(pages.flatMap((p) => p.doctors.map((d) => d.name))).toEqual(sharmas);
    expect((await get(`${base}&q=bhav`)).json<Page>().doctors.map((d) => d.name)).toEqual(inOrder.filter((n) => n.includes('bhavna')));
    expect((await get(`${base}&q=nobody`)).json()).toEqual({ doctors: [], nextCursor: null });
  });

  it('refuses a limit out of range, a cursor it did not make and a search too long', async () => {
    for (const bad of ['limit=0', 'limit=201', 'limit=abc', `q=${'a'.repeat(101)}`]) {
      const res = await get(`${base}&${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const res = await get(`${base}&cursor=not-a-cursor`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_cursor');
  });

  it('a doctor added in one place drops only that place from the cache', async () => {
    const goa = { state: 'Goa', city: 'Other' };
    const kochi = { state: 'Kerala', city: 'Kochi' };
    expect((await get('/api/doctors/locations?state=Kerala&city=Kochi&specialty=Cardiology')).json<Page>().doctors).toHaveLength(1);
    expect(isPlaceCached(ctx.app, goa) && isPlaceCached(ctx.app, kochi)).toBe(true);
    const clinic = await createClinic(ctx.app.db, goa);
    await createDoctor(ctx.app.db, clinic.id, { name: 'Dr. Aaron Newcomer', specialty: 'Cardiology', ...goa });
    expect(isPlaceCached(ctx.app, goa)).toBe(false);
    expect(isPlaceCached(ctx.app, kochi)).toBe(true);
    expect((await get(`${base}&limit=1`)).json<Page>().doctors[0]!.name).toBe('Dr. Aaron Newcomer');
  });

  it("the first page, written once for the place's cached partition, shows a doctor added since", async () => {
    const goa = { state: 'Goa', city: 'Other' };
    const before = (await get(base)).json<Page>().doctors;
    expect((await get(base)).json<Page>().doctors).toEqual(before);
    const clinic = await createClinic(ctx.app.db, goa);
    await createDoctor(ctx.app.db, clinic.id, { name: 'Dr. Aaron Firstpage', specialty: 'Cardiology', ...goa });
    const after = (await get(base)).json<Page>().doctors;
    expect(after[0]!.name).toBe('Dr. Aaron Firstpage');
    expect(after.slice(1)).toEqual(before.slice(0, after.length - 1));
  });
});

describeEachDatabase("the clinic step keeps to the rep's state and city", (ctx) => {
  it('lists only the clinics in the chosen city; without a place, all of them', async () => {
    ctx.clock.set('2026-03-02T04:30:00.000Z');
    const db = ctx.app.db;
    const srinagar = await createClinic(db, { state: 'Jammu and Kashmir', city: 'Srinagar', clinicName: 'Srinagar Care Clinic' });
    const anantnag = await createClinic(db, { state: 'Jammu and Kashmir', city: 'Anantnag', clinicName: 'Anantnag Health Centre' });
    const farooq = await createDoctor(db, srinagar.id, { name: 'Dr. Farooq Ahmad', specialty: 'Cardiology', state: 'Jammu and Kashmir', city: 'Srinagar' });
    await db.insert(clinicDoctors).values({ clinicId: anantnag.id, doctorId: farooq.id });
    await db.insert(clinicDoctorSettings).values({ clinicId: anantnag.id, doctorId: farooq.id, doctorName: farooq.name, availableDays: { monday: true } });
    const cookie = await sessionCookie(ctx.app, 'medrep', (await createSubscribedRep(db)).id);
    const clinics = async (query: string) => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/clinics-by-doctor?doctorId=${farooq.id}${query}`, headers: { cookie } });
      expect(res.statusCode, query).toBe(200);
      return res.json<{ clinics: { clinic_name: string; city: string }[] }>().clinics.map((c) => `${c.clinic_name} (${c.city})`);
    };
    const both = ['Anantnag Health Centre (Anantnag)', 'Srinagar Care Clinic (Srinagar)'];

    // Read without a place first, so the filtered answers below come from the same cached list.
    expect(await clinics('')).toEqual(both);
    expect(await clinics('&state=Jammu%20and%20Kashmir&city=Anantnag')).toEqual(['Anantnag Health Centre (Anantnag)']);
    expect(await clinics('&state=Jammu%20and%20Kashmir&city=Srinagar')).toEqual(['Srinagar Care Clinic (Srinagar)']);
    expect(await clinics('&state=Jammu%20and%20Kashmir')).toEqual(both);
    expect(await clinics('&state=Kerala&city=Anantnag')).toEqual([]);
    expect(await clinics('&state=Jammu%20and%20Kashmir&city=Baramulla')).toEqual([]);

    const blank = await ctx.app.inject({ method: 'GET', url: `/api/clinics-by-doctor?doctorId=${farooq.id}&city=%20`, headers: { cookie } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Please select a city');
  });
});
