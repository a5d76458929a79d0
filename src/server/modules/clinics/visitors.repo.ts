import { and, between, eq, gte, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Write } from '../../db/write';
import { keysOfAppointment } from '../../cache/cache-keys';
import { namedStatement, pairIn, type Param } from '../../db/query-tools';
import { clinicDoctorSettings, clinicUsers, doctorAppointments, doctors, medicalReps, waitlistEntries } from '../../db/schema';
import { clinicVisitColumns, visitOrderBy } from '../../db/visit-order';
import { ACTIVE_VISIT_STATUSES } from '../../../shared/booking/visit-status';
import type { ClinicAppointment } from '../../../shared/schemas/clinic';
import type { CancelledVisit } from './clinic-mail';
import { accountLocale } from '../../i18n';

// Queries of the appointments a clinic sees and cancels (spec part 1, 3: Appointment, clinic view).

function clinicAppointmentsQuery(db: DbOrTx, q: { clinicId: Param<number>; doctorId: Param<number> } | SQL, dateCondition: SQL) {
  const which = 'clinicId' in q ? and(eq(doctorAppointments.clinicId, q.clinicId), eq(doctorAppointments.doctorId, q.doctorId)) : q;
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

/** The appointments of several (clinic, doctor) pairs from `fromDate` on (batched reads). */
export async function listClinicsAppointmentsFrom(db: DbOrTx, o: { pairs: Array<readonly [number, number]>; fromDate: string }): Promise<ClinicAppointment[]> {
  return (await clinicAppointmentsQuery(
    db,
    pairIn(doctorAppointments.clinicId, doctorAppointments.doctorId, o.pairs),
    gte(doctorAppointments.appointmentDate, o.fromDate),
  )) as ClinicAppointment[];
}

const pairPlaceholders = { clinicId: sql.placeholder('clinicId'), doctorId: sql.placeholder('doctorId') };
const clinicUpcomingStatement = namedStatement('rv_clinic_appointments', (db, name) =>
  clinicAppointmentsQuery(db, pairPlaceholders, gte(doctorAppointments.appointmentDate, sql.placeholder('fromDate'))).prepare(name),
);
const clinicDayStatement = namedStatement('rv_clinic_day', (db, name) =>
  clinicAppointmentsQuery(db, pairPlaceholders, eq(doctorAppointments.appointmentDate, sql.placeholder('date'))).prepare(name),
);

/** One doctor's appointments at one clinic: on `date`, or from `fromDate` on when no date is given. */
export async function listClinicAppointments(
  db: DbOrTx,
  q: { clinicId: number; doctorId: number; date?: string; fromDate: string },
): Promise<ClinicAppointment[]> {
  // A day, or from a date on: two named statements (decision 071).
  if (q.date) return (await clinicDayStatement(db).execute(q)) as ClinicAppointment[];
  return (await clinicUpcomingStatement(db).execute(q)) as ClinicAppointment[];
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

/**
 * How many reps wait (waiting or offered) in the lines of a doctor's days at the clinic: on `date`, or from `fromDate`
 * on (docs/decisions/043). The open-entry predicate is waitlist_entries_day_idx's, word for word.
 */
export async function countOpenWaitlist(db: DbOrTx, o: { clinicId: number; doctorId: number; date?: string; fromDate: string }): Promise<number> {
  const w = waitlistEntries;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(w)
    .where(
      and(
        eq(w.clinicId, o.clinicId),
        eq(w.doctorId, o.doctorId),
        o.date === undefined ? gte(w.date, o.fromDate) : eq(w.date, o.date),
        sql`${w.status} in ('waiting', 'offered')`,
      ),
    );
  return row?.n ?? 0;
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
