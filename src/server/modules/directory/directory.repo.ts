import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookable, hasAvailableDay } from '../../db/bookable-links';
import { namedStatement, pairIn, type Param } from '../../db/query-tools';
import { clinicDoctors, clinicDoctorSettings, clinicUsers, doctors } from '../../db/schema';

// Queries of the find-a-doctor cascade (spec part 2, 2.1 and 7). A bookable link is a doctor linked to an
// active clinic that has call settings for him with at least one available day; the cascade lists only what
// leads to one. Places are the clinic's state and city (that is where the rep goes). Each query reads one
// place, one state, one doctor or one link through an index (src/server/db/explain.test.ts), never the whole
// directory (docs/decisions/027-directory-partitions.md).

export interface Place {
  state: string;
  city: string;
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
  visitWindows: { start: string; end: string }[];
  slotMinutes: number;
  /** The clinic confirms each booking (docs/decisions/041). */
  requiresApproval: boolean;
}

export interface PlaceDoctor {
  id: number;
  name: string;
  specialty: string;
}

const settingsColumns = {
  clinicId: clinicDoctors.clinicId,
  doctorId: clinicDoctors.doctorId,
  doctorName: doctors.name,
  specialty: doctors.specialty,
  clinicName: clinicUsers.clinicName,
  city: clinicUsers.city,
  state: clinicUsers.state,
  availableDays: clinicDoctorSettings.availableDays,
  maxSlots: clinicDoctorSettings.maxSlots,
  callFrequency: clinicDoctorSettings.callFrequency,
  visitWindows: clinicDoctorSettings.visitWindows,
  slotMinutes: clinicDoctorSettings.slotMinutes,
  requiresApproval: clinicDoctorSettings.requiresApproval,
};

/** The doctors bookable at clinics of one place, each once (one partition of the directory). */
export function queryBookableDoctorsOfPlace(db: DbOrTx, p: Place) {
  return db
    .selectDistinct({ id: doctors.id, name: doctors.name, specialty: doctors.specialty })
    .from(clinicUsers)
    .innerJoin(clinicDoctors, eq(clinicDoctors.clinicId, clinicUsers.id))
    .innerJoin(clinicDoctorSettings, and(eq(clinicDoctorSettings.clinicId, clinicDoctors.clinicId), eq(clinicDoctorSettings.doctorId, clinicDoctors.doctorId)))
    .innerJoin(doctors, eq(doctors.id, clinicDoctors.doctorId))
    .where(and(eq(clinicUsers.state, p.state), eq(clinicUsers.city, p.city), eq(clinicUsers.status, 'active'), hasAvailableDay));
}

/** A bookable link exists at an active clinic of the state (and city) given: stops at the first one found. */
const bookableIn = (p: { state: string; city?: string }) => sql`exists (
  select 1 from ${clinicUsers}
  join ${clinicDoctors} on ${clinicDoctors.clinicId} = ${clinicUsers.id}
  join ${clinicDoctorSettings} on ${clinicDoctorSettings.clinicId} = ${clinicDoctors.clinicId} and ${clinicDoctorSettings.doctorId} = ${clinicDoctors.doctorId}
  where ${clinicUsers.state} = ${p.state} ${p.city === undefined ? sql`` : sql`and ${clinicUsers.city} = ${p.city}`}
    and ${clinicUsers.status} = 'active' and ${hasAvailableDay})`;

/**
 * The distinct states of the clinics (or the distinct cities of one state), walked on the clinics' (state, city)
 * index one probe each (a loose index scan): a few dozen probes whatever the number of clinics.
 */
export function queryClinicStates(): SQL {
  return sql`with recursive s(state) as (
    (select state from ${clinicUsers} order by state limit 1)
    union all
    select (select u.state from ${clinicUsers} u where u.state > s.state order by u.state limit 1) from s where s.state is not null
  )
  select state as value from s where state is not null`;
}

export function queryClinicCities(state: string): SQL {
  return sql`with recursive p(city) as (
    (select city from ${clinicUsers} where state = ${state} order by city limit 1)
    union all
    select (select u.city from ${clinicUsers} u where u.state = ${state} and u.city > p.city order by u.city limit 1) from p where p.city is not null
  )
  select city as value from p where city is not null`;
}

/**
 * Which of `places` have a bookable doctor: one probe each with the place's own values (each planned for its
 * place, on the (state, city) index, stopping at the first bookable link), in one statement. Answers the
 * indexes in `places` of those that have one. A correlated EXISTS over the walked values would be planned once
 * for any state, as a semi-join over every clinic.
 */
export function queryBookablePlaces(places: ReadonlyArray<{ state: string; city?: string }>): SQL {
  return sql.join(
    places.map((p, i) => sql`select ${i}::int as value where ${bookableIn(p)}`),
    sql` union all `,
  );
}

async function values<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const answer = await db.execute(query);
  return (answer as { rows: Array<{ value: T }> }).rows.map((r) => r.value);
}

/** The distinct states of the clinics (bookable or not). */
export const listClinicStates = (db: DbOrTx): Promise<string[]> => values<string>(db, queryClinicStates());

/** The distinct cities of a state's clinics (bookable or not). */
export const listClinicCities = (db: DbOrTx, o: { state: string }): Promise<string[]> => values<string>(db, queryClinicCities(o.state));

/** Those of `places` (states, or states and cities) that have a bookable doctor. */
export async function listBookablePlaces<P extends { state: string; city?: string }>(db: DbOrTx, places: readonly P[]): Promise<P[]> {
  if (places.length === 0) return [];
  const found = await values<number>(db, queryBookablePlaces(places));
  return found.map((i) => places[i]!);
}

export async function listBookableDoctorsOfPlace(db: DbOrTx, p: Place): Promise<PlaceDoctor[]> {
  return queryBookableDoctorsOfPlace(db, p);
}

const clinicOfDoctorColumns = {
  doctorId: clinicDoctors.doctorId,
  id: clinicUsers.id,
  clinic_name: clinicUsers.clinicName,
  city: clinicUsers.city,
  state: clinicUsers.state,
};

/** The clinics where each of `doctorIds` (or one doctor) is bookable (the cascade's last step), on the clinic_doctors doctor index. */
export function queryBookableClinicsOfDoctors(db: DbOrTx, doctorIds: number[] | Param<number>) {
  const which = Array.isArray(doctorIds) ? inArray(clinicDoctors.doctorId, doctorIds) : eq(clinicDoctors.doctorId, doctorIds);
  return bookable(db.select(clinicOfDoctorColumns).from(clinicDoctors).$dynamic(), which);
}

/** One doctor's (the usual miss): a named statement (decision 071). */
const doctorClinicsStatement = namedStatement('rv_doctor_clinics', (db, name) => queryBookableClinicsOfDoctors(db, sql.placeholder('doctorId')).prepare(name));

export async function listBookableClinicsOfDoctor(db: DbOrTx, doctorId: number) {
  const rows = await doctorClinicsStatement(db).execute({ doctorId });
  return rows.map(({ doctorId: _d, ...clinic }) => clinic);
}

/** The call settings of bookable links, with the doctor's current name; a link not bookable is left out. */
export function findBookableSettingsOfLinks(db: DbOrTx, links: ReadonlyArray<readonly [number, number]>) {
  return bookable(db.select(settingsColumns).from(clinicDoctors).$dynamic(), pairIn(clinicDoctors.clinicId, clinicDoctors.doctorId, links));
}

const linkSettingsQuery = (db: DbOrTx, o: { clinicId: Param<number>; doctorId: Param<number> }) =>
  bookable(db.select(settingsColumns).from(clinicDoctors).$dynamic(), and(eq(clinicDoctors.clinicId, o.clinicId), eq(clinicDoctors.doctorId, o.doctorId)));

/** One link's (the usual miss): a named statement (decision 071). */
const linkSettingsStatement = namedStatement('rv_link_settings', (db, name) =>
  linkSettingsQuery(db, { clinicId: sql.placeholder('clinicId'), doctorId: sql.placeholder('doctorId') }).prepare(name),
);

/** The call settings of a bookable link, with the doctor's current name; null when the link is not bookable. */
export async function findBookableSettings(db: DbOrTx, o: { clinicId: number; doctorId: number }): Promise<BookableSettings | null> {
  const [row] = await linkSettingsStatement(db).execute(o);
  if (!row) return null;
  const { clinicId: _c, doctorId: _d, ...settings } = row;
  return settings;
}

/** A clinic's place (what a change to one of its links touches in the directory). */
export async function findClinicPlace(db: DbOrTx, clinicId: number): Promise<Place | null> {
  const [clinic] = await db.select({ state: clinicUsers.state, city: clinicUsers.city }).from(clinicUsers).where(eq(clinicUsers.id, clinicId)).limit(1);
  return clinic ?? null;
}
