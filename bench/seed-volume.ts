import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../src/server/db/client';
import { hashPassword } from '../src/server/modules/auth/password';
import { SESSION_COOKIE } from '../src/server/plugins/auth';
import { INDIAN_STATES, JAMMU_AND_KASHMIR, JK_DISTRICTS, OTHER_CITY, SPECIALTIES } from '../src/shared/constants';
import { addDays, todayInIndia, weekdayOf } from '../src/shared/dates';
import { withoutIndexes } from './bulk-load';

// A realistic, deterministic volume for the benchmark (decisions 012 and 026): at scale 1, 500 clinics, 2,000 doctors
// (a fifth of them at two clinics, each link with call settings), 5,000 subscribed reps, 100,000 appointments over a
// year (half back, half ahead) and a session for every rep and clinic; `--scale=N` multiplies every count. Each table
// is one INSERT ... SELECT over generate_series, so PostgreSQL (or PGlite) makes the rows itself: a million
// appointments take seconds, not a million round trips. The first 80% of the reps hold the history; the others
// start clean so the benchmark's bookings pass every rule. One password hash for everyone: argon2 is slow on purpose.
// Beside each account's own session, `coldSessions` more of each kind (reps', clinics') spread over its accounts as
// devices 1, 2, ...: a cold read takes a session no other request of the run used (decision 076).

export const VOLUME = { clinics: 500, doctors: 2000, reps: 5000, appointments: 100_000, coldSessions: 400_000 };
export interface Volume {
  clinics: number;
  doctors: number;
  reps: number;
  appointments: number;
  /** Sessions for the cold reads, of each kind (reps', clinics'), beside the one of every account; none when absent. */
  coldSessions?: number;
}
export const BENCH_PASSWORD = 'Bench!Pass123';
const WORKDAYS = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: false };
const OTHER_STATES = INDIAN_STATES.filter((s) => s !== JAMMU_AND_KASHMIR);
const COMPANIES = ['Sun Pharma', 'Cipla', 'Lupin', 'Mankind', 'Zydus'];

export const scaledVolume = (scale: number): Volume => ({
  clinics: VOLUME.clinics * scale,
  doctors: VOLUME.doctors * scale,
  reps: VOLUME.reps * scale,
  appointments: VOLUME.appointments * scale,
  // The run's count of cold requests does not grow with the volume: more accounts, fewer devices each.
  coldSessions: VOLUME.coldSessions,
});

/** How many devices (sessions) each account of a kind has: its own, and its share of the cold reads' sessions. */
export const devicesPerAccount = (accounts: number, coldSessions = 0) => 1 + Math.ceil(coldSessions / accounts);

/**
 * The device of cold request i among `accounts` accounts with `devices` sessions each, when request i's account is
 * a stride through them (scenarios.ts): every block of `accounts` requests visits each account once, so block b
 * takes device b + 1 (device 0 is the account's own session, which every other measure uses) and no two requests
 * share a session until accounts x (devices - 1) requests have gone; then they wrap around. Without cold sessions
 * (a volume seeded without them) every request takes the account's own.
 */
export const coldDevice = (i: number, accounts: number, devices: number) => (devices < 2 ? 0 : 1 + (Math.floor(i / accounts) % (devices - 1)));

/** The bench's session token of an account's device (device 0: its own session; decision 076 adds the others). */
export const sessionTokenOf = (type: 'medrep' | 'clinic', id: number, device = 0) =>
  device === 0 ? `bench-${type}-${id}-session-token-0123456789` : `bench-${type}-${id}-d${device}-session-token-0123456789`;

export interface SeededVolume {
  today: string;
  volume: Volume;
  /** clinic of each doctor (index = doctor id) */
  primaryClinicOf: number[];
  clinicIds: number[];
  doctorIds: number[];
  repIds: number[];
  /** repIds[0 .. historyReps) hold the seeded appointments; the rest hold none */
  historyReps: number;
  repEmail(repId: number): string;
  /** the session cookie header of a rep / a clinic (`device`: one of its `devices` sessions, 0 its own) */
  repCookie(repId: number, device?: number): string;
  clinicCookie(clinicId: number, device?: number): string;
  /** sessions per rep and per clinic (device 0 and the cold reads' ones) */
  devices: { medrep: number; clinic: number };
  /** every (state, city, specialty) with a doctor, for the find-a-doctor cascade */
  places: Array<{ state: string; city: string; specialty: string }>;
  states: string[];
}

const int = (n: number) => sql`${n}::int`;
const textArray = (xs: readonly string[]) =>
  sql`array[${sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  )}]::text[]`;
const rowsOf = <T>(answer: unknown) => (answer as { rows: T[] }).rows;
const sessionToken = (type: 'medrep' | 'clinic', id: number | SQL) => sql`'bench-' || ${type}::text || '-' || ${id} || '-session-token-0123456789'`;
const deviceToken = (type: 'medrep' | 'clinic', id: SQL, device: SQL) =>
  sql`'bench-' || ${type}::text || '-' || ${id} || '-d' || ${device} || '-session-token-0123456789'`;

/** The next id of a table whose rows the seed numbers itself (0 in the fresh database the benchmark makes). */
async function idBase(db: Db, table: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select coalesce(max(id), 0)::int as n from ${sql.identifier(table)}`));
  return row!.n;
}

async function syncSequence(db: Db, table: string): Promise<void> {
  await db.execute(sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.identifier(table)}))`);
}

/** A zero-padded number wide enough for `count`, e.g. 'Bench Clinic 007' among 500. */
const padded = (n: SQL, count: number) => sql`lpad((${n})::text, ${int(Math.max(3, String(count).length))}, '0')`;

/** Seeds an empty, migrated database (a smaller `volume` for tests). `now` fixes "today" (IST) so the year of appointments surrounds it. */
export async function seedVolume(db: Db, opts: { now: Date; volume?: Volume }): Promise<SeededVolume> {
  const v = opts.volume ?? VOLUME;
  const historyReps = Math.floor(v.reps * 0.8);
  const today = todayInIndia(opts.now);
  const now = sql`${opts.now.toISOString()}::timestamptz`;
  const password = await hashPassword(BENCH_PASSWORD);
  const [clinicBase, doctorBase, repBase] = [await idBase(db, 'clinic_users'), await idBase(db, 'doctors'), await idBase(db, 'medical_reps')];
  const tables = ['clinic_users', 'doctors', 'clinic_doctors', 'clinic_doctor_settings', 'medical_reps', 'doctor_appointments', 'sessions'];
  await withoutIndexes(db, tables, () => insertRows(db, { v, historyReps, today, now, password, clinicBase, doctorBase, repBase }));
  for (const table of ['clinic_users', 'doctors', 'medical_reps']) await syncSequence(db, table);
  await db.execute(sql`analyze`);

  const places = rowsOf<{ state: string; city: string; specialty: string }>(
    await db.execute(sql`select distinct state, city, specialty from doctors order by state, city, specialty`),
  );
  const range = (base: number, n: number) => Array.from({ length: n }, (_, i) => base + i + 1);
  const doctorIds = range(doctorBase, v.doctors);
  const primaryClinicOf: number[] = [];
  doctorIds.forEach((id, d) => (primaryClinicOf[id] = clinicBase + (d % v.clinics) + 1));
  const cookie = (type: 'medrep' | 'clinic', id: number, device = 0) => `${SESSION_COOKIE}=${sessionTokenOf(type, id, device)}`;
  return {
    today,
    volume: v,
    primaryClinicOf,
    clinicIds: range(clinicBase, v.clinics),
    doctorIds,
    repIds: range(repBase, v.reps),
    historyReps,
    repEmail: (id) => `bench-rep-${id - repBase}@example.com`,
    repCookie: (id, device) => cookie('medrep', id, device),
    clinicCookie: (id, device) => cookie('clinic', id, device),
    devices: { medrep: devicesPerAccount(v.reps, v.coldSessions), clinic: devicesPerAccount(v.clinics, v.coldSessions) },
    places,
    states: [...new Set(places.map((p) => p.state))],
  };
}

interface InsertOptions {
  v: Volume;
  historyReps: number;
  today: string;
  now: SQL;
  password: string;
  clinicBase: number;
  doctorBase: number;
  repBase: number;
}

/** Every seeded row, one INSERT ... SELECT a table; clinic c, doctor d and rep r get the ids base + c + 1 and so on. */
async function insertRows(db: Db, o: InsertOptions): Promise<void> {
  const { v, historyReps, today, now, password, clinicBase, doctorBase, repBase } = o;
  const C = int(v.clinics);
  const D = int(v.doctors);

  // Two clinics in five in Jammu and Kashmir (by district), the others across the other states (city 'Other').
  const jk = sql`(c % 5 < 2)`;
  const stateOf = sql`case when ${jk} then ${JAMMU_AND_KASHMIR} else (${textArray(OTHER_STATES)})[c % ${int(OTHER_STATES.length)} + 1] end`;
  const cityOf = sql`case when ${jk} then (${textArray(JK_DISTRICTS)})[(c / 5) % ${int(JK_DISTRICTS.length)} + 1] else ${OTHER_CITY} end`;
  await db.execute(sql`
    insert into clinic_users (id, clinic_name, contact_person, state, city, contact_number, email, password, email_verified,
      terms_accepted, terms_accepted_at, terms_version, created_at, updated_at)
    select ${int(clinicBase)} + c + 1, 'Bench Clinic ' || ${padded(sql`c + 1`, v.clinics)}, 'Contact ' || (c + 1), ${stateOf}, ${cityOf},
      (7000000000 + c)::text, 'bench-clinic-' || (c + 1) || '@example.com', ${password}, true, true, ${now}, '1', ${now}, ${now}
    from generate_series(0, ${C} - 1) c`);

  // Doctor d practises at clinic d mod clinics (and shares its place); the specialties spread over the clinic's four.
  const doctorName = sql`'Dr. Bench ' || ${padded(sql`d + 1`, v.doctors)}`;
  await db.execute(sql`
    insert into doctors (id, name, specialty, state, city, created_by_clinic_id, created_at)
    select ${int(doctorBase)} + d + 1, ${doctorName}, (${textArray(SPECIALTIES)})[((d / ${C}) * 3 + d % 3) % ${int(SPECIALTIES.length)} + 1],
      ${stateOf}, ${cityOf}, ${int(clinicBase)} + c + 1, ${now}
    from generate_series(0, ${D} - 1) d, lateral (select d % ${C} as c) p`);

  // Every doctor at his clinic; one in five also at the clinic half the list away. Each link with call settings.
  const links = sql`
    select d, d % ${C} as c from generate_series(0, ${D} - 1) d
    union all
    select d, (d % ${C} + ${C} / 2) % ${C} from generate_series(0, ${D} - 1, 5) d where ${C} > 1`;
  await db.execute(sql`
    insert into clinic_doctors (clinic_id, doctor_id, created_at)
    select ${int(clinicBase)} + c + 1, ${int(doctorBase)} + d + 1, ${now} from (${links}) l`);
  await db.execute(sql`
    insert into clinic_doctor_settings (clinic_id, doctor_id, doctor_name, max_slots, call_frequency, available_days, created_at, updated_at)
    select ${int(clinicBase)} + c + 1, ${int(doctorBase)} + d + 1, ${doctorName}, 3 + d % 3, 7, ${JSON.stringify(WORKDAYS)}::jsonb, ${now}, ${now}
    from (${links}) l`);

  await db.execute(sql`
    insert into medical_reps (id, full_name, email, phone, company, state, password, email_verified, terms_accepted, terms_accepted_at,
      terms_version, subscription_status, subscription_id, subscription_expires_at, created_at, updated_at)
    select ${int(repBase)} + r + 1, 'Rep Bench ' || (r + 1), 'bench-rep-' || (r + 1) || '@example.com', (8000000000 + r)::text,
      (${textArray(COMPANIES)})[r % 5 + 1],
      case when r % 5 < 2 then ${JAMMU_AND_KASHMIR} else (${textArray(OTHER_STATES)})[r % ${int(OTHER_STATES.length)} + 1] end,
      ${password}, true, true, ${now}, '1', 'active', 'bench_sub_' || (r + 1), ${now} + interval '400 days', ${now}, ${now}
    from generate_series(0, ${int(v.reps)} - 1) r`);

  // The appointments: every working day of the year, slot j of day i with doctor (97 i + j/2) and history rep
  // (331 i + 13 j): two reps per doctor-day (under every maxSlots), distinct reps within a day, so the partial unique
  // index (rep, doctor, date) holds. Past ones completed, 1 in 20 cancelled.
  let workdays = 0;
  for (let i = -182; i <= 182; i++) if (weekdayOf(addDays(today, i)) !== 'sunday') workdays++;
  const perDay = int(Math.ceil(v.appointments / workdays));
  const doctorOf = sql`((i * 97 + j / 2) % ${D})`;
  await db.execute(sql`
    with days as (
      select date, (row_number() over (order by date) - 1)::int as i
      from generate_series(-182, 182) k, lateral (select ${today}::date + k as date) d
      where extract(isodow from date) <> 7
    )
    insert into doctor_appointments (doctor_id, clinic_id, rep_id, appointment_date, status, cancel_reason, cancelled_by, cancelled_at, booked_at, updated_at)
    select ${int(doctorBase)} + ${doctorOf} + 1, ${int(clinicBase)} + ${doctorOf} % ${C} + 1, ${int(repBase)} + (i * 331 + j * 13) % ${int(historyReps)} + 1,
      date, case when j % 20 = 7 then 'cancelled' when date < ${today}::date then 'completed' else 'booked' end,
      case when j % 20 = 7 then 'Doctor unavailable' end, case when j % 20 = 7 then 'clinic' end, case when j % 20 = 7 then ${now} end, ${now}, ${now}
    from days, generate_series(0, ${perDay} - 1) j
    where i * ${perDay} + j < ${int(v.appointments)}`);

  // One server session per account (the cookie token scheme of modules/auth/sessions.service.ts: the table keeps its
  // SHA-256), and the cold reads' devices 1, 2, ... after it (sessionTokenOf).
  const expires = sql`${now} + interval '7 days'`;
  for (const [type, base, count] of [
    ['medrep', repBase, v.reps],
    ['clinic', clinicBase, v.clinics],
  ] as const) {
    await db.execute(sql`
      insert into sessions (id, user_type, user_id, created_at, last_seen_at, expires_at)
      select encode(sha256(convert_to(${sessionToken(type, sql`id`)}, 'UTF8')), 'hex'), ${type}, id, ${now}, ${now}, ${expires}
      from generate_series(${int(base)} + 1, ${int(base + count)}) id`);
    const devices = devicesPerAccount(count, v.coldSessions);
    if (devices < 2) continue;
    await db.execute(sql`
      insert into sessions (id, user_type, user_id, created_at, last_seen_at, expires_at)
      select encode(sha256(convert_to(${deviceToken(type, sql`id`, sql`d`)}, 'UTF8')), 'hex'), ${type}, id, ${now}, ${now}, ${expires}
      from generate_series(${int(base)} + 1, ${int(base + count)}) id, generate_series(1, ${int(devices - 1)}) d`);
  }
}
