import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import type { Write } from '../../db/write';
import { appointmentKeyColumns } from '../../db/write-keys';
import { keysOfAppointment } from '../../cache/cache-keys';
import { clinicDoctorSettings, clinicUsers, doctorAppointments, doctors, medicalReps } from '../../db/schema';
import { clinicVisitColumns, visitToken } from '../../db/visit-order';
import { SLOT_MINUTES } from '../../../shared/booking/visit-windows';
import type { ClinicAppointment } from '../../../shared/schemas/clinic';

// Queries of the clinic's status moves of a visit (docs/decisions/041-visit-outcomes-and-proof.md).

const ACTIVE = ['booked', 'confirmed'];

/** The clinic's visit: what never changes of it (doctor, rep, date); null when it is not this clinic's. Not locked. */
export async function findClinicVisit(db: DbOrTx, o: { id: number; clinicId: number }) {
  const [row] = await db
    .select({
      id: doctorAppointments.id,
      doctorId: doctorAppointments.doctorId,
      repId: doctorAppointments.repId,
      appointmentDate: doctorAppointments.appointmentDate,
    })
    .from(doctorAppointments)
    .where(and(eq(doctorAppointments.id, o.id), eq(doctorAppointments.clinicId, o.clinicId)))
    .limit(1);
  return row ?? null;
}

/**
 * Locks the visit's row for the rest of the transaction and reads, under the lock, what a move is checked against
 * (ARCHITECTURE rule 5): its status, its check-in, and its outcome's mark and whether it was confirmed before it.
 */
export async function lockVisitStatus(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      status: doctorAppointments.status,
      checkedInAt: doctorAppointments.checkedInAt,
      confirmedAt: doctorAppointments.confirmedAt,
      outcomeAt: doctorAppointments.outcomeAt,
      outcomeBy: doctorAppointments.outcomeBy,
    })
    .from(doctorAppointments)
    .where(eq(doctorAppointments.id, id))
    .for('update');
  return row ?? null;
}

/** booked -> confirmed; false when the visit was no longer booked. */
export async function confirmVisit(tx: Write, o: { id: number; now: Date }): Promise<boolean> {
  const rows = await tx
    .update(doctorAppointments)
    .set({ status: 'confirmed', confirmedAt: o.now, updatedAt: o.now })
    .where(and(eq(doctorAppointments.id, o.id), eq(doctorAppointments.status, 'booked')))
    .returning(appointmentKeyColumns);
  for (const row of rows) tx.changed(...keysOfAppointment(row));
  return rows.length === 1;
}

/** An active visit -> completed or no_show, marked by the clinic; false when the visit was no longer active. */
export async function markVisitOutcome(tx: Write, o: { id: number; status: 'completed' | 'no_show'; now: Date }): Promise<boolean> {
  const rows = await tx
    .update(doctorAppointments)
    .set({ status: o.status, outcomeAt: o.now, outcomeBy: 'clinic', updatedAt: o.now })
    .where(and(eq(doctorAppointments.id, o.id), inArray(doctorAppointments.status, ACTIVE)))
    .returning(appointmentKeyColumns);
  for (const row of rows) tx.changed(...keysOfAppointment(row));
  return rows.length === 1;
}

/**
 * Takes back the clinic's completed or no_show: the visit returns to `status` (confirmed when the clinic had confirmed
 * it, else booked) with no outcome; false when it was not one the clinic marked (docs/decisions/046).
 */
export async function undoVisitOutcome(tx: Write, o: { id: number; status: 'booked' | 'confirmed'; now: Date }): Promise<boolean> {
  const rows = await tx
    .update(doctorAppointments)
    .set({ status: o.status, outcomeAt: null, outcomeBy: null, updatedAt: o.now })
    .where(and(eq(doctorAppointments.id, o.id), inArray(doctorAppointments.status, ['completed', 'no_show']), eq(doctorAppointments.outcomeBy, 'clinic')))
    .returning(appointmentKeyColumns);
  for (const row of rows) tx.changed(...keysOfAppointment(row));
  return rows.length === 1;
}

/** One visit as the clinic's day view lists it (GET /api/doctor-appointments), token and check-in included. */
export async function findClinicVisitView(db: DbOrTx, id: number): Promise<ClinicAppointment | null> {
  const [row] = await db
    .select(clinicVisitColumns)
    .from(doctorAppointments)
    .innerJoin(medicalReps, eq(medicalReps.id, doctorAppointments.repId))
    .where(eq(doctorAppointments.id, id))
    .limit(1);
  return (row as ClinicAppointment | undefined) ?? null;
}

/** What the rep's e-mail about the visit says (the booking e-mails' details). */
export async function findVisitMailDetails(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      appointmentId: doctorAppointments.id,
      date: doctorAppointments.appointmentDate,
      startTime: doctorAppointments.startTime,
      token: visitToken,
      slotMinutes: sql<number>`coalesce(${clinicDoctorSettings.slotMinutes}, ${SLOT_MINUTES.default})`.mapWith(Number),
      doctorName: doctors.name,
      doctorSpecialty: doctors.specialty,
      clinicName: clinicUsers.clinicName,
      clinicCity: clinicUsers.city,
      clinicState: clinicUsers.state,
      repId: medicalReps.id,
      repName: medicalReps.fullName,
      repEmail: medicalReps.email,
      repLanguage: medicalReps.language,
    })
    .from(doctorAppointments)
    .innerJoin(doctors, eq(doctors.id, doctorAppointments.doctorId))
    .innerJoin(clinicUsers, eq(clinicUsers.id, doctorAppointments.clinicId))
    .innerJoin(medicalReps, eq(medicalReps.id, doctorAppointments.repId))
    .leftJoin(
      clinicDoctorSettings,
      and(eq(clinicDoctorSettings.clinicId, doctorAppointments.clinicId), eq(clinicDoctorSettings.doctorId, doctorAppointments.doctorId)),
    )
    .where(eq(doctorAppointments.id, id))
    .limit(1);
  return row ?? null;
}
