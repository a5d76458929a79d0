import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isoInstant } from '../../db/query-tools';
import { clinicUsers, doctorAppointments, doctors, medicalReps } from '../../db/schema';

// What a proof of visit says of one of the rep's visits (docs/decisions/041-visit-outcomes-and-proof.md).

export interface ProvenVisitRow {
  id: number;
  repName: string;
  company: string;
  doctorName: string;
  doctorSpecialty: string;
  clinicName: string;
  clinicCity: string;
  clinicState: string;
  date: string;
  startTime: string | null;
  checkedInAt: string | null;
  checkInReceivedAt: string | null;
}

/** The rep's own visit with the names a proof carries; null when there is none of that id for this rep. */
export async function findProvenVisit(db: DbOrTx, o: { id: number; repId: number }): Promise<ProvenVisitRow | null> {
  const [row] = await db
    .select({
      id: doctorAppointments.id,
      repName: medicalReps.fullName,
      company: medicalReps.company,
      doctorName: doctors.name,
      doctorSpecialty: doctors.specialty,
      clinicName: clinicUsers.clinicName,
      clinicCity: clinicUsers.city,
      clinicState: clinicUsers.state,
      date: doctorAppointments.appointmentDate,
      startTime: doctorAppointments.startTime,
      checkedInAt: isoInstant(doctorAppointments.checkedInAt),
      checkInReceivedAt: isoInstant(doctorAppointments.checkInReceivedAt),
    })
    .from(doctorAppointments)
    .innerJoin(medicalReps, eq(medicalReps.id, doctorAppointments.repId))
    .innerJoin(doctors, eq(doctors.id, doctorAppointments.doctorId))
    .innerJoin(clinicUsers, eq(clinicUsers.id, doctorAppointments.clinicId))
    .where(and(eq(doctorAppointments.id, o.id), eq(doctorAppointments.repId, o.repId)))
    .limit(1);
  return row ?? null;
}

/** A visit's status now, and who cancelled it, for checking a proof against it; null once purged or never ours. */
export async function findVisitOutcome(db: DbOrTx, id: number): Promise<{ status: string; cancelledBy: string | null } | null> {
  const [row] = await db
    .select({ status: doctorAppointments.status, cancelledBy: doctorAppointments.cancelledBy })
    .from(doctorAppointments)
    .where(eq(doctorAppointments.id, id))
    .limit(1);
  return row ?? null;
}
