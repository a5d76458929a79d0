import { and, asc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { defineBatchedReadCache, groupRows, hasChangeFeed, pairIn, preparedOnce, type Param } from '../../db/change-feed';
import type { DbOrTx } from '../../db/client';
import { clinicUsers, doctorAppointments, doctors, medicalReps } from '../../db/schema';
import type { ClinicAppointment } from '../../../shared/schemas/clinic';
import type { CancelledVisit } from './clinic-mail';

// Queries of the appointments a clinic sees and cancels (spec part 1, 3: Appointment, clinic view).

export const ACTIVE_STATUSES = ['booked', 'confirmed'] as const;

/** One doctor's appointments at one clinic: on `date`, or from `fromDate` on when no date is given. */
export async function listClinicAppointments(
  db: DbOrTx,
  q: { clinicId: number; doctorId: number; date?: string; fromDate: string },
): Promise<ClinicAppointment[]> {
  // The doctor's appointments from today on are kept per instance, one entry per doctor and clinic, until an
  // appointment or a rep's details change (issue 10, db/change-feed.ts); an earlier day is read directly.
  if (!hasChangeFeed(db) || (q.date !== undefined && q.date < q.fromDate)) return queryClinicAppointments(db, q);
  const upcoming = await clinicAppointmentsCache.read(db, { clinicId: q.clinicId, doctorId: q.doctorId, fromDate: q.fromDate });
  return q.date === undefined ? upcoming : upcoming.filter((a) => a.appointment_date === q.date);
}

type Upcoming = { clinicId: number; doctorId: number; fromDate: string };
const clinicAppointmentsCache = defineBatchedReadCache<Upcoming, ClinicAppointment[]>({
  tables: ['doctor_appointments', 'medical_reps'],
  maxEntries: 20_000,
  keyOf: (u) => `${u.clinicId}:${u.doctorId}:${u.fromDate}`,
  missing: [],
  loadMany: async (db, all) => {
    const found = new Map<string, ClinicAppointment[]>();
    for (const same of groupRows(all, (u) => u.fromDate, (u) => u).values()) {
      const { fromDate } = same[0]!;
      if (same.length === 1) {
        const prepared = clinicUpcomingPrepared(db);
        const rows = prepared ? ((await prepared.execute(same[0])) as ClinicAppointment[]) : await queryClinicAppointments(db, same[0]!);
        found.set(`${same[0]!.clinicId}:${same[0]!.doctorId}:${fromDate}`, rows);
        continue;
      }
      const rows = (await clinicAppointmentsQuery(
        db,
        pairIn(doctorAppointments.clinicId, doctorAppointments.doctorId, same.map((u) => [u.clinicId, u.doctorId] as const)),
        gte(doctorAppointments.appointmentDate, fromDate),
      )) as ClinicAppointment[];
      for (const [k, list] of groupRows(rows, (r) => `${r.clinic_id}:${r.doctor_id}:${fromDate}`, (r) => r)) found.set(k, list);
    }
    return found;
  },
});

const clinicAppointmentColumns = {
  id: doctorAppointments.id,
  appointment_date: doctorAppointments.appointmentDate,
  rep_id: doctorAppointments.repId,
  doctor_id: doctorAppointments.doctorId,
  clinic_id: doctorAppointments.clinicId,
  rep_name: medicalReps.fullName,
  company_name: medicalReps.company,
  contact_number: medicalReps.phone,
  status: doctorAppointments.status,
};

function clinicAppointmentsQuery(db: DbOrTx, q: { clinicId: Param<number>; doctorId: Param<number> } | SQL, dateCondition: SQL) {
  const which = 'clinicId' in q ? and(eq(doctorAppointments.clinicId, q.clinicId), eq(doctorAppointments.doctorId, q.doctorId)) : q;
  return db
    .select(clinicAppointmentColumns)
    .from(doctorAppointments)
    .innerJoin(medicalReps, eq(medicalReps.id, doctorAppointments.repId))
    .where(and(which, dateCondition))
    .orderBy(asc(doctorAppointments.appointmentDate), asc(doctorAppointments.bookedAt), asc(doctorAppointments.id));
}

const clinicUpcomingPrepared = preparedOnce((db) =>
  clinicAppointmentsQuery(
    db,
    { clinicId: sql.placeholder('clinicId'), doctorId: sql.placeholder('doctorId') },
    gte(doctorAppointments.appointmentDate, sql.placeholder('fromDate')),
  ).prepare('rv_clinic_appointments'),
);

async function queryClinicAppointments(
  db: DbOrTx,
  q: { clinicId: number; doctorId: number; date?: string; fromDate: string },
): Promise<ClinicAppointment[]> {
  const dateCondition = q.date ? eq(doctorAppointments.appointmentDate, q.date) : gte(doctorAppointments.appointmentDate, q.fromDate);
  return (await clinicAppointmentsQuery(db, q, dateCondition)) as ClinicAppointment[];
}

/**
 * Cancels the doctor's active appointments at the clinic matching `dateCondition`, keeping who and why; answers
 * what the e-mails to the reps need. Run it inside the caller's transaction.
 */
export async function cancelActiveAppointments(
  tx: DbOrTx,
  o: { clinicId: number; doctorId: number; dateCondition: SQL; reason: string; now: Date },
): Promise<CancelledVisit[]> {
  const cancelled = await tx
    .update(doctorAppointments)
    .set({ status: 'cancelled', cancelReason: o.reason, cancelledBy: 'clinic', cancelledAt: o.now, updatedAt: o.now })
    .where(
      and(
        eq(doctorAppointments.clinicId, o.clinicId),
        eq(doctorAppointments.doctorId, o.doctorId),
        inArray(doctorAppointments.status, [...ACTIVE_STATUSES]),
        o.dateCondition,
      ),
    )
    .returning({ id: doctorAppointments.id, repId: doctorAppointments.repId, appointmentDate: doctorAppointments.appointmentDate });
  if (cancelled.length === 0) return [];
  const [names] = await tx
    .select({ doctorName: doctors.name, doctorSpecialty: doctors.specialty, clinicName: clinicUsers.clinicName, clinicCity: clinicUsers.city, clinicState: clinicUsers.state })
    .from(doctors)
    .innerJoin(clinicUsers, eq(clinicUsers.id, o.clinicId))
    .where(eq(doctors.id, o.doctorId))
    .limit(1);
  const reps = await tx
    .select({ id: medicalReps.id, fullName: medicalReps.fullName, email: medicalReps.email })
    .from(medicalReps)
    .where(inArray(medicalReps.id, [...new Set(cancelled.map((c) => c.repId))]));
  const byId = new Map(reps.map((r) => [r.id, r]));
  return cancelled.flatMap((c) => {
    const rep = byId.get(c.repId);
    if (!rep) return [];
    return [
      {
        repId: rep.id,
        repName: rep.fullName,
        repEmail: rep.email,
        appointmentDate: c.appointmentDate,
        doctorName: names?.doctorName ?? 'your doctor',
        clinicName: names?.clinicName ?? 'The clinic',
        appointmentId: c.id,
        doctorSpecialty: names?.doctorSpecialty,
        clinicCity: names?.clinicCity,
        clinicState: names?.clinicState,
      },
    ];
  });
}
