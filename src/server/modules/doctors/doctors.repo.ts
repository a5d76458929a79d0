import { and, asc, eq, ne, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Write } from '../../db/write';
import { linkKeys } from '../../db/write-keys';
import { clinicDoctors, clinicDoctorSettings, clinicUsers, doctors } from '../../db/schema';
import type { AvailableDays } from '../../../shared/schemas/clinic';

// Drizzle queries of the clinic's doctors (ARCHITECTURE: repo = queries only). Whether a doctor is linked to a clinic,
// which every clinic call checks, is read by modules/clinics (access.ts).

const doctorColumns = { id: doctors.id, name: doctors.name, specialty: doctors.specialty, city: doctors.city, state: doctors.state };

/** The clinic's doctors in the order they were linked (the first is the Primary doctor). */
export function listClinicDoctors(db: DbOrTx, clinicId: number) {
  return db
    .select(doctorColumns)
    .from(clinicDoctors)
    .innerJoin(doctors, eq(doctors.id, clinicDoctors.doctorId))
    .where(eq(clinicDoctors.clinicId, clinicId))
    .orderBy(asc(clinicDoctors.createdAt), asc(clinicDoctors.id));
}

/** Doctors of the state linked to at least one OTHER clinic and not to this one, with those clinics' names. */
export async function listAvailableDoctorLinks(db: DbOrTx, clinicId: number, state: string, doctorId?: number) {
  const linkedHere = db.select({ id: clinicDoctors.doctorId }).from(clinicDoctors).where(eq(clinicDoctors.clinicId, clinicId));
  return db
    .select({ ...doctorColumns, clinicName: clinicUsers.clinicName })
    .from(doctors)
    .innerJoin(clinicDoctors, eq(clinicDoctors.doctorId, doctors.id))
    .innerJoin(clinicUsers, eq(clinicUsers.id, clinicDoctors.clinicId))
    .where(
      and(
        eq(doctors.state, state),
        ne(clinicDoctors.clinicId, clinicId),
        eq(clinicUsers.status, 'active'),
        notInArray(doctors.id, linkedHere),
        doctorId === undefined ? undefined : eq(doctors.id, doctorId),
      ),
    )
    .orderBy(asc(doctors.name), asc(doctors.id), asc(clinicUsers.clinicName));
}

/** A new doctor is shown nowhere until a link names him (insertLink's keys). */
export async function insertDoctor(db: Write, values: typeof doctors.$inferInsert) {
  const [row] = await db.insert(doctors).values(values).returning(doctorColumns);
  return row!;
}

export async function insertLink(db: Write, clinicId: number, doctorId: number, now: Date) {
  await db.insert(clinicDoctors).values({ clinicId, doctorId, createdAt: now });
  db.changed(...(await linkKeys(db, { clinicId, doctorId })));
}

export async function insertSettingsIfMissing(
  db: Write,
  values: { clinicId: number; doctorId: number; doctorName: string; maxSlots: number; callFrequency: number; availableDays: AvailableDays; now: Date },
) {
  const { now, ...rest } = values;
  await db
    .insert(clinicDoctorSettings)
    .values({ ...rest, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [clinicDoctorSettings.clinicId, clinicDoctorSettings.doctorId] });
  db.changed(...(await linkKeys(db, values)));
}

/** Unlinks the doctor and deletes this clinic's settings for him; answers whether a link was removed. */
export async function deleteLinkAndSettings(db: Write, clinicId: number, doctorId: number): Promise<boolean> {
  db.changed(...(await linkKeys(db, { clinicId, doctorId })));
  const removed = await db
    .delete(clinicDoctors)
    .where(and(eq(clinicDoctors.clinicId, clinicId), eq(clinicDoctors.doctorId, doctorId)))
    .returning({ id: clinicDoctors.id });
  await db.delete(clinicDoctorSettings).where(and(eq(clinicDoctorSettings.clinicId, clinicId), eq(clinicDoctorSettings.doctorId, doctorId)));
  return removed.length > 0;
}
