import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clinicDoctors, clinicDoctorSettings, clinicUsers, doctors } from '../../db/schema';

// Queries of the find-a-doctor cascade (spec part 2, 2.1 and 7). A bookable link is a doctor linked to an
// active clinic that has call settings for him with at least one available day; the cascade lists only what
// leads to one. Places are the clinic's state and city (that is where the rep goes).

/**
 * availableDays holds at least one `true` (it is a JSON object; anything else counts as no day). A jsonpath
 * test, ~15x cheaper than expanding the object with jsonb_each for every link (docs/decisions/012-performance-and-scaling.md).
 */
const hasAvailableDay = sql<boolean>`(jsonb_typeof(${clinicDoctorSettings.availableDays}) = 'object'
  and ${clinicDoctorSettings.availableDays} @? '$.* ? (@ == true)'::jsonpath)`;

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

export type BookableLink = BookableSettings & { clinicId: number; doctorId: number };

const linkColumns = {
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
};

function bookableLinks(db: DbOrTx, where: Array<SQL | undefined>) {
  return db
    .select(linkColumns)
    .from(clinicDoctors)
    .innerJoin(clinicUsers, and(eq(clinicUsers.id, clinicDoctors.clinicId), eq(clinicUsers.status, 'active')))
    .innerJoin(doctors, eq(doctors.id, clinicDoctors.doctorId))
    .innerJoin(clinicDoctorSettings, and(eq(clinicDoctorSettings.clinicId, clinicDoctors.clinicId), eq(clinicDoctorSettings.doctorId, clinicDoctors.doctorId)))
    .where(and(hasAvailableDay, ...where));
}

/** Every bookable link (the directory's snapshot, directory.service.ts). */
export async function listBookableLinks(db: DbOrTx): Promise<BookableLink[]> {
  return bookableLinks(db, []);
}

/**
 * The call settings of a bookable link, with the doctor's current name; null when the link is not bookable.
 */
export async function findBookableSettings(db: DbOrTx, o: { clinicId: number; doctorId: number }): Promise<BookableSettings | null> {
  const rows = (await bookableLinks(db, [eq(clinicDoctors.clinicId, o.clinicId), eq(clinicDoctors.doctorId, o.doctorId)]).limit(1)) as BookableLink[];
  return rows[0] ?? null;
}
