import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { clinicDoctors, clinicDoctorSettings, clinicUsers, doctors } from './schema';

// What makes a link bookable (spec part 2, 2.1 and 7): a doctor linked to an active clinic that has call
// settings for him with at least one available day. The find-a-doctor cascade and the booking calendar both
// read links so; the rule lives here once.

/**
 * availableDays holds at least one `true` (it is a JSON object; anything else counts as no day). A jsonpath
 * test, ~15x cheaper than expanding the object with jsonb_each for every link (docs/decisions/012-performance-and-scaling.md).
 */
export const hasAvailableDay = sql<boolean>`(jsonb_typeof(${clinicDoctorSettings.availableDays}) = 'object'
  and ${clinicDoctorSettings.availableDays} @? '$.* ? (@ == true)'::jsonpath)`;

/** Keeps the links of `query` (from clinic_doctors) that are bookable, joining their clinic, doctor and settings. */
export function bookable<T extends PgSelect>(query: T, where: SQL | undefined) {
  return query
    .innerJoin(clinicUsers, and(eq(clinicUsers.id, clinicDoctors.clinicId), eq(clinicUsers.status, 'active')))
    .innerJoin(doctors, eq(doctors.id, clinicDoctors.doctorId))
    .innerJoin(clinicDoctorSettings, and(eq(clinicDoctorSettings.clinicId, clinicDoctors.clinicId), eq(clinicDoctorSettings.doctorId, clinicDoctors.doctorId)))
    .where(and(hasAvailableDay, where));
}
