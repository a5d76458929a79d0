import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { namedStatement, pairIn, type Param } from '../../db/query-tools';
import { clinicDoctors, doctors } from '../../db/schema';

// The links between clinics and doctors as every clinic call checks them (access.ts): the one read the doctors,
// call-settings and leave modules all need, kept here so that none of them imports another to check a link.

const doctorColumns = { id: doctors.id, name: doctors.name, specialty: doctors.specialty, city: doctors.city, state: doctors.state };

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
