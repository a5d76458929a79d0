import { and, asc, between, count, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Write } from '../../db/write';
import { cacheKey } from '../../cache/cache-keys';
import { clinicAbsences, clinicDoctors, clinicDoctorSettings, doctorAppointments, doctors } from '../../db/schema';
import { LEAVE_LIMITS, type Leave } from '../../../shared/schemas/leave';
import { ACTIVE_VISIT_STATUSES } from '../../../shared/booking/visit-status';

// Queries of leave: a doctor's planned absence or the whole clinic closed (docs/decisions/040-planned-absences.md;
// the table keeps its name, clinic_absences). Bookings read them after taking the
// (clinic, doctor) settings row lock that adding an absence takes too, so a booking either commits before the
// absence (and is cancelled by it) or sees it.

const leaveColumns = {
  id: clinicAbsences.id,
  clinicId: clinicAbsences.clinicId,
  doctorId: clinicAbsences.doctorId,
  from: clinicAbsences.fromDate,
  to: clinicAbsences.toDate,
  reason: clinicAbsences.reason,
};

/** The doctors linked to the clinic, by ascending id (the order their settings rows are locked in). */
export async function listLinkedDoctorIds(db: DbOrTx, clinicId: number): Promise<number[]> {
  const rows = await db
    .select({ id: clinicDoctors.doctorId })
    .from(clinicDoctors)
    .where(eq(clinicDoctors.clinicId, clinicId))
    .orderBy(asc(clinicDoctors.doctorId));
  return rows.map((r) => r.id);
}

/**
 * Locks the (clinic, doctor) settings rows of these doctors FOR UPDATE, the booking's "lock 2", in ascending doctor
 * id: the sort runs below the row locking, so two whole-clinic absences take the rows in one order and never
 * wait on each other crosswise; a booking holds one of them only.
 */
export async function lockSettingsRows(tx: DbOrTx, o: { clinicId: number; doctorIds: readonly number[] }): Promise<void> {
  if (o.doctorIds.length === 0) return;
  await tx
    .select({ id: clinicDoctorSettings.id })
    .from(clinicDoctorSettings)
    .where(and(eq(clinicDoctorSettings.clinicId, o.clinicId), inArray(clinicDoctorSettings.doctorId, [...o.doctorIds])))
    .orderBy(asc(clinicDoctorSettings.doctorId))
    .for('update');
}

export async function insertLeave(
  tx: Write,
  v: { clinicId: number; doctorId: number | null; from: string; to: string; reason: string; now: Date },
): Promise<Leave> {
  const [row] = await tx
    .insert(clinicAbsences)
    .values({ clinicId: v.clinicId, doctorId: v.doctorId, fromDate: v.from, toDate: v.to, reason: v.reason, createdAt: v.now })
    .returning(leaveColumns);
  await leaveChanged(tx, { clinicId: v.clinicId, doctorId: v.doctorId });
  return row!;
}

/** An absence's keys: the closures of its doctor at the clinic, or of every doctor linked there (a whole-clinic one). */
async function leaveChanged(tx: Write, o: { clinicId: number; doctorId: number | null }): Promise<void> {
  const doctorIds = o.doctorId === null ? await listLinkedDoctorIds(tx, o.clinicId) : [o.doctorId];
  tx.changed(...doctorIds.map((d) => cacheKey.closures(o.clinicId, d)));
}

/** How many active (booked or confirmed) visits of these doctors at the clinic fall in [from, to]. */
export async function countActiveVisits(db: DbOrTx, o: { clinicId: number; doctorIds: readonly number[]; from: string; to: string }): Promise<number> {
  if (o.doctorIds.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(doctorAppointments)
    .where(
      and(
        eq(doctorAppointments.clinicId, o.clinicId),
        inArray(doctorAppointments.doctorId, [...o.doctorIds]),
        inArray(doctorAppointments.status, [...ACTIVE_VISIT_STATUSES]),
        between(doctorAppointments.appointmentDate, o.from, o.to),
      ),
    );
  return Number(row?.n ?? 0);
}

/** The clinic's absences not ended that overlap [from, to] (`to` absent: open-ended), by first day. */
export function listClinicLeave(db: DbOrTx, o: { clinicId: number; from: string; to?: string }): Promise<Leave[]> {
  return db
    .select(leaveColumns)
    .from(clinicAbsences)
    .where(
      and(
        eq(clinicAbsences.clinicId, o.clinicId),
        isNull(clinicAbsences.endedAt),
        gte(clinicAbsences.toDate, o.from),
        o.to === undefined ? undefined : lte(clinicAbsences.fromDate, o.to),
      ),
    )
    .orderBy(asc(clinicAbsences.fromDate), asc(clinicAbsences.id))
    .limit(LEAVE_LIMITS.inForce);
}

/** How many absences of the clinic are in force (not ended, last day today or later). */
export async function countLeaveInForce(db: DbOrTx, o: { clinicId: number; today: string }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(clinicAbsences)
    .where(and(eq(clinicAbsences.clinicId, o.clinicId), isNull(clinicAbsences.endedAt), gte(clinicAbsences.toDate, o.today)));
  return row?.n ?? 0;
}

/** A doctor's absences at a clinic, removed with the doctor's link there (a later re-link starts clean). */
export async function deleteDoctorLeave(db: Write, o: { clinicId: number; doctorId: number }): Promise<void> {
  const rows = await db
    .delete(clinicAbsences)
    .where(and(eq(clinicAbsences.clinicId, o.clinicId), eq(clinicAbsences.doctorId, o.doctorId)))
    .returning({ id: clinicAbsences.id });
  if (rows.length > 0) await leaveChanged(db, o);
}

/**
 * Ends the clinic's absence `id` now. Null when the clinic has no such absence; `ended: false` when it was ended
 * already (kept as it was).
 */
export async function markLeaveEnded(
  db: Write,
  o: { clinicId: number; id: number; now: Date },
): Promise<{ doctorId: number | null; from: string; to: string; ended: boolean } | null> {
  const [ended] = await db
    .update(clinicAbsences)
    .set({ endedAt: o.now })
    .where(and(eq(clinicAbsences.id, o.id), eq(clinicAbsences.clinicId, o.clinicId), isNull(clinicAbsences.endedAt)))
    .returning({ doctorId: clinicAbsences.doctorId, from: clinicAbsences.fromDate, to: clinicAbsences.toDate });
  if (ended) {
    // The calendars of the doctors concerned reopen the days.
    await leaveChanged(db, { clinicId: o.clinicId, doctorId: ended.doctorId });
    return { ...ended, ended: true };
  }
  const [before] = await db
    .select({ doctorId: clinicAbsences.doctorId, from: clinicAbsences.fromDate, to: clinicAbsences.toDate })
    .from(clinicAbsences)
    .where(and(eq(clinicAbsences.id, o.id), eq(clinicAbsences.clinicId, o.clinicId)))
    .limit(1);
  return before ? { ...before, ended: false } : null;
}

/** The name of a doctor the clinic lists, for its log of an absence (decision 075); undefined once unlinked. */
export async function findLinkedDoctorName(db: DbOrTx, o: { clinicId: number; doctorId: number }): Promise<string | undefined> {
  const [row] = await db
    .select({ name: doctors.name })
    .from(clinicDoctors)
    .innerJoin(doctors, eq(doctors.id, clinicDoctors.doctorId))
    .where(and(eq(clinicDoctors.clinicId, o.clinicId), eq(clinicDoctors.doctorId, o.doctorId)))
    .limit(1);
  return row?.name;
}
