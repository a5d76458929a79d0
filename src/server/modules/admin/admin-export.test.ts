import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StringDecoder } from 'node:string_decoder';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { createAppointment, createClinic, createDoctor, createRep, createSubscribedRep } from '../../test/factories';
import { describeEachDatabase } from '../../test/harness';
import { EXACT_COUNT_LIMIT } from '../../db/list-total';
import { ADMIN_ENV, adminCookie, call } from './admin-test-support';

// docs/decisions/022: each admin list exports as CSV with the screen's filters, streamed while it is read. The big
// test exports 100,000 appointments over a real socket and samples the heap (after a full collection) while the
// file arrives: it stays bounded, well under the file's size, and every row arrives once, quoted right.

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** An RFC 4180 reader fed chunk by chunk, handing each record on and keeping nothing else. */
function csvReader(onRecord: (fields: string[]) => void) {
  let field = '';
  let fields: string[] = [];
  let quoted = false;
  let quoteSeen = false; // a quote inside a quoted field: the end of it, or the first of a doubled pair
  let pendingCr = false;
  const endRecord = () => {
    fields.push(field);
    onRecord(fields);
    field = '';
    fields = [];
  };
  return (text: string) => {
    for (const ch of text) {
      if (quoted) {
        if (quoteSeen) {
          quoteSeen = false;
          if (ch === '"') {
            field += '"';
            continue;
          }
          quoted = false; // the field's closing quote; this character follows it
        } else if (ch === '"') {
          quoteSeen = true;
          continue;
        } else {
          field += ch;
          continue;
        }
      }
      if (pendingCr) {
        pendingCr = false;
        if (ch !== '\n') throw new Error('a CR without its LF');
        endRecord();
        continue;
      }
      if (ch === '"' && field === '') quoted = true;
      else if (ch === ',') {
        fields.push(field);
        field = '';
      } else if (ch === '\r') pendingCr = true;
      else if (ch === '\n') throw new Error('a bare LF ends no record');
      else field += ch;
    }
  };
}

const APPOINTMENT_HEADER = ['Appointment ID', 'Date', 'Time', 'Token', 'Status', 'Doctor', 'Specialty', 'Clinic', 'Rep', 'Company', 'Rep Phone', 'Booked At'];

describeEachDatabase(
  'admin CSV exports',
  (ctx) => {
    const clinicName = '=HYPERLINK("http://evil.example"),Clinic';
    const doctorNames = Array.from({ length: 10 }, (_, i) => (i === 3 ? 'Dr. "Quoted", Name' : `Dr. Export ${i}`));
    const repNames = Array.from({ length: 10 }, (_, i) => (i === 5 ? 'Ravi\r\nKumar, "RK"' : i === 6 ? '-Minus Rep' : `Export Rep ${i}`));
    let maxId = 0;

    beforeAll(async () => {
      const clinic = await createClinic(ctx.app.db, { clinicName });
      const doctorIds: number[] = [];
      for (const name of doctorNames) doctorIds.push((await createDoctor(ctx.app.db, clinic.id, { name })).id);
      const repIds: number[] = [];
      for (const fullName of repNames) repIds.push((await createRep(ctx.app.db, { fullName })).id);
      // 100,000 appointments: 10 doctors x 10 reps x 1,000 days from 2040 on; every tenth day's are cancelled.
      await ctx.app.db.execute(sql`insert into doctor_appointments (doctor_id, clinic_id, rep_id, appointment_date, status, booked_at)
        select d, ${clinic.id}, r, date '2040-01-01' + k, case when k % 10 = 0 then 'cancelled' else 'booked' end, timestamptz '2039-12-01T10:00:00Z'
        from unnest(${sql.raw(`array[${doctorIds.join(',')}]`)}::int[]) d, unnest(${sql.raw(`array[${repIds.join(',')}]`)}::int[]) r, generate_series(0, 999) k`);
      const counted = (await ctx.app.db.execute(sql`select max(id)::int as m, count(*)::int as n from doctor_appointments`)) as {
        rows: Array<{ m: number; n: number }>;
      };
      const row = counted.rows[0];
      maxId = row!.m;
      expect(row!.n).toBe(100_000);
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    }, 600_000);

    it('streams 100,000 appointments in bounded memory, every row once and quoted right', async () => {
      const cookie = await adminCookie(ctx.app);
      const { port } = ctx.app.server.address() as AddressInfo;
      const seen = new Uint8Array(maxId + 1); // made before the baseline: the checks themselves keep nothing per row
      const expected = { doctors: new Set(doctorNames), reps: new Set(repNames.map((n) => (n.startsWith('-') ? `'${n}` : n))) };
      let records = 0;
      let bytes = 0;
      let header: string[] | null = null;
      let previous = { date: '9999-12-31', id: Number.MAX_SAFE_INTEGER };
      const problems: string[] = [];
      const note = (p: string) => problems.length < 5 && problems.push(p);
      const read = csvReader((f) => {
        if (!header) return void (header = f);
        records++;
        const id = Number(f[0]);
        if (f.length !== APPOINTMENT_HEADER.length) note(`row ${records}: ${f.length} fields: ${JSON.stringify(f)}`);
        if (!(id > 0 && id <= maxId) || seen[id]) note(`row ${records}: id ${f[0]} unknown or twice`);
        else seen[id] = 1;
        // Latest date first, then latest id (the screen's order).
        if (f[1]! > previous.date || (f[1] === previous.date && id >= previous.id)) note(`row ${records}: out of order after ${JSON.stringify(previous)}`);
        previous = { date: f[1]!, id };
        // Whole-day visits: no time; a token (1 to 10, the doctor's ten reps that day) unless cancelled.
        if (f[2] !== '') note(`row ${records}: time ${JSON.stringify(f[2])}`);
        if (f[4] === 'cancelled' ? f[3] !== '' : !(Number(f[3]) >= 1 && Number(f[3]) <= 10)) note(`row ${records}: token ${JSON.stringify(f[3])} (${f[4]})`);
        if (!expected.doctors.has(f[5]!)) note(`row ${records}: doctor ${JSON.stringify(f[5])}`);
        if (f[7] !== `'${clinicName}`) note(`row ${records}: clinic ${JSON.stringify(f[7])}`);
        if (!expected.reps.has(f[8]!)) note(`row ${records}: rep ${JSON.stringify(f[8])}`);
        if (f[11] !== '2039-12-01T10:00:00.000Z') note(`row ${records}: booked at ${f[11]}`);
      });

      gc();
      const baseline = process.memoryUsage().heapUsed;
      let peak = 0;
      const samples: number[] = [];
      let nextSample = 0;
      const started = Date.now();
      await new Promise<void>((resolve, reject) => {
        get({ host: '127.0.0.1', port, path: '/api/admin/appointments.csv?from=2040-01-01', headers: { cookie } }, (res) => {
          expect(res.statusCode).toBe(200);
          expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
          expect(res.headers['content-disposition']).toBe('attachment; filename="repvisit-appointments-2026-03-02.csv"');
          const decoder = new StringDecoder('utf8');
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            let text = decoder.write(chunk);
            if (bytes === chunk.length) {
              expect(text.charCodeAt(0), 'a UTF-8 byte order mark first').toBe(0xfeff);
              text = text.slice(1);
            }
            read(text);
            if (records >= nextSample) {
              gc();
              peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
              samples.push(process.memoryUsage().heapUsed - baseline);
              nextSample += 5000;
            }
          });
          res.on('end', () => {
            read(decoder.end());
            resolve();
          });
          res.on('error', reject);
        }).on('error', reject);
      });

      expect(problems).toEqual([]);
      expect(header).toEqual(APPOINTMENT_HEADER);
      expect(records).toBe(100_000);
      expect(seen.reduce((n, x) => n + x, 0)).toBe(100_000);
      const mb = (n: number) => Math.round(n / 1e5) / 10;
      console.info(`CSV export: ${records} rows, ${mb(bytes)} MB in ${Date.now() - started} ms; heap growth at most ${mb(peak)} MB`);
      // The file is over 10 MB; a server holding it (or its rows) would grow the heap by more than that. What does
      // grow (about 4 MB: code compiled and buffers made at the first rows) stays level until the last row.
      expect(bytes).toBeGreaterThan(10e6);
      expect(peak, `heap growth ${mb(peak)} MB during a ${mb(bytes)} MB export`).toBeLessThan(8e6);
      // Growth is a rise above the lowest level seen before it; a fall is garbage of earlier suites in this worker
      // being collected (decision 084), not the export.
      const rise = Math.max(...samples.map((s, i) => s - Math.min(...samples.slice(0, i + 1))));
      expect(rise, `heap level while streaming: ${samples.map(mb).join(' ')} MB`).toBeLessThan(1e6);
    }, 600_000);

    it("applies the screen's filters to the export and checks them before it starts", async () => {
      const cookie = await adminCookie(ctx.app);
      const res = await call(ctx.app, 'GET', `/api/admin/appointments.csv?doctor=${encodeURIComponent('"quoted"')}&status=cancelled&to=2040-01-21`, { cookie });
      expect(res.statusCode).toBe(200);
      const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe(APPOINTMENT_HEADER.join(','));
      // Days 0, 10 and 20 are cancelled, 10 reps each; one of the reps' names holds a line break.
      const rows: string[][] = [];
      csvReader((f) => rows.push(f))(res.body.replace(/^\uFEFF/, ''));
      expect(rows.slice(1)).toHaveLength(30);
      expect(new Set(rows.slice(1).map((r) => `${r[1]} ${r[4]} ${r[5]}`))).toEqual(
        new Set(['2040-01-21 cancelled Dr. "Quoted", Name', '2040-01-11 cancelled Dr. "Quoted", Name', '2040-01-01 cancelled Dr. "Quoted", Name']),
      );
      expect(res.body).toContain('"Dr. ""Quoted"", Name"');
      expect(res.body).toContain('"Ravi\r\nKumar, ""RK"""');

      const bad = await call(ctx.app, 'GET', '/api/admin/appointments.csv?status=lost', { cookie });
      expect(bad.statusCode).toBe(400);
      expect(bad.headers['content-type']).toMatch(/^application\/json/);
      expect(bad.json().code).toBe('validation_error');
    });

    it('counts past 10,000 rows as an estimate, labelled so; a narrower filter exactly', async () => {
      const cookie = await adminCookie(ctx.app);
      const all = (await call(ctx.app, 'GET', '/api/admin/appointments?from=2040-01-01', { cookie })).json();
      expect(all.appointments).toHaveLength(50);
      expect(all.total.exact).toBe(false);
      expect(all.total.count).toBeGreaterThan(EXACT_COUNT_LIMIT);
      const tenDays = (await call(ctx.app, 'GET', '/api/admin/appointments?from=2040-01-01&to=2040-01-10', { cookie })).json();
      expect(tenDays.total).toEqual({ count: 1000, exact: true });
    });

    it('exports a visit’s time and token (docs/decisions/039)', async () => {
      const cookie = await adminCookie(ctx.app);
      const clinic = await createClinic(ctx.app.db, { clinicName: 'Timed Export Clinic' });
      const doctor = await createDoctor(ctx.app.db, clinic.id, { name: 'Dr. Timed Export', settings: { visitWindows: [{ start: '15:30', end: '16:30' }] } });
      const [early, late] = [await createRep(ctx.app.db, { fullName: 'Early Export' }), await createRep(ctx.app.db, { fullName: 'Late Export' })];
      const visit = (repId: number, startTime: string) =>
        createAppointment(ctx.app.db, { doctorId: doctor.id, clinicId: clinic.id, repId, appointmentDate: '2030-05-06', startTime });
      const lateVisit = await visit(late.id, '16:00');
      const earlyVisit = await visit(early.id, '15:45');
      const res = await call(ctx.app, 'GET', `/api/admin/appointments.csv?doctor=${encodeURIComponent('Timed Export')}`, { cookie });
      const rows: string[][] = [];
      csvReader((f) => rows.push(f))(res.body.replace(/^\uFEFF/, ''));
      expect(rows.slice(1, 3).map((r) => r.slice(0, 5))).toEqual([
        [String(earlyVisit.id), '2030-05-06', '15:45', '1', 'booked'],
        [String(lateVisit.id), '2030-05-06', '16:00', '2', 'booked'],
      ]);
    });

    it('exports users, doctors and subscriptions with their filters', async () => {
      const cookie = await adminCookie(ctx.app);
      const clinic = await createClinic(ctx.app.db, { clinicName: 'Dal Lake Clinic, Srinagar' });
      await createDoctor(ctx.app.db, clinic.id, { name: 'Dr. Export Only' });
      const rep = await createSubscribedRep(ctx.app.db, { fullName: '@Rep Export', company: 'Cipla' });
      const body = async (url: string) => {
        const res = await call(ctx.app, 'GET', url, { cookie });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
        return res.body.replace(/^\uFEFF/, '').split('\r\n');
      };
      // A stored phone starts with + (docs/decisions/032): the CSV guard keeps a spreadsheet from reading it as a formula.
      expect(await body(`/api/admin/users.csv?type=clinic&q=${encodeURIComponent('dal lake')}`)).toEqual([
        'Type,Name,Email,Status,Company,Phone,Contact Person,City,State,Subscription,Registered',
        `Clinic,"Dal Lake Clinic, Srinagar",${clinic.email},active,,'${clinic.contactNumber},${clinic.contactPerson},Srinagar,${clinic.state},,${clinic.createdAt.toISOString()}`,
        '',
      ]);
      expect(await body(`/api/admin/users.csv?type=medrep&q=${encodeURIComponent(rep.email)}`)).toEqual([
        'Type,Name,Email,Status,Company,Phone,Contact Person,City,State,Subscription,Registered',
        `Medical Rep,'@Rep Export,${rep.email},active,Cipla,'${rep.phone},,,${rep.state},free_trial,${rep.createdAt.toISOString()}`,
        '',
      ]);
      expect(await body('/api/admin/doctors.csv?q=export%20only')).toEqual([
        'Doctor,Specialty,City,State,Clinic,Clinic Email,Clinic Phone,Contact Person',
        `Dr. Export Only,Cardiology,Srinagar,Jammu and Kashmir,"Dal Lake Clinic, Srinagar",${clinic.email},'${clinic.contactNumber},${clinic.contactPerson}`,
        '',
      ]);
      expect(await body(`/api/admin/subscriptions.csv?q=${encodeURIComponent(rep.email)}`)).toEqual([
        'Name,Email,Company,Subscription Status,Subscription ID,Expires,Joined,Refunded (INR),Refunded At,Refund ID',
        `'@Rep Export,${rep.email},Cipla,free_trial,${rep.subscriptionId},2027-03-02T00:00:00.000Z,${rep.createdAt.toISOString()},,,`,
        '',
      ]);
    });
  },
  ADMIN_ENV,
);
