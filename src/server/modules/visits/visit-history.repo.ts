import { and, between, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isoInstant } from '../../db/query-tools';
import { clinicUsers, doctorAppointments, doctors, medicalReps } from '../../db/schema';
import type { VisitStatus } from '../../../shared/booking/visit-status';

// Queries of the visit histories and their CSV twins (docs/decisions/041-visit-outcomes-and-proof.md): one date range,
// newest first (date, then time with whole-day visits last, then id), read whole or a batch at a time after a key.

const a = doctorAppointments;
const timeKey = sql<string>`coalesce(${a.startTime}, '')`;
const newestFirst = [desc(a.appointmentDate), desc(timeKey), desc(a.id)];

/** Where a batch of a history stops: the next batch starts after this visit. */
export interface VisitKey {
  date: string;
  time: string | null;
  id: number;
}
export const visitKeyOf = (v: { id: number; appointment_date: string; start_time: string | null }): VisitKey => ({
  date: v.appointment_date,
  time: v.start_time,
  id: v.id,
});

const after = (k: VisitKey | undefined): SQL | undefined =>
  k ? sql`(${a.appointmentDate}, ${timeKey}, ${a.id}) < (${k.date}::date, ${k.time ?? ''}, ${k.id})` : undefined;

const visitColumns = {
  id: a.id,
  appointment_date: a.appointmentDate,
  start_time: a.startTime,
  status: sql<VisitStatus>`${a.status}`,
  cancelled_by: a.cancelledBy,
  cancel_reason: a.cancelReason,
  checked_in_at: isoInstant(a.checkedInAt),
  check_in_received_at: isoInstant(a.checkInReceivedAt),
};

export interface Range {
  from: string;
  to: string;
  after?: VisitKey;
  limit?: number;
}

/** The rep's visits in the range, with what the call report and a proof of visit name of the doctor and clinic. */
export async function findRepVisits(db: DbOrTx, o: Range & { repId: number }) {
  const q = db
    .select({
      ...visitColumns,
      doctor_name: doctors.name,
      doctor_specialty: doctors.specialty,
      clinic_name: clinicUsers.clinicName,
      clinic_city: clinicUsers.city,
      clinic_state: clinicUsers.state,
    })
    .from(a)
    .innerJoin(doctors, eq(doctors.id, a.doctorId))
    .innerJoin(clinicUsers, eq(clinicUsers.id, a.clinicId))
    .where(and(eq(a.repId, o.repId), between(a.appointmentDate, o.from, o.to), after(o.after)))
    .orderBy(...newestFirst);
  return o.limit ? q.limit(o.limit) : q;
}
export type RepVisitRow = Awaited<ReturnType<typeof findRepVisits>>[number];

/** The clinic's visits in the range, of one doctor or all, with the rep's name and company. */
export async function findClinicVisits(db: DbOrTx, o: Range & { clinicId: number; doctorId?: number }) {
  const q = db
    .select({ ...visitColumns, doctor_id: a.doctorId, doctor_name: doctors.name, rep_name: medicalReps.fullName, company_name: medicalReps.company })
    .from(a)
    .innerJoin(doctors, eq(doctors.id, a.doctorId))
    .innerJoin(medicalReps, eq(medicalReps.id, a.repId))
    .where(
      and(
        eq(a.clinicId, o.clinicId),
        o.doctorId === undefined ? undefined : eq(a.doctorId, o.doctorId),
        between(a.appointmentDate, o.from, o.to),
        after(o.after),
      ),
    )
    .orderBy(...newestFirst);
  return o.limit ? q.limit(o.limit) : q;
}
export type ClinicVisitRow = Awaited<ReturnType<typeof findClinicVisits>>[number];

/** The rep's name and company, as a proof of visit carries them. */
export async function findRepName(db: DbOrTx, repId: number) {
  const [row] = await db.select({ repName: medicalReps.fullName, company: medicalReps.company }).from(medicalReps).where(eq(medicalReps.id, repId)).limit(1);
  return row ?? null;
}
