import { and, asc, eq, gte, isNull, lte, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clinicAbsences } from '../../db/schema';
import type { Absence } from '../../../shared/booking/booking-rules';

// Queries of planned absences (docs/decisions/040-planned-absences.md). Bookings read them after taking the
// (clinic, doctor) settings row lock that adding an absence takes too, so a booking either commits before the
// absence (and is cancelled by it) or sees it.

/** The absences not ended that concern the doctor at the clinic (the doctor's leave or the whole clinic) and overlap [from, to]. */
export async function listDoctorAbsences(db: DbOrTx, o: { clinicId: number; doctorId: number; from: string; to: string }): Promise<Absence[]> {
  const rows = await db
    .select({ from: clinicAbsences.fromDate, to: clinicAbsences.toDate, doctorId: clinicAbsences.doctorId })
    .from(clinicAbsences)
    .where(
      and(
        eq(clinicAbsences.clinicId, o.clinicId),
        or(eq(clinicAbsences.doctorId, o.doctorId), isNull(clinicAbsences.doctorId)),
        isNull(clinicAbsences.endedAt),
        lte(clinicAbsences.fromDate, o.to),
        gte(clinicAbsences.toDate, o.from),
      ),
    )
    .orderBy(asc(clinicAbsences.fromDate));
  return rows.map((r) => ({ from: r.from, to: r.to, wholeClinic: r.doctorId === null }));
}
