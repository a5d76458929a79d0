import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/dates';
import { doctorAppointments } from '../../db/schema';
import { createAppointment, createClinic, createDoctor, createSubscribedRep, sessionCookie } from '../../test/factories';
import { describeEachDatabase } from '../../test/harness';
import { HISTORY_CSV_BATCH } from './visit-history.service';

// The visit histories and the call report (docs/decisions/041-visit-outcomes-and-proof.md): the rep's visits and the
// clinic's, in one date range (the last 30 days by default, at most a year), newest first, as JSON and as CSV.

const NOW = '2026-03-02T04:31:00.000Z'; // Monday 10:01 in India
const TODAY = '2026-03-02';
const EVERY_DAY = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true };
const BOM = '\uFEFF';

type Reply = LightMyRequestResponse;

/** A CSV answer as rows of fields (RFC 4180 quoting), without the byte order mark. */
function parseCsv(body: string): string[][] {
  expect(body.startsWith(BOM)).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const text = body.slice(1);
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted || (c !== ',' && c !== '\r')) {
      field += c;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else {
      expect(text[i + 1]).toBe('\n');
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    }
  }
  expect(field).toBe('');
  return rows;
}

describeEachDatabase('visit histories and the call report', (ctx) => {
  beforeEach(() => ctx.clock.set(NOW));

  async function world() {
    const db = ctx.app.db;
    const clinic = await createClinic(db, { clinicName: '=HYPERLINK("http://evil")', city: 'Srinagar' });
    const otherClinic = await createClinic(db, { clinicName: 'Lal Chowk Clinic', city: 'Anantnag' });
    const doctor = await createDoctor(db, clinic.id, { name: 'Dr. Wani, "Aamir"', specialty: 'Cardiology', settings: { availableDays: EVERY_DAY } });
    const doctor2 = await createDoctor(db, clinic.id, { name: 'Dr. Bhat', specialty: 'Dermatology', settings: { availableDays: EVERY_DAY } });
    const elsewhere = await createDoctor(db, otherClinic.id, { name: 'Dr. Lone', specialty: 'Pediatrics', settings: { availableDays: EVERY_DAY } });
    const rep = await createSubscribedRep(db, { fullName: 'Ravi Sharma', company: '+Sun Pharma' });
    const otherRep = await createSubscribedRep(db, { fullName: 'Asif Mir', company: 'Cipla' });
    const at = (o: { doctorId: number; clinicId: number; repId?: number; date: string } & Partial<typeof doctorAppointments.$inferInsert>) =>
      createAppointment(db, { status: 'booked', repId: rep.id, ...o, appointmentDate: o.date });
    const c = { clinicId: clinic.id };
    const visits = {
      tomorrow: await at({ ...c, doctorId: doctor.id, date: addDays(TODAY, 1) }),
      todayLate: await at({ ...c, doctorId: doctor.id, date: TODAY, startTime: '16:30', checkedInAt: new Date('2026-03-02T10:55:00.000Z') }),
      todayEarly: await at({ ...c, doctorId: doctor2.id, date: TODAY, startTime: '09:15', status: 'confirmed' }),
      todayAllDay: await at({ clinicId: otherClinic.id, doctorId: elsewhere.id, date: TODAY }),
      completed: await at({ ...c, doctorId: doctor.id, date: addDays(TODAY, -3), status: 'completed', checkedInAt: new Date('2026-02-27T05:00:00.000Z') }),
      noShow: await at({ ...c, doctorId: doctor2.id, date: addDays(TODAY, -5), status: 'no_show' }),
      byRep: await at({ ...c, doctorId: doctor.id, date: addDays(TODAY, -10), status: 'cancelled', cancelledBy: 'rep' }),
      byClinic: await at({ ...c, doctorId: doctor2.id, date: addDays(TODAY, -12), status: 'cancelled', cancelledBy: 'clinic', cancelReason: 'Doctor away' }),
      unmarked: await at({ ...c, doctorId: doctor.id, date: addDays(TODAY, -20) }),
      thirtyDaysAgo: await at({ ...c, doctorId: doctor2.id, date: addDays(TODAY, -30) }),
      tooOld: await at({ ...c, doctorId: doctor.id, date: addDays(TODAY, -31) }),
      othersVisit: await at({ ...c, doctorId: doctor.id, repId: otherRep.id, date: addDays(TODAY, -2) }),
    };
    return {
      clinic,
      otherClinic,
      doctor,
      doctor2,
      rep,
      otherRep,
      visits,
      repCookie: await sessionCookie(ctx.app, 'medrep', rep.id),
      clinicCookie: await sessionCookie(ctx.app, 'clinic', clinic.id),
    };
  }
  const get = (url: string, cookie?: string): Promise<Reply> => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  describe("the rep's history", () => {
    it('answers the last 30 days to today by default, every status, newest first (the day by time, whole-day visits last)', async () => {
      const w = await world();
      const res = await get('/api/rep-visits', w.repCookie);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect([body.from, body.to]).toEqual([addDays(TODAY, -30), TODAY]);
      const v = w.visits;
      expect(body.visits.map((x: { id: number }) => x.id)).toEqual(
        [v.todayLate, v.todayEarly, v.todayAllDay, v.completed, v.noShow, v.byRep, v.byClinic, v.unmarked, v.thirtyDaysAgo].map((x) => x.id),
      );
      expect(body.visits[0]).toEqual({
        id: v.todayLate.id,
        appointment_date: TODAY,
        start_time: '16:30',
        doctor_name: 'Dr. Wani, "Aamir"',
        doctor_specialty: 'Cardiology',
        clinic_name: '=HYPERLINK("http://evil")',
        clinic_city: 'Srinagar',
        status: 'booked',
        cancelled_by: null,
        cancel_reason: null,
        checked_in_at: '2026-03-02T10:55:00.000Z',
      });
      expect(body.visits.find((x: { id: number }) => x.id === v.byClinic.id)).toMatchObject({
        status: 'cancelled',
        cancelled_by: 'clinic',
        cancel_reason: 'Doctor away',
      });
    });

    it('answers a range asked for, and fills in the side not given', async () => {
      const w = await world();
      const ids = async (q: string) => {
        const res = await get(`/api/rep-visits${q}`, w.repCookie);
        expect(res.statusCode, res.body).toBe(200);
        return { ...res.json(), visits: res.json().visits.map((x: { id: number }) => x.id) };
      };
      const v = w.visits;
      expect(await ids(`?from=${addDays(TODAY, -31)}&to=${addDays(TODAY, 1)}`)).toMatchObject({ from: addDays(TODAY, -31), to: addDays(TODAY, 1) });
      expect((await ids(`?from=${addDays(TODAY, -31)}&to=${addDays(TODAY, 1)}`)).visits).toEqual(
        [v.tomorrow, v.todayLate, v.todayEarly, v.todayAllDay, v.completed, v.noShow, v.byRep, v.byClinic, v.unmarked, v.thirtyDaysAgo, v.tooOld].map(
          (x) => x.id,
        ),
      );
      expect(await ids(`?from=${addDays(TODAY, -5)}&to=${addDays(TODAY, -3)}`)).toEqual({
        from: addDays(TODAY, -5),
        to: addDays(TODAY, -3),
        visits: [v.completed.id, v.noShow.id],
      });
      expect(await ids(`?to=${addDays(TODAY, -20)}`)).toMatchObject({
        from: addDays(TODAY, -50),
        to: addDays(TODAY, -20),
        visits: [v.unmarked.id, v.thirtyDaysAgo.id, v.tooOld.id],
      });
      expect(await ids(`?from=${addDays(TODAY, -3)}`)).toMatchObject({ from: addDays(TODAY, -3), to: TODAY });
      expect(await ids('?from=2025-03-02&to=2026-03-02')).toMatchObject({ from: '2025-03-02' }); // 366 days
    });

    it('refuses a range that is backwards, longer than a year, or not dates, with the one error shape', async () => {
      const w = await world();
      for (const [q, message] of [
        ['?from=2026-03-02&to=2026-03-01', 'The from date must not be after the to date.'],
        ['?from=2025-03-01&to=2026-03-02', 'Please choose a date range of at most one year.'],
        ['?from=2026-02-30', 'Please give the from date as yyyy-mm-dd.'],
        ['?to=02/03/2026', 'Please give the to date as yyyy-mm-dd.'],
        // A `from` that is no date beside a `to` (the range check must not read it as one).
        ['?from=abc&to=2026-03-01', 'Please give the from date as yyyy-mm-dd.'],
        ['?from=2026-02-01&to=abc', 'Please give the to date as yyyy-mm-dd.'],
        // Only `from`, after today: the default `to` (today) would come before it.
        ['?from=2026-03-09', 'The from date must not be after the to date.'],
        // Only `from`, more than a year ago.
        ['?from=2024-01-01', 'Please choose a date range of at most one year.'],
      ] as const) {
        for (const path of ['/api/rep-visits', '/api/rep-visits.csv']) {
          const res = await get(`${path}${q}`, w.repCookie);
          expect(res.statusCode, `${path}${q}`).toBe(400);
          expect(res.headers['content-type']).toMatch(/application\/json/);
          expect(res.json().message, `${path}${q}`).toBe(message);
        }
      }
    });

    it("shows a rep only their own visits, and no one else the rep's", async () => {
      const w = await world();
      const other = await get('/api/rep-visits', await sessionCookie(ctx.app, 'medrep', w.otherRep.id));
      expect(other.json().visits.map((x: { id: number }) => x.id)).toEqual([w.visits.othersVisit.id]);
      expect((await get('/api/rep-visits')).statusCode).toBe(401);
      expect((await get('/api/rep-visits', w.clinicCookie)).statusCode).toBe(401);
      expect((await get('/api/rep-visits.csv', w.clinicCookie)).statusCode).toBe(401);
    });
  });

  describe("the rep's call report (CSV)", () => {
    it('has the columns of a daily call report, escaped against spreadsheet formulas, with a proof link for checked-in visits', async () => {
      const w = await world();
      const res = await get(`/api/rep-visits.csv?from=${addDays(TODAY, -31)}&to=${TODAY}`, w.repCookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="repvisit-call-report-${addDays(TODAY, -31)}-to-${TODAY}.csv"`);
      expect(res.body).toContain('"\'=HYPERLINK(""http://evil"")"');
      const [header, ...rows] = parseCsv(res.body);
      expect(header).toEqual(['Date', 'Time', 'Doctor', 'Specialty', 'Clinic', 'City', 'Outcome', 'Check-in time (IST)', 'Proof of visit']);
      const v = w.visits;
      expect(rows.length).toBe(10);
      const proof = `http://localhost:5000/verify-visit?receipt=`;
      expect(rows[0]!.slice(0, 8)).toEqual([TODAY, '16:30', 'Dr. Wani, "Aamir"', 'Cardiology', `'=HYPERLINK("http://evil")`, 'Srinagar', 'Upcoming', '16:25']);
      expect(rows[0]![8]).toMatch(new RegExp(`^${proof.replace(/[.?]/g, '\\$&')}[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$`));
      expect(rows.map((r) => [r[0], r[1], r[6], r[7], r[8] === '' ? '' : 'link'])).toEqual([
        [TODAY, '16:30', 'Upcoming', '16:25', 'link'],
        [TODAY, '09:15', 'Upcoming', '', ''],
        [TODAY, '', 'Upcoming', '', ''],
        [addDays(TODAY, -3), '', 'Completed', '10:30', 'link'],
        [addDays(TODAY, -5), '', 'No-show', '', ''],
        [addDays(TODAY, -10), '', 'Cancelled by you', '', ''],
        [addDays(TODAY, -12), '', 'Cancelled by the clinic', '', ''],
        [addDays(TODAY, -20), '', 'Not recorded', '', ''],
        [addDays(TODAY, -30), '', 'Not recorded', '', ''],
        [addDays(TODAY, -31), '', 'Not recorded', '', ''],
      ]);
      expect(rows[2]!.slice(2, 6)).toEqual(['Dr. Lone', 'Pediatrics', 'Lal Chowk Clinic', 'Anantnag']);
      // The proof link opens a valid proof of that visit.
      const receipt = new URL(rows[3]![8]!).searchParams.get('receipt')!;
      const checked = await ctx.app.inject({ method: 'POST', url: '/api/verify-visit', payload: { receipt }, remoteAddress: '10.43.0.1' });
      expect(checked.json()).toMatchObject({
        valid: true,
        visit: { id: v.completed.id, repName: 'Ravi Sharma', company: '+Sun Pharma', checkedInAt: '2026-02-27T05:00:00.000Z' },
      });
    });

    it(`streams past one batch (${HISTORY_CSV_BATCH} visits a query) without losing or repeating a visit`, async () => {
      const db = ctx.app.db;
      const clinic = await createClinic(db);
      const doctors = [await createDoctor(db, clinic.id), await createDoctor(db, clinic.id)];
      const rep = await createSubscribedRep(db);
      const rows = [];
      for (let d = 0; d < 300; d++)
        for (const [i, doctor] of doctors.entries())
          rows.push({
            doctorId: doctor.id,
            clinicId: clinic.id,
            repId: rep.id,
            appointmentDate: addDays(TODAY, -d),
            startTime: d % 3 === 0 ? null : `1${i}:00`,
          });
      await db.insert(doctorAppointments).values(rows);
      const res = await get(`/api/rep-visits.csv?from=${addDays(TODAY, -299)}&to=${TODAY}`, await sessionCookie(ctx.app, 'medrep', rep.id));
      expect(res.statusCode).toBe(200);
      const [, ...lines] = parseCsv(res.body);
      expect(lines.length).toBe(600);
      const json = await get(`/api/rep-visits?from=${addDays(TODAY, -299)}&to=${TODAY}`, await sessionCookie(ctx.app, 'medrep', rep.id));
      const fromJson = json.json().visits.map((v: { appointment_date: string; start_time: string | null }) => [v.appointment_date, v.start_time ?? '']);
      expect(lines.map((l) => [l[0], l[1]])).toEqual(fromJson);
      expect(new Set(json.json().visits.map((v: { id: number }) => v.id)).size).toBe(600);
    });
  });

  describe("the clinic's history", () => {
    it("answers the clinic's visits, of one doctor or all, with the rep and company, newest first", async () => {
      const w = await world();
      const v = w.visits;
      const all = await get(`/api/clinic/visits?clinicId=${w.clinic.id}&from=${addDays(TODAY, -31)}&to=${addDays(TODAY, 1)}`, w.clinicCookie);
      expect(all.statusCode, all.body).toBe(200);
      expect(all.json().visits.map((x: { id: number }) => x.id)).toEqual(
        [v.tomorrow, v.todayLate, v.todayEarly, v.othersVisit, v.completed, v.noShow, v.byRep, v.byClinic, v.unmarked, v.thirtyDaysAgo, v.tooOld].map(
          (x) => x.id,
        ),
      );
      const one = await get(`/api/clinic/visits?clinicId=${w.clinic.id}&doctorId=${w.doctor2.id}`, w.clinicCookie);
      expect(one.json()).toMatchObject({ from: addDays(TODAY, -30), to: TODAY });
      expect(one.json().visits.map((x: { id: number }) => x.id)).toEqual([v.todayEarly, v.noShow, v.byClinic, v.thirtyDaysAgo].map((x) => x.id));
      expect(one.json().visits[0]).toEqual({
        id: v.todayEarly.id,
        appointment_date: TODAY,
        start_time: '09:15',
        doctor_id: w.doctor2.id,
        doctor_name: 'Dr. Bhat',
        rep_name: 'Ravi Sharma',
        company_name: '+Sun Pharma',
        status: 'confirmed',
        cancelled_by: null,
        cancel_reason: null,
        checked_in_at: null,
      });
      // Another clinic's doctor: nothing of theirs is shown here.
      const foreign = await get(`/api/clinic/visits?clinicId=${w.clinic.id}&doctorId=${w.visits.todayAllDay.doctorId}`, w.clinicCookie);
      expect(foreign.json().visits).toEqual([]);
    });

    it("is the clinic's own: another clinic's id is 403, a rep is 401, a bad range 400", async () => {
      const w = await world();
      for (const path of ['/api/clinic/visits', '/api/clinic/visits.csv']) {
        expect((await get(`${path}?clinicId=${w.otherClinic.id}`, w.clinicCookie)).statusCode).toBe(403);
        expect((await get(`${path}?clinicId=${w.clinic.id}`, w.repCookie)).statusCode).toBe(401);
        const backwards = await get(`${path}?clinicId=${w.clinic.id}&from=2026-03-02&to=2026-02-01`, w.clinicCookie);
        expect(backwards.statusCode).toBe(400);
        expect(backwards.json().message).toBe('The from date must not be after the to date.');
        const notADate = await get(`${path}?clinicId=${w.clinic.id}&from=abc&to=2026-03-01`, w.clinicCookie);
        expect(notADate.statusCode).toBe(400);
        expect(notADate.json().message).toBe('Please give the from date as yyyy-mm-dd.');
      }
    });

    it('has a CSV: date, time, doctor, rep, company, outcome and check-in time, escaped', async () => {
      const w = await world();
      const res = await get(`/api/clinic/visits.csv?clinicId=${w.clinic.id}&doctorId=${w.doctor.id}&from=${addDays(TODAY, -31)}&to=${TODAY}`, w.clinicCookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="repvisit-visits-${addDays(TODAY, -31)}-to-${TODAY}.csv"`);
      const [header, ...rows] = parseCsv(res.body);
      expect(header).toEqual(['Date', 'Time', 'Doctor', 'Rep', 'Company', 'Outcome', 'Check-in time (IST)']);
      expect(rows).toEqual([
        [TODAY, '16:30', 'Dr. Wani, "Aamir"', 'Ravi Sharma', "'+Sun Pharma", 'Upcoming', '16:25'],
        [addDays(TODAY, -2), '', 'Dr. Wani, "Aamir"', 'Asif Mir', 'Cipla', 'Not recorded', ''],
        [addDays(TODAY, -3), '', 'Dr. Wani, "Aamir"', 'Ravi Sharma', "'+Sun Pharma", 'Completed', '10:30'],
        [addDays(TODAY, -10), '', 'Dr. Wani, "Aamir"', 'Ravi Sharma', "'+Sun Pharma", 'Cancelled by the rep', ''],
        [addDays(TODAY, -20), '', 'Dr. Wani, "Aamir"', 'Ravi Sharma', "'+Sun Pharma", 'Not recorded', ''],
        [addDays(TODAY, -31), '', 'Dr. Wani, "Aamir"', 'Ravi Sharma', "'+Sun Pharma", 'Not recorded', ''],
      ]);
      const byClinic = parseCsv((await get(`/api/clinic/visits.csv?clinicId=${w.clinic.id}&doctorId=${w.doctor2.id}`, w.clinicCookie)).body);
      expect(byClinic.find((r) => r[0] === addDays(TODAY, -12))?.[5]).toBe('Cancelled by you');
    });
  });
});
