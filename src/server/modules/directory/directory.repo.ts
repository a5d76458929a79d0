import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { defineReadCache } from '../../db/change-feed';
import type { DbOrTx } from '../../db/client';
import { clinicDoctors, clinicDoctorSettings, clinicUsers, doctors } from '../../db/schema';

// Drizzle queries of the find-a-doctor cascade (spec part 2, 2.1 and 7). A bookable link is a doctor linked
// to an active clinic that has call settings for him with at least one available day; the cascade lists only
// what leads to one. Places are the clinic's state and city (that is where the rep goes).

/**
 * availableDays holds at least one `true` (it is a JSON object; anything else counts as no day). A jsonpath
 * test, ~15x cheaper than expanding the object with jsonb_each for every link the cascade looks at (issue 10).
 */
const hasAvailableDay = sql<boolean>`(jsonb_typeof(${clinicDoctorSettings.availableDays}) = 'object'
  and ${clinicDoctorSettings.availableDays} @? '$.* ? (@ == true)'::jsonpath)`;

/**
 * The cascade changes only when clinics edit doctors or call settings (or an account changes): its answers
 * are kept per instance until then (issue 10, db/change-feed.ts). Keys are the validated query values.
 */
export const DIRECTORY_TABLES = ['clinic_users', 'doctors', 'clinic_doctors', 'clinic_doctor_settings'] as const;
const directoryCache = <V>(maxEntries: number) => defineReadCache<V>({ tables: DIRECTORY_TABLES, maxEntries });
const statesCache = directoryCache<string[]>(1);
const citiesCache = directoryCache<string[]>(100);
const specialtiesCache = directoryCache<string[]>(5_000);
const doctorsCache = directoryCache<Array<{ id: number; name: string; specialty: string }>>(20_000);
const clinicsCache = directoryCache<Array<{ id: number; clinic_name: string; city: string; state: string }>>(20_000);
const settingsCache = directoryCache<BookableSettings | null>(50_000);
const key = (...parts: Array<string | number>) => parts.join('\u0001');

function bookableLinks<T extends Record<string, unknown>>(db: DbOrTx, columns: T, where: Array<SQL | undefined>, distinct = true) {
  const select = distinct ? db.selectDistinct(columns as never) : db.select(columns as never);
  return select
    .from(clinicDoctors)
    .innerJoin(clinicUsers, and(eq(clinicUsers.id, clinicDoctors.clinicId), eq(clinicUsers.status, 'active')))
    .innerJoin(doctors, eq(doctors.id, clinicDoctors.doctorId))
    .innerJoin(
      clinicDoctorSettings,
      and(eq(clinicDoctorSettings.clinicId, clinicDoctors.clinicId), eq(clinicDoctorSettings.doctorId, clinicDoctors.doctorId)),
    )
    .where(and(hasAvailableDay, ...where));
}

export function listBookableStates(db: DbOrTx): Promise<string[]> {
  return statesCache.read(db, '', () => queryBookableStates(db));
}

async function queryBookableStates(db: DbOrTx): Promise<string[]> {
  const rows = (await bookableLinks(db, { state: clinicUsers.state }, [])) as Array<{ state: string }>;
  return rows.map((r) => r.state).sort((a, b) => a.localeCompare(b));
}

export function listBookableCities(db: DbOrTx, state: string): Promise<string[]> {
  return citiesCache.read(db, state, () => queryBookableCities(db, state));
}

async function queryBookableCities(db: DbOrTx, state: string): Promise<string[]> {
  const rows = (await bookableLinks(db, { city: clinicUsers.city }, [eq(clinicUsers.state, state)])) as Array<{ city: string }>;
  return rows.map((r) => r.city).sort((a, b) => a.localeCompare(b));
}

export function listBookableSpecialties(db: DbOrTx, o: { state: string; city: string }): Promise<string[]> {
  return specialtiesCache.read(db, key(o.state, o.city), () => queryBookableSpecialties(db, o));
}

async function queryBookableSpecialties(db: DbOrTx, o: { state: string; city: string }): Promise<string[]> {
  const rows = (await bookableLinks(db, { specialty: doctors.specialty }, [
    eq(clinicUsers.state, o.state),
    eq(clinicUsers.city, o.city),
  ])) as Array<{ specialty: string }>;
  return rows.map((r) => r.specialty).sort((a, b) => a.localeCompare(b));
}

/** Each doctor once, however many clinics of the city he is bookable at. */
export function listBookableDoctors(db: DbOrTx, o: { state: string; city: string; specialty: string }) {
  return doctorsCache.read(db, key(o.state, o.city, o.specialty), () => queryBookableDoctors(db, o));
}

async function queryBookableDoctors(db: DbOrTx, o: { state: string; city: string; specialty: string }) {
  const rows = (await bookableLinks(db, { id: doctors.id, name: doctors.name, specialty: doctors.specialty }, [
    eq(clinicUsers.state, o.state),
    eq(clinicUsers.city, o.city),
    eq(doctors.specialty, o.specialty),
  ])) as Array<{ id: number; name: string; specialty: string }>;
  return rows.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

export function listBookableClinicsOfDoctor(db: DbOrTx, doctorId: number) {
  return clinicsCache.read(db, key(doctorId), () => queryBookableClinicsOfDoctor(db, doctorId));
}

async function queryBookableClinicsOfDoctor(db: DbOrTx, doctorId: number) {
  const rows = (await bookableLinks(
    db,
    { id: clinicUsers.id, clinic_name: clinicUsers.clinicName, city: clinicUsers.city, state: clinicUsers.state },
    [eq(clinicDoctors.doctorId, doctorId)],
    false,
  ).orderBy(asc(clinicUsers.clinicName), asc(clinicUsers.id))) as Array<{ id: number; clinic_name: string; city: string; state: string }>;
  return rows;
}

export interface BookableSettings {
  doctorName: string;
  specialty: string;
  clinicName: string;
  city: string;
  state: string;
  availableDays: unknown;
  maxSlots: number;
  callFrequency: number;
}

/**
 * The call settings of a bookable link, with the doctor's current name; null when the link is not bookable.
 * Inside a transaction (the booking's) it is read from the database.
 */
export function findBookableSettings(db: DbOrTx, o: { clinicId: number; doctorId: number }): Promise<BookableSettings | null> {
  return settingsCache.read(db, key(o.clinicId, o.doctorId), () => queryBookableSettings(db, o));
}

async function queryBookableSettings(db: DbOrTx, o: { clinicId: number; doctorId: number }): Promise<BookableSettings | null> {
  const rows = (await bookableLinks(
    db,
    {
      doctorName: doctors.name,
      specialty: doctors.specialty,
      clinicName: clinicUsers.clinicName,
      city: clinicUsers.city,
      state: clinicUsers.state,
      availableDays: clinicDoctorSettings.availableDays,
      maxSlots: clinicDoctorSettings.maxSlots,
      callFrequency: clinicDoctorSettings.callFrequency,
    },
    [eq(clinicDoctors.clinicId, o.clinicId), eq(clinicDoctors.doctorId, o.doctorId)],
    false,
  ).limit(1)) as BookableSettings[];
  return rows[0] ?? null;
}
