import { and, asc, eq, ne, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Write } from '../../db/write';
import { linkKeys } from '../../db/write-keys';
import { namedStatement, pairIn, type Param } from '../../db/query-tools';
import { clinicDoctors, clinicDoctorSettings, clinicUsers, doctors } from '../../db/schema';
import type { AvailableDays } from '../../../shared/schemas/clinic';

// Drizzle queries of the clinic's doctors (ARCHITECTURE: repo = queries only).

const doctorColumns = { id: doctors.id, name: doctors.name, specialty: doctors.specialty, city: doctors.city, state: doctors.state };

export async function findClinic(db: DbOrTx, clinicId: number) {
  const [row] = await db.select().from(clinicUsers).where(eq(clinicUsers.id, clinicId)).limit(1);
  return row ?? null;
}

/** The clinic's doctors in the order they were linked (the first is the Primary doctor). */
export function listClinicDoctors(db: DbOrTx, clinicId: number) {
  return db
    .select(doctorColumns)
    .from(clinicDoctors)
    .innerJoin(doctors, eq(doctors.id, clinicDoctors.doctorId))
    .where(eq(clinicDoctors.clinicId, clinicId))
    .orderBy(asc(clinicDoctors.createdAt), asc(clinicDoctors.id));
}

/** The doctor when linked to the clinic. */
export async function findLinkedDoctor(db: DbOrTx, clinicId: number, doctorId: number): Promise<LinkedDoctor | null> {
  const [row] = await linkedDoctorStatement(db).execute({ clinicId, doctorId });
  return row ?? null;
}

/** The linked doctors of several (clinic, doctor) pairs, with the clinic (batched reads). */
export function findLinkedDoctors(db: DbOrTx, pairs: Array<readonly [number, number]>) {
  return db
    .select({ clinicId: clinicDoctors.clinicId, ...doctorColumns })
    .from(clinicDoctors)
    .innerJoin(doctors, eq(doctors.id, clinicDoctors.doctorId))
    .where(pairIn(clinicDoctors.clinicId, clinicDoctors.doctorId, pairs));
}

const linkedDoctorQuery = (db: DbOrTx, clinicId: Param<number>, doctorId: Param<number>) =>
  db
    .select(doctorColumns)
    .from(clinicDoctors)
    .innerJoin(doctors, eq(doctors.id, clinicDoctors.doctorId))
    .where(and(eq(clinicDoctors.clinicId, clinicId), eq(clinicDoctors.doctorId, doctorId)))
    .limit(1);
const linkedDoctorStatement = namedStatement('rv_linked_doctor', (db, name) =>
  linkedDoctorQuery(db, sql.placeholder('clinicId'), sql.placeholder('doctorId')).prepare(name),
);
export type LinkedDoctor = { id: number; name: string; specialty: string; city: string; state: string };

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
