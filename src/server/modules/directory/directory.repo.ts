import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
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

export async function listBookableStates(db: DbOrTx): Promise<string[]> {
  const rows = (await bookableLinks(db, { state: clinicUsers.state }, [])) as Array<{ state: string }>;
  return rows.map((r) => r.state).sort((a, b) => a.localeCompare(b));
}

export async function listBookableCities(db: DbOrTx, state: string): Promise<string[]> {
  const rows = (await bookableLinks(db, { city: clinicUsers.city }, [eq(clinicUsers.state, state)])) as Array<{ city: string }>;
  return rows.map((r) => r.city).sort((a, b) => a.localeCompare(b));
}

export async function listBookableSpecialties(db: DbOrTx, o: { state: string; city: string }): Promise<string[]> {
  const rows = (await bookableLinks(db, { specialty: doctors.specialty }, [
    eq(clinicUsers.state, o.state),
    eq(clinicUsers.city, o.city),
  ])) as Array<{ specialty: string }>;
  return rows.map((r) => r.specialty).sort((a, b) => a.localeCompare(b));
}

/** Each doctor once, however many clinics of the city he is bookable at. */
export async function listBookableDoctors(db: DbOrTx, o: { state: string; city: string; specialty: string }) {
  const rows = (await bookableLinks(db, { id: doctors.id, name: doctors.name, specialty: doctors.specialty }, [
    eq(clinicUsers.state, o.state),
    eq(clinicUsers.city, o.city),
    eq(doctors.specialty, o.specialty),
  ])) as Array<{ id: number; name: string; specialty: string }>;
  return rows.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

export async function listBookableClinicsOfDoctor(db: DbOrTx, doctorId: number) {
  const rows = (await bookableLinks(
    db,
    { id: clinicUsers.id, clinic_name: clinicUsers.clinicName, city: clinicUsers.city, state: clinicUsers.state },
    [eq(clinicDoctors.doctorId, doctorId)],
    false,
  ).orderBy(asc(clinicUsers.clinicName), asc(clinicUsers.id))) as Array<{ id: number; clinic_name: string; city: string; state: string }>;
  return rows;
}

/** The call settings of a bookable link, with the doctor's current name; null when the link is not bookable. */
export async function findBookableSettings(db: DbOrTx, o: { clinicId: number; doctorId: number }) {
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
  ).limit(1)) as Array<{
    doctorName: string;
    specialty: string;
    clinicName: string;
    city: string;
    state: string;
    availableDays: unknown;
    maxSlots: number;
    callFrequency: number;
  }>;
  return rows[0] ?? null;
}
