import { and, between, eq, gte, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Write } from '../../db/write';
import { keysOfAppointment } from '../../cache/cache-keys';
import { namedStatement, type Param } from '../../db/query-tools';
import { clinicDoctors, clinicDoctorSettings, clinicUsers, doctorAppointments, doctors, medicalReps, waitlistEntries } from '../../db/schema';
import { clinicVisitColumns, visitOrderBy } from '../../db/visit-order';
import { ACTIVE_VISIT_STATUSES } from '../../../shared/booking/visit-status';
import type { ClinicAppointment } from '../../../shared/schemas/clinic';
import type { CancelledVisit } from './clinic-mail';
import { accountLocale } from '../../i18n';

// Queries of the appointments a clinic sees and cancels (spec part 1, 3: Appointment, clinic view).

function clinicAppointmentsQuery(db: DbOrTx, q: { clinicId: Param<number>; doctorId: Param<number> }, dateCondition: SQL) {
  const which = and(eq(doctorAppointments.clinicId, q.clinicId), eq(doctorAppointments.doctorId, q.doctorId));
  return (
    db
      .select(clinicVisitColumns)
      .from(doctorAppointments)
      .innerJoin(medicalReps, eq(medicalReps.id, doctorAppointments.repId))
      .where(and(which, dateCondition))
      // The day's order: by time, then booking (docs/decisions/039).
      .orderBy(...visitOrderBy)
  );
}

const pairPlaceholders = { clinicId: sql.placeholder('clinicId'), doctorId: sql.placeholder('doctorId') };
const clinicUpcomingStatement = namedStatement('rv_clinic_appointments', (db, name) =>
  clinicAppointmentsQuery(db, pairPlaceholders, gte(doctorAppointments.appointmentDate, sql.placeholder('fromDate'))).prepare(name),
);

/** One doctor's appointments at one clinic from `fromDate` on. */
export async function listClinicAppointments(db: DbOrTx, q: { clinicId: number; doctorId: number; fromDate: string }): Promise<ClinicAppointment[]> {
  return (await clinicUpcomingStatement(db).execute(q)) as ClinicAppointment[];
}

/** The day view of a doctor at a clinic (findClinicDay); null when the doctor is not linked to the clinic. */
export type ClinicDay = { appointments: ClinicAppointment[]; waiting: number } | null;

/**
 * The day view's one statement (docs/decisions/077-one-round-trip-per-read.md): the (clinic, doctor) link, left
 * joined to the doctor's visits there on `date` (or from `fromDate` on), with how many reps wait in those days'
 * lines (docs/decisions/043) as an uncorrelated subquery, run once. No row: not linked; one row without a visit: a
 * day without visits. Each part reads its own index (src/server/db/explain.test.ts).
 * (exported for the EXPLAIN test)
 */
export function queryClinicDay(db: DbOrTx, q: { clinicId: Param<number>; doctorId: Param<number> } & ({ date: Param<string> } | { fromDate: Param<string> })) {
  const a = doctorAppointments;
  const w = waitlistEntries;
  const onDays = (column: typeof a.appointmentDate | typeof w.date) => ('date' in q ? eq(column, q.date) : gte(column, q.fromDate));
  return (
    db
      .select({
        waiting: sql<number>`(select count(*)::int from ${w} where ${w.clinicId} = ${q.clinicId} and ${w.doctorId} = ${q.doctorId}
          and ${onDays(w.date)} and ${w.status} in ('waiting', 'offered'))`,
        ...clinicVisitColumns,
      })
      .from(clinicDoctors)
      .innerJoin(doctors, eq(doctors.id, clinicDoctors.doctorId))
      .leftJoin(a, and(eq(a.clinicId, clinicDoctors.clinicId), eq(a.doctorId, clinicDoctors.doctorId), onDays(a.appointmentDate)))
      .leftJoin(medicalReps, eq(medicalReps.id, a.repId))
      .where(and(eq(clinicDoctors.clinicId, q.clinicId), eq(clinicDoctors.doctorId, q.doctorId)))
      // The day's order: by time, then booking (docs/decisions/039).
      .orderBy(...visitOrderBy)
  );
}

const clinicDayStatement = namedStatement('rv_clinic_day', (db, name) =>
  queryClinicDay(db, { ...pairPlaceholders, date: sql.placeholder('date') }).prepare(name),
);
const clinicDaysFromStatement = namedStatement('rv_clinic_days_from', (db, name) =>
  queryClinicDay(db, { ...pairPlaceholders, fromDate: sql.placeholder('fromDate') }).prepare(name),
);

/** A doctor's visits at a clinic on `date`, or from `fromDate` on without one, and the reps waiting for those days. */
export async function findClinicDay(db: DbOrTx, q: { clinicId: number; doctorId: number; date?: string; fromDate: string }): Promise<ClinicDay> {
  const rows = q.date === undefined ? await clinicDaysFromStatement(db).execute(q) : await clinicDayStatement(db).execute({ ...q, date: q.date });
  if (rows.length === 0) return null;
  const appointments: ClinicAppointment[] = [];
  for (const { waiting: _, ...visit } of rows) if (visit.id !== null) appointments.push(visit as ClinicAppointment);
  return { appointments, waiting: rows[0]!.waiting };
}

/**
 * Cancels the doctor's active appointments at the clinic dated `from` to `to` (or from `from` on), keeping who and why; answers
 * what the e-mails to the reps need. Run it inside the caller's transaction.
 */
export async function cancelActiveAppointments(
  tx: Write,
  o: {
    clinicId: number;
    doctorId: number;
    /** the first day (Indian date) whose visits are cancelled */ from: string;
    /** the last day; absent: every day from `from` on */ to?: string;
    reason: string;
    now: Date;
    /** only these visits */ ids?: readonly number[];
    /** leave the visits of reps who checked in at reception as they are (docs/decisions/046) */ keepCheckedIn?: boolean;
  },
): Promise<CancelledVisit[]> {
  const cancelled = await tx
    .update(doctorAppointments)
    .set({ status: 'cancelled', cancelReason: o.reason, cancelledBy: 'clinic', cancelledAt: o.now, updatedAt: o.now })
    .where(
      and(
        eq(doctorAppointments.clinicId, o.clinicId),
        eq(doctorAppointments.doctorId, o.doctorId),
        inArray(doctorAppointments.status, [...ACTIVE_VISIT_STATUSES]),
        o.to === undefined ? gte(doctorAppointments.appointmentDate, o.from) : between(doctorAppointments.appointmentDate, o.from, o.to),
        o.ids ? inArray(doctorAppointments.id, [...o.ids]) : undefined,
        o.keepCheckedIn ? isNull(doctorAppointments.checkedInAt) : undefined,
      ),
    )
    .returning({
      id: doctorAppointments.id,
      repId: doctorAppointments.repId,
      appointmentDate: doctorAppointments.appointmentDate,
      startTime: doctorAppointments.startTime,
      revision: doctorAppointments.revision,
    });
  for (const v of cancelled) tx.changed(...keysOfAppointment({ ...v, clinicId: o.clinicId, doctorId: o.doctorId }));
  if (cancelled.length === 0) return [];
  const [names] = await tx
    .select({
      doctorName: doctors.name,
      doctorSpecialty: doctors.specialty,
      clinicName: clinicUsers.clinicName,
      clinicCity: clinicUsers.city,
      clinicState: clinicUsers.state,
      // the visit length, so the cancellation's calendar event has the booking's times (docs/decisions/039)
      slotMinutes: clinicDoctorSettings.slotMinutes,
    })
    .from(doctors)
    .innerJoin(clinicUsers, eq(clinicUsers.id, o.clinicId))
    .leftJoin(clinicDoctorSettings, and(eq(clinicDoctorSettings.clinicId, o.clinicId), eq(clinicDoctorSettings.doctorId, o.doctorId)))
    .where(eq(doctors.id, o.doctorId))
    .limit(1);
  const reps = await tx
    .select({ id: medicalReps.id, fullName: medicalReps.fullName, email: medicalReps.email, language: medicalReps.language })
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
        startTime: c.startTime,
        slotMinutes: names?.slotMinutes ?? undefined,
        revision: c.revision,
        locale: accountLocale(rep.language),
      },
    ];
  });
}

/** Which of `ids` are the doctor's visits at the clinic, with their dates (any status, any date). */
export async function findDoctorVisits(db: DbOrTx, o: { clinicId: number; doctorId: number; ids: readonly number[] }) {
  return db
    .select({ id: doctorAppointments.id, appointmentDate: doctorAppointments.appointmentDate })
    .from(doctorAppointments)
    .where(and(eq(doctorAppointments.clinicId, o.clinicId), eq(doctorAppointments.doctorId, o.doctorId), inArray(doctorAppointments.id, [...o.ids])));
}

/** Of these reps, those who allowed web push and have a browser subscription (decision 011). */
export async function findPushRecipients(db: DbOrTx, repIds: readonly number[]) {
  if (repIds.length === 0) return [];
  return db
    .select({ id: medicalReps.id, fullName: medicalReps.fullName, email: medicalReps.email })
    .from(medicalReps)
    .where(
      and(
        inArray(medicalReps.id, [...repIds]),
        eq(medicalReps.pushNotifications, true),
        isNotNull(medicalReps.pushSubscription),
        eq(medicalReps.status, 'active'),
      ),
    );
}
