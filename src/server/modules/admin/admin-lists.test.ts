import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { encodeCursor } from '../../db/keyset';
import { clinicDoctors } from '../../db/schema';
import { createAppointment, createClinic, createDoctor, createRep, createSubscribedRep } from '../../test/factories';
import { describeEachDatabase } from '../../test/harness';
import { ADMIN_ENV, adminCookie, call } from './admin-test-support';

// docs/decisions/022: the admin lists a page at a time, with the screens' filters applied by the server. The suite
// shares one database, so each test reads only its own rows through a filter (its own tag, its own year).

const tag = () => randomBytes(4).toString('hex');
type Row = { id: number };
type Total = { count: number; exact: boolean };
type Page<T> = { nextCursor: string | null; total?: Total; overall?: Total } & Record<string, T[]>;

describeEachDatabase(
  'admin lists: keyset pages, server-side filters, totals',
  (ctx) => {
    async function page<T = Row>(cookie: string, url: string): Promise<Page<T>> {
      const res = await call(ctx.app, 'GET', url, { cookie });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json();
    }

    /** Every page of `url` (which already has its query string), following nextCursor. */
    async function everyPage<T = Row>(cookie: string, url: string, key: string, between?: (pageNo: number) => Promise<void>): Promise<T[][]> {
      const pages: T[][] = [];
      let cursor: string | null = null;
      do {
        const p: Page<T> = await page<T>(cookie, cursor ? `${url}&cursor=${encodeURIComponent(cursor)}` : url);
        pages.push(p[key]!);
        cursor = p.nextCursor;
        if (pages.length > 1) expect(p.total ?? p.overall, 'the totals come with the first page only').toBeUndefined();
        if (cursor && between) await between(pages.length);
      } while (cursor);
      return pages;
    }

    async function appointmentWorld(doctorName: string) {
      const clinic = await createClinic(ctx.app.db);
      const doctor = await createDoctor(ctx.app.db, clinic.id, { name: doctorName });
      const reps = await Promise.all([0, 1, 2].map(() => createSubscribedRep(ctx.app.db)));
      const book = (appointmentDate: string, repIndex = 0, status = 'booked') =>
        createAppointment(ctx.app.db, { doctorId: doctor.id, clinicId: clinic.id, repId: reps[repIndex]!.id, appointmentDate, status });
      return { clinic, doctor, book };
    }

    it('pages through appointments latest date first; rows inserted between pages cause no overlap and no skip', async () => {
      const cookie = await adminCookie(ctx.app);
      const w = await appointmentWorld(`Dr. Paging ${tag()}`);
      // In the year 2031 that no other test uses; two on 15 March, split by the end of the first page (the id breaks the tie).
      const dates = ['2031-01-05', '2031-01-09', '2031-02-01', '2031-03-15', '2031-03-15', '2031-04-02', '2031-05-20'];
      const made = [];
      for (const [i, date] of dates.entries()) made.push(await w.book(date, i === 4 ? 1 : 0));
      const url = '/api/admin/appointments?from=2031-01-01&to=2031-12-31&limit=3';

      const first = await page(cookie, url);
      expect(first.total).toEqual({ count: 7, exact: true });
      const inserted: number[] = [];
      const pages = await everyPage(cookie, url, 'appointments', async (pageNo) => {
        if (pageNo !== 1) return;
        // Between pages 1 and 2: one dated before the cursor (already passed, not shown) and one after it (shown later).
        await w.book('2031-12-30', 2);
        inserted.push((await w.book('2031-01-02', 2)).id);
      });
      expect(pages.map((p) => p.length)).toEqual([3, 3, 2]);
      const ids = pages.flat().map((a) => a.id);
      expect(new Set(ids).size, 'no row twice').toBe(ids.length);
      const byDateDesc = [...made].sort((a, b) => b.appointmentDate.localeCompare(a.appointmentDate) || b.id - a.id).map((a) => a.id);
      expect(ids).toEqual([...byDateDesc, ...inserted]);
      expect(pages.flat().map((a) => (a as unknown as { appointment_date: string }).appointment_date)).toEqual([
        '2031-05-20',
        '2031-04-02',
        '2031-03-15',
        '2031-03-15',
        '2031-02-01',
        '2031-01-09',
        '2031-01-05',
        '2031-01-02',
      ]);
    });

    it('filters appointments on the server: doctor name (any case, wildcards literal), dates inclusive, status', async () => {
      const cookie = await adminCookie(ctx.app);
      const t = tag();
      const a = await appointmentWorld(`Dr. Hakim 100%_${t}`);
      const b = await appointmentWorld(`Dr. Other ${t}`);
      const a1 = await a.book('2032-03-01');
      const a2 = await a.book('2032-03-10', 1, 'cancelled');
      const a3 = await a.book('2032-03-20', 2, 'completed');
      const b1 = await b.book('2032-03-10');
      /** The ids matching `query`, within the year 2032 unless it says otherwise. */
      const ids = async (query: Record<string, string>) => {
        const qs = new URLSearchParams({ from: '2032-01-01', to: '2032-12-31', ...query });
        return (await page(cookie, `/api/admin/appointments?${qs.toString()}`)).appointments!.map((r) => r.id).sort((x, y) => x - y);
      };

      expect(await ids({ doctor: `hakim 100%_${t.toUpperCase()}` })).toEqual([a1.id, a2.id, a3.id]);
      // % and _ are letters here, not wildcards (as wildcards both would match "Dr. Hakim 100%_...").
      expect(await ids({ doctor: `hakim 1%${t}` })).toEqual([]);
      expect(await ids({ doctor: `hakim 10_%_${t}` })).toEqual([]);
      expect(await ids({ doctor: t })).toEqual([a1.id, a2.id, a3.id, b1.id]);
      expect(await ids({ doctor: t, status: 'cancelled' })).toEqual([a2.id]);
      expect(await ids({ doctor: t, from: '2032-03-10', to: '2032-03-20' })).toEqual([a2.id, a3.id, b1.id]);
      expect(await ids({ doctor: t, to: '2032-03-10', status: 'booked' })).toEqual([a1.id, b1.id]);
      // Empty form fields are no filter (an empty from date: every date up to the end of 2032).
      expect(await ids({ doctor: t, status: '', from: '' })).toEqual([a1.id, a2.id, a3.id, b1.id]);
      const counted = await page(cookie, `/api/admin/appointments?doctor=${t}&status=booked`);
      expect(counted.total).toEqual({ count: 2, exact: true });
      // 'Showing X of Y appointments' (spec part 2, 2.5): X the matching rows, Y every appointment, filters aside.
      const everything = await page(cookie, '/api/admin/appointments');
      expect(everything.overall).toEqual(everything.total);
      expect(counted.overall).toEqual(everything.total);
      expect(counted.overall!.count).toBeGreaterThan(counted.total!.count);

      const bad = await call(ctx.app, 'GET', '/api/admin/appointments?status=lost', { cookie });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'validation_error', message: 'Status must be booked, confirmed, completed, no_show or cancelled' });
      const badDate = await call(ctx.app, 'GET', '/api/admin/appointments?from=2032-02-30', { cookie });
      expect(badDate.statusCode).toBe(400);
      expect(badDate.json()).toMatchObject({ code: 'validation_error', message: 'Please give the date as yyyy-mm-dd.' });
    });

    it('lists one kind of user searched by name, e-mail or (clinics) contact person; without a kind, reps then clinics', async () => {
      const cookie = await adminCookie(ctx.app);
      const t = tag();
      const reps = [];
      for (let i = 0; i < 3; i++) reps.push(await createRep(ctx.app.db, { fullName: `Rep ${t} ${i}`, email: `r${i}-${t}@example.com` }));
      const byMail = await createRep(ctx.app.db, { fullName: 'Nameless', email: `only-mail-${t}@Example.com` });
      const clinics = [];
      for (let i = 0; i < 2; i++) clinics.push(await createClinic(ctx.app.db, { clinicName: `Clinic ${t} ${i}` }));
      const byContact = await createClinic(ctx.app.db, { contactPerson: `Contact ${t.toUpperCase()}` });

      const repPage = await page<{ id: number; type: string }>(cookie, `/api/admin/users?type=medrep&q=${t}`);
      expect(repPage.users!.map((u) => u.id)).toEqual([byMail.id, reps[2]!.id, reps[1]!.id, reps[0]!.id]);
      expect(repPage.total).toEqual({ count: 4, exact: true });
      // Beside the matches, every user of the tab's kind: the search aside, the kind kept (the tab names it).
      const allReps = await page(cookie, '/api/admin/users?type=medrep');
      expect(repPage.overall).toEqual(allReps.total);
      expect(allReps.overall).toEqual(allReps.total);
      expect((await page(cookie, `/api/admin/subscriptions?q=${t}`)).overall).toEqual(allReps.total);
      expect((await page(cookie, `/api/admin/doctors?q=${t}`)).overall).toEqual((await page(cookie, '/api/admin/doctors')).total);
      const clinicPage = await page<{ id: number; type: string }>(cookie, `/api/admin/users?type=clinic&q=${t}`);
      expect(clinicPage.users!.map((u) => u.id)).toEqual([byContact.id, clinics[1]!.id, clinics[0]!.id]);
      expect(clinicPage.users!.every((u) => u.type === 'clinic')).toBe(true);

      // Both kinds, two at a time: the pages cross from the reps to the clinics without a gap.
      const pages = await everyPage<{ id: number; type: string }>(cookie, `/api/admin/users?q=${t}&limit=2`, 'users');
      expect(pages.map((p) => p.length)).toEqual([2, 2, 2, 1]);
      expect(pages.flat().map((u) => `${u.type}:${u.id}`)).toEqual([
        ...[byMail, reps[2]!, reps[1]!, reps[0]!].map((r) => `medrep:${r.id}`),
        ...[byContact, clinics[1]!, clinics[0]!].map((c) => `clinic:${c.id}`),
      ]);
      expect((await page(cookie, `/api/admin/users?q=${t}`)).total).toEqual({ count: 7, exact: true });

      // A rep's page's cursor does not fit the clinics list.
      const repCursor = (await page(cookie, `/api/admin/users?type=medrep&q=${t}&limit=1`)).nextCursor!;
      const mixed = await call(ctx.app, 'GET', `/api/admin/users?type=clinic&cursor=${repCursor}`, { cookie });
      expect(mixed.statusCode).toBe(400);
      expect(mixed.json().code).toBe('invalid_cursor');
    });

    it('lists doctors at clinics by name, searched by doctor, specialty, clinic name or clinic e-mail', async () => {
      const cookie = await adminCookie(ctx.app);
      const t = tag();
      const north = await createClinic(ctx.app.db, { clinicName: `North ${t}` });
      const south = await createClinic(ctx.app.db, { email: `south-${t}@example.com` });
      const zed = await createDoctor(ctx.app.db, north.id, { name: `Dr. Zed ${t}` });
      const amir = await createDoctor(ctx.app.db, south.id, { name: `Dr. Amir ${t}`, specialty: 'Neurology' });
      const [second] = await ctx.app.db.insert(clinicDoctors).values({ clinicId: north.id, doctorId: amir.id }).returning();

      type D = { id: number; doctor_id: number; clinic_name: string };
      const pages = await everyPage<D>(cookie, `/api/admin/doctors?q=${t}&limit=1`, 'doctors');
      expect(pages.flat().map((d) => d.doctor_id)).toEqual([amir.id, amir.id, zed.id]);
      expect(pages.flat()[1]!.id).toBe(second!.id);
      expect((await page(cookie, `/api/admin/doctors?q=${t}`)).total).toEqual({ count: 3, exact: true });
      // By the clinic's name (both doctors at North), by the clinic's e-mail (Amir at South), by the doctor's name.
      const ids = async (q: string) => (await page<D>(cookie, `/api/admin/doctors?q=${encodeURIComponent(q)}`)).doctors!.map((d) => d.id);
      expect((await ids(`north ${t}`)).length).toBe(2);
      expect((await page<D>(cookie, `/api/admin/doctors?q=south-${t}`)).doctors!.map((d) => d.doctor_id)).toEqual([amir.id]);
      expect((await page<D>(cookie, `/api/admin/doctors?q=zed ${t}`)).doctors!.map((d) => d.doctor_id)).toEqual([zed.id]);
      const neuro = (await page<D & { specialty: string }>(cookie, `/api/admin/doctors?q=neurology`)).doctors!;
      expect(neuro.length).toBeGreaterThan(0);
      expect(neuro.every((d) => d.specialty === 'Neurology')).toBe(true);
    });

    it('lists subscriptions newest first, searched by name or e-mail', async () => {
      const cookie = await adminCookie(ctx.app);
      const t = tag();
      const older = await createSubscribedRep(ctx.app.db, { fullName: `Sub ${t}` });
      const newer = await createRep(ctx.app.db, { email: `sub-${t}@example.com` });
      const pages = await everyPage<{ id: number; subscription_status: string }>(cookie, `/api/admin/subscriptions?q=${t}&limit=1`, 'subscriptions');
      expect(pages.flat().map((s) => s.id)).toEqual([newer.id, older.id]);
      expect(pages.flat().map((s) => s.subscription_status)).toEqual(['inactive', 'free_trial']);
    });

    it('holds the page size between 1 and 200 (50 when not given)', async () => {
      const cookie = await adminCookie(ctx.app);
      const t = tag();
      const clinic = await createClinic(ctx.app.db);
      const doctor = await createDoctor(ctx.app.db, clinic.id, { name: `Dr. Many ${t}` });
      const rep = await createSubscribedRep(ctx.app.db);
      for (let i = 0; i < 51; i++) {
        await createAppointment(ctx.app.db, {
          doctorId: doctor.id,
          clinicId: clinic.id,
          repId: rep.id,
          appointmentDate: `2033-01-${String((i % 28) + 1).padStart(2, '0')}`,
          status: i < 28 ? 'booked' : 'cancelled',
        });
      }
      const first = await page(cookie, `/api/admin/appointments?doctor=${t}`);
      expect(first.appointments).toHaveLength(50);
      expect(first.nextCursor).not.toBeNull();
      expect(first.total).toEqual({ count: 51, exact: true });
      const rest = await page(cookie, `/api/admin/appointments?doctor=${t}&cursor=${first.nextCursor}`);
      expect(rest.appointments).toHaveLength(1);
      expect(rest.nextCursor).toBeNull();
      expect((await page(cookie, `/api/admin/appointments?doctor=${t}&limit=200`)).appointments).toHaveLength(51);

      for (const list of ['users', 'doctors', 'appointments', 'subscriptions']) {
        for (const limit of ['201', '0', 'ten']) {
          const res = await call(ctx.app, 'GET', `/api/admin/${list}?limit=${limit}`, { cookie });
          expect(res.statusCode, `${list} limit=${limit}`).toBe(400);
          expect(res.json().code).toBe('validation_error');
        }
        expect((await call(ctx.app, 'GET', `/api/admin/${list}?limit=200`, { cookie })).statusCode).toBe(200);
      }
    });

    it('refuses a cursor it did not make with invalid_cursor', async () => {
      const cookie = await adminCookie(ctx.app);
      const bad: Record<string, string[]> = {
        users: [encodeCursor(['doctor', 1]), encodeCursor(['medrep', 1.5]), encodeCursor([1, 'medrep'])],
        doctors: [encodeCursor(['Dr. A', 1]), encodeCursor(['Dr. A', 1, -4]), encodeCursor(['Dr. A', 1, 2 ** 40])],
        appointments: [encodeCursor(['2026-13-45', 1]), encodeCursor(["2026-03-01'; drop table x; --", 1]), encodeCursor(['2026-03-01'])],
        subscriptions: [encodeCursor(['1']), encodeCursor([0]), encodeCursor([3, 4])],
      };
      for (const [list, cursors] of Object.entries(bad)) {
        for (const cursor of ['not a cursor!', 'e30', ...cursors]) {
          const res = await call(ctx.app, 'GET', `/api/admin/${list}?cursor=${encodeURIComponent(cursor)}`, { cookie });
          expect(res.statusCode, `${list} cursor=${cursor}`).toBe(400);
          expect(res.json()).toMatchObject({ code: 'invalid_cursor', message: 'This page link is no longer valid. Please start again from the first page.' });
        }
      }
    });
  },
  ADMIN_ENV,
);
