import { and, asc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { isoInstant, namedStatement, type Param } from '../../db/query-tools';
import type { DbOrTx, Tx } from '../../db/client';
import type { Write } from '../../db/write';
import { keysOfAppointment } from '../../cache/cache-keys';
import { bookable } from '../../db/bookable-links';
import {
  clinicDoctors,
  clinicDoctorSettings,
  clinicUsers,
  doctorAppointments,
  clinicAbsences,
  doctorDayClosures,
  doctors,
  idempotencyKeys,
  medicalReps,
  waitlistEntries,
} from '../../db/schema';
import type { RepAppointment } from '../../../shared/schemas/booking';
import { visitToken } from '../../db/visit-order';
import { SLOT_MINUTES } from '../../../shared/booking/visit-windows';

// Drizzle queries of the rep's bookings (ARCHITECTURE: repo = queries only).

const repColumns = {
  id: medicalReps.id,
  fullName: medicalReps.fullName,
  email: medicalReps.email,
  status: medicalReps.status,
  subscriptionStatus: medicalReps.subscriptionStatus,
  subscriptionExpiresAt: medicalReps.subscriptionExpiresAt,
  /** the rep's language: their booking e-mails are written in it (docs/decisions/045) */
  language: medicalReps.language,
};

type RepRow = {
  id: number;
  fullName: string;
  email: string;
  status: string;
  subscriptionStatus: string;
  subscriptionExpiresAt: Date | null;
  language: string | null;
};
type DoctorDayRow = { id: number; date: string; status: string; repId: number; startTime: string | null; bookedAt: Date | string };
type RepWithDoctorRow = { id: number; date: string; status: string; clinicId: number };
const doctorDayColumns = {
  id: doctorAppointments.id,
  date: doctorAppointments.appointmentDate,
  status: doctorAppointments.status,
  repId: doctorAppointments.repId,
  startTime: doctorAppointments.startTime,
  bookedAt: doctorAppointments.bookedAt,
};
type P<T> = Param<T>;
const ph = sql.placeholder;

const repQuery = (db: DbOrTx, repId: P<number> | number[]) =>
  db
    .select(repColumns)
    .from(medicalReps)
    .where(Array.isArray(repId) ? inArray(medicalReps.id, repId) : eq(medicalReps.id, repId));

/** Several reps at once, by id. */
export async function findReps(db: DbOrTx, repIds: number[]): Promise<RepRow[]> {
  return repQuery(db, repIds);
}

/** Lock 1 of a booking: the rep's row. Every booking and cancellation of a rep runs one after the other. */
export async function lockRep(tx: Tx, repId: number) {
  const [row] = await tx.select(repColumns).from(medicalReps).where(eq(medicalReps.id, repId)).for('update');
  return row ?? null;
}

/**
 * Lock 2 of a booking: the (clinic, doctor) settings row. Every booking of that doctor there runs in turn.
 * The clinic's and doctor's rows are held first (FOR KEY SHARE, which bookings never wait on among themselves):
 * the appointment's foreign keys would take that lock anyway, but only at the insert, after the settings row,
 * while deleting a clinic or doctor locks its row and then, by cascade, the settings row: the opposite order,
 * a deadlock. In this order the deletion waits for the booking or the booking finds the link gone.
 */
export async function lockDoctorSettings(tx: Tx, o: { clinicId: number; doctorId: number }) {
  await tx
    .select({ id: clinicUsers.id })
    .from(clinicUsers)
    .innerJoin(doctors, eq(doctors.id, o.doctorId))
    .where(eq(clinicUsers.id, o.clinicId))
    .for('key share');
  const [row] = await tx
    .select({ id: clinicDoctorSettings.id })
    .from(clinicDoctorSettings)
    .where(and(eq(clinicDoctorSettings.clinicId, o.clinicId), eq(clinicDoctorSettings.doctorId, o.doctorId)))
    .for('update');
  return row ?? null;
}

export async function findIdempotentAnswer(db: DbOrTx, o: { repId: number; key: string }) {
  const [row] = await db
    .select({ statusCode: idempotencyKeys.statusCode, responseBody: idempotencyKeys.responseBody })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.repId, o.repId), eq(idempotencyKeys.key, o.key)))
    .limit(1);
  return row ?? null;
}

export async function saveIdempotentAnswer(tx: Write, o: { repId: number; key: string; statusCode: number; responseBody: unknown; now: Date }) {
  await tx.insert(idempotencyKeys).values({ repId: o.repId, key: o.key, statusCode: o.statusCode, responseBody: o.responseBody, createdAt: o.now });
}

/** The doctor's non-cancelled appointments at the clinic between two dates (inclusive); the EXPLAIN test reads its plan. */
export function queryDoctorAppointmentsBetween(db: DbOrTx, o: { clinicId: P<number>; doctorId: P<number>; from: P<string>; to: P<string> }) {
  return db
    .select(doctorDayColumns)
    .from(doctorAppointments)
    .where(
      and(
        eq(doctorAppointments.clinicId, o.clinicId),
        eq(doctorAppointments.doctorId, o.doctorId),
        gte(doctorAppointments.appointmentDate, o.from),
        lte(doctorAppointments.appointmentDate, o.to),
        ne(doctorAppointments.status, 'cancelled'),
      ),
    );
}

/** What a calendar month needs from the database, read in one statement (calendarInputs). */
export interface CalendarInputs {
  doctorName: string;
  availableDays: unknown;
  maxSlots: number;
  callFrequency: number;
  visitWindows: { start: string; end: string }[];
  slotMinutes: number;
  /** the doctor's non-cancelled appointments at the clinic in the range */
  doctorDays: DoctorDayRow[];
  /** the rep's non-cancelled appointments with the doctor at any clinic, by date */
  repVisits: RepWithDoctorRow[];
  /** the dates in the range the clinic closed for the doctor, in order */
  closedDates: string[];
  /** the planned absences not ended that concern the doctor and overlap the range (docs/decisions/040) */
  absences: { from: string; to: string; wholeClinic: boolean }[];
  /** the waitlist offers of the doctor's days in the range: each holds a slot until it expires (docs/decisions/043) */
  holds: HoldRow[];
  /** the rep's subscription, which the calendar shows (null: no such rep) (docs/decisions/077) */
  repSubscriptionStatus: string | null;
  repSubscriptionExpiresAt: Date | null;
}

/** A waitlist offer of a doctor's day (its hold counts while offer_expires_at is later than now). */
export type HoldRow = { id: number; date: string; repId: number; status: string; offerExpiresAt: string; heldStartTime: string | null };

// The lists the calendar's month and a booking's day read, each a subquery on its own index (explain.test.ts), as
// JSON: one statement answers them all (queryCalendarInputs, queryDayFacts).
type Range = { clinicId: P<number>; doctorId: P<number>; from: P<string>; to: P<string> };
const a = doctorAppointments;
/** The doctor's visits at the clinic in the range that are not cancelled. */
const doctorDaysJson = (o: Range) =>
  sql<
    DoctorDayRow[]
  >`coalesce((select json_agg(json_build_object('id', ${a.id}, 'date', ${a.appointmentDate}, 'status', ${a.status}, 'repId', ${a.repId}, 'startTime', ${a.startTime}, 'bookedAt', ${a.bookedAt}))
    from ${a} where ${a.clinicId} = ${o.clinicId} and ${a.doctorId} = ${o.doctorId}
      and ${a.appointmentDate} between ${o.from} and ${o.to} and ${a.status} <> 'cancelled'), '[]'::json)`;
/** The rep's visits with the doctor at any clinic that are not cancelled, by date. */
const repVisitsJson = (o: { doctorId: P<number>; repId: P<number> | null }) =>
  sql<
    RepWithDoctorRow[]
  >`coalesce((select json_agg(json_build_object('id', ${a.id}, 'date', ${a.appointmentDate}, 'status', ${a.status}, 'clinicId', ${a.clinicId}) order by ${a.appointmentDate}, ${a.id})
    from ${a} where ${a.repId} = ${o.repId} and ${a.doctorId} = ${o.doctorId} and ${a.status} <> 'cancelled'), '[]'::json)`;
/** The dates in the range the clinic closed for the doctor, in order. */
const closedDatesJson = (o: Range) => {
  const c = doctorDayClosures;
  return sql<string[]>`coalesce((select json_agg(${c.closedDate} order by ${c.closedDate})
    from ${c} where ${c.clinicId} = ${o.clinicId} and ${c.doctorId} = ${o.doctorId} and ${c.closedDate} between ${o.from} and ${o.to}), '[]'::json)`;
};
/** The absences not ended that concern the doctor (or the whole clinic) and overlap the range (decision 040). */
const absencesJson = (o: Range) => {
  const l = clinicAbsences;
  return sql<
    { from: string; to: string; wholeClinic: boolean }[]
  >`coalesce((select json_agg(json_build_object('from', ${l.fromDate}, 'to', ${l.toDate}, 'wholeClinic', ${l.doctorId} is null) order by ${l.fromDate})
    from ${l} where ${l.clinicId} = ${o.clinicId} and (${l.doctorId} = ${o.doctorId} or ${l.doctorId} is null) and ${l.endedAt} is null
      and ${l.fromDate} <= ${o.to} and ${l.toDate} >= ${o.from}), '[]'::json)`;
};

type CalendarArgs = { clinicId: P<number>; doctorId: P<number>; repId: P<number>; from: P<string>; to: P<string> };

/**
 * The bookable link's settings with the doctor's month there, the rep's visits to the doctor and the clinic's
 * closures, as one statement: a month not cached yet costs one round trip instead of four (each of the three
 * lists is a subquery on its own index; src/server/db/explain.test.ts). No row when the link is not bookable.
 * The rep's subscription comes with it, a probe of the rep's primary key, so a cold calendar reads its data in one
 * round trip after the session (docs/decisions/077-one-round-trip-per-read.md).
 * (exported for the EXPLAIN test)
 */
export function queryCalendarInputs(db: DbOrTx, o: CalendarArgs) {
  const w = waitlistEntries;
  return bookable(
    db
      .select({
        doctorName: doctors.name,
        availableDays: clinicDoctorSettings.availableDays,
        maxSlots: clinicDoctorSettings.maxSlots,
        callFrequency: clinicDoctorSettings.callFrequency,
        visitWindows: clinicDoctorSettings.visitWindows,
        slotMinutes: clinicDoctorSettings.slotMinutes,
        doctorDays: doctorDaysJson(o),
        repVisits: repVisitsJson(o),
        closedDates: closedDatesJson(o),
        absences: absencesJson(o),
        // The offers of the month (the predicate of waitlist_entries_day_idx written out, so the planner reads that
        // partial index): the caller counts those still holding (docs/decisions/043).
        holds: sql<HoldRow[]>`coalesce((select json_agg(json_build_object('id', ${w.id}, 'date', ${w.date}, 'repId', ${w.repId}, 'status', ${w.status},
            'offerExpiresAt', ${w.offerExpiresAt}, 'heldStartTime', ${w.heldStartTime}))
          from ${w} where ${w.clinicId} = ${o.clinicId} and ${w.doctorId} = ${o.doctorId} and ${w.date} between ${o.from} and ${o.to}
            and ${w.status} in ('waiting', 'offered') and ${w.status} = 'offered'), '[]'::json)`,
        repSubscriptionStatus: sql<string | null>`(select ${medicalReps.subscriptionStatus} from ${medicalReps} where ${medicalReps.id} = ${o.repId})`,
        repSubscriptionExpiresAt:
          sql<Date | null>`(select ${medicalReps.subscriptionExpiresAt} from ${medicalReps} where ${medicalReps.id} = ${o.repId})`.mapWith(
            medicalReps.subscriptionExpiresAt,
          ),
      })
      .from(clinicDoctors)
      .$dynamic(),
    and(eq(clinicDoctors.clinicId, o.clinicId), eq(clinicDoctors.doctorId, o.doctorId)),
  ).limit(1);
}

const calendarInputsStatement = namedStatement('rv_calendar_inputs', (db, name) =>
  queryCalendarInputs(db, { clinicId: ph('clinicId'), doctorId: ph('doctorId'), repId: ph('repId'), from: ph('from'), to: ph('to') }).prepare(name),
);

/** A calendar month's inputs (queryCalendarInputs); null when the link is not bookable. */
export async function findCalendarInputs(
  db: DbOrTx,
  o: { clinicId: number; doctorId: number; repId: number; from: string; to: string },
): Promise<CalendarInputs | null> {
  const [row] = (await calendarInputsStatement(db).execute(o)) as CalendarInputs[];
  return row ?? null;
}

/** What a booking reads of the doctor's day under its lock, in one statement (queryDayFacts). */
export interface DayFactRows {
  /** the day's visits that are not cancelled */
  visits: DoctorDayRow[];
  /** the day's open waitlist entries (waiting or offered), first come first */
  line: { id: number; repId: number; status: string; offerExpiresAt: string | null; heldStartTime: string | null }[];
  closedDates: string[];
  absences: { from: string; to: string; wholeClinic: boolean }[];
  /** the rep's visits with the doctor at any clinic, not cancelled, by date (only when a rep is given) */
  repVisits: RepWithDoctorRow[];
}

/**
 * The day's visits, its waitlist line, closure and the doctor's absences, and the booking rep's visits with the
 * doctor, as one statement: a booking reads them in one round trip instead of five (docs/performance.md, The booking
 * transaction). Each list is a subquery with the predicate of its own query before (the same indexes,
 * src/server/db/explain.test.ts); run after the day's lock, so under READ COMMITTED it sees what the lock guards.
 * (exported for the EXPLAIN test)
 */
export function queryDayFacts(db: DbOrTx, o: { clinicId: number; doctorId: number; date: string; repId: number | null }) {
  const w = waitlistEntries;
  const day = { ...o, from: o.date, to: o.date };
  return sql`select
    ${doctorDaysJson(day)} as "visits",
    coalesce((select json_agg(json_build_object('id', ${w.id}, 'repId', ${w.repId}, 'status', ${w.status}, 'offerExpiresAt', ${w.offerExpiresAt}, 'heldStartTime', ${w.heldStartTime}) order by ${w.id})
      from ${w} where ${w.clinicId} = ${o.clinicId} and ${w.doctorId} = ${o.doctorId} and ${w.date} = ${o.date}
        and ${w.status} in ('waiting', 'offered')), '[]'::json) as "line",
    ${closedDatesJson(day)} as "closedDates",
    ${absencesJson(day)} as "absences",
    ${repVisitsJson(day)} as "repVisits"`;
}

/** The day's facts (queryDayFacts); `repVisits` is empty without a rep. */
export async function findDayFacts(db: DbOrTx, o: { clinicId: number; doctorId: number; date: string; repId: number | null }): Promise<DayFactRows> {
  const answer = await db.execute(queryDayFacts(db, o));
  return (answer as { rows: DayFactRows[] }).rows[0]!;
}

/** The rep's non-cancelled appointments with the doctor, at any clinic (call frequency); the EXPLAIN test reads its plan. */
export function queryRepAppointmentsWithDoctor(db: DbOrTx, o: { repId: number; doctorId: number }) {
  return db
    .select({
      id: doctorAppointments.id,
      date: doctorAppointments.appointmentDate,
      status: doctorAppointments.status,
      clinicId: doctorAppointments.clinicId,
    })
    .from(doctorAppointments)
    .where(and(eq(doctorAppointments.repId, o.repId), eq(doctorAppointments.doctorId, o.doctorId), ne(doctorAppointments.status, 'cancelled')))
    .orderBy(asc(doctorAppointments.appointmentDate));
}

/** Inserts a booking; null when the partial unique index (rep, doctor, date) already holds one. */
export async function insertAppointment(
  w: Write,
  o: { repId: number; doctorId: number; clinicId: number; date: string; startTime: string | null; awaitsConfirmation: boolean; now: Date },
) {
  const [row] = await w
    .insert(doctorAppointments)
    .values({
      repId: o.repId,
      doctorId: o.doctorId,
      clinicId: o.clinicId,
      appointmentDate: o.date,
      startTime: o.startTime,
      status: 'booked',
      awaitsConfirmation: o.awaitsConfirmation,
      bookedAt: o.now,
      updatedAt: o.now,
    })
    .onConflictDoNothing()
    .returning();
  if (row) w.changed(...keysOfAppointment(row));
  return row ?? null;
}

/** Whether a visit that is not cancelled holds this time of the doctor's day at the clinic. */
export async function isVisitTimeTaken(db: DbOrTx, o: { clinicId: number; doctorId: number; date: string; startTime: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: doctorAppointments.id })
    .from(doctorAppointments)
    .where(
      and(
        eq(doctorAppointments.clinicId, o.clinicId),
        eq(doctorAppointments.doctorId, o.doctorId),
        eq(doctorAppointments.appointmentDate, o.date),
        eq(doctorAppointments.startTime, o.startTime),
        ne(doctorAppointments.status, 'cancelled'),
      ),
    )
    .limit(1);
  return !!row;
}

const appointmentView = {
  id: doctorAppointments.id,
  appointment_date: doctorAppointments.appointmentDate,
  start_time: doctorAppointments.startTime,
  token: visitToken,
  status: doctorAppointments.status,
  doctor_name: doctors.name,
  doctor_specialty: doctors.specialty,
  clinic_name: clinicUsers.clinicName,
  clinic_id: doctorAppointments.clinicId,
  doctor_id: doctorAppointments.doctorId,
  checked_in_at: isoInstant(doctorAppointments.checkedInAt),
  // The visit's own flag, not the doctor's setting now: ticking 'Confirm each booking' changes no visit booked before (decision 053).
  requires_approval: doctorAppointments.awaitsConfirmation,
};

/** The rep view (spec part 2, 3) of the rep's appointments from `fromDate` on, not cancelled, by date. */
export async function listRepUpcomingAppointments(db: DbOrTx, o: { repId: number; fromDate: string }): Promise<RepAppointment[]> {
  return repUpcomingStatement(db).execute(o);
}

const repUpcomingStatement = namedStatement('rv_rep_appointments', (db, name) =>
  queryRepUpcomingAppointments(db, { repId: ph('repId'), fromDate: ph('fromDate') }).prepare(name),
);

/** (exported for the EXPLAIN test) */
export function queryRepUpcomingAppointments(db: DbOrTx, o: { repId: P<number>; fromDate: P<string> }) {
  return db
    .select(appointmentView)
    .from(doctorAppointments)
    .innerJoin(doctors, eq(doctors.id, doctorAppointments.doctorId))
    .innerJoin(clinicUsers, eq(clinicUsers.id, doctorAppointments.clinicId))
    .where(and(eq(doctorAppointments.repId, o.repId), gte(doctorAppointments.appointmentDate, o.fromDate), ne(doctorAppointments.status, 'cancelled')))
    .orderBy(asc(doctorAppointments.appointmentDate), asc(doctorAppointments.id));
}

/** The same rows for several reps at once, with whose they are (the batched misses of a read cache). */
export function listRepsUpcomingAppointments(db: DbOrTx, repIds: number[], fromDate: string) {
  return db
    .select({ ...appointmentView, rep_id: doctorAppointments.repId })
    .from(doctorAppointments)
    .innerJoin(doctors, eq(doctors.id, doctorAppointments.doctorId))
    .innerJoin(clinicUsers, eq(clinicUsers.id, doctorAppointments.clinicId))
    .where(and(inArray(doctorAppointments.repId, repIds), gte(doctorAppointments.appointmentDate, fromDate), ne(doctorAppointments.status, 'cancelled')))
    .orderBy(asc(doctorAppointments.appointmentDate), asc(doctorAppointments.id));
}

/** One appointment of the rep with what its e-mails need; null when it is not the rep's. */
export async function findRepAppointment(db: DbOrTx, o: { id: number; repId: number }) {
  const [row] = await db
    .select({
      ...appointmentView,
      rep_id: doctorAppointments.repId,
      booked_at: doctorAppointments.bookedAt,
      revision: doctorAppointments.revision,
      clinic_city: clinicUsers.city,
      clinic_state: clinicUsers.state,
      // the visit's length for the cancellation's calendar event (the default once the settings are gone)
      slot_minutes: sql<number>`coalesce(${clinicDoctorSettings.slotMinutes}, ${SLOT_MINUTES.default})`,
    })
    .from(doctorAppointments)
    .innerJoin(doctors, eq(doctors.id, doctorAppointments.doctorId))
    .innerJoin(clinicUsers, eq(clinicUsers.id, doctorAppointments.clinicId))
    .leftJoin(
      clinicDoctorSettings,
      and(eq(clinicDoctorSettings.clinicId, doctorAppointments.clinicId), eq(clinicDoctorSettings.doctorId, doctorAppointments.doctorId)),
    )
    .where(and(eq(doctorAppointments.id, o.id), eq(doctorAppointments.repId, o.repId)))
    .limit(1);
  return row ?? null;
}

/** Cancels a booked appointment by the rep; false when it was no longer booked. */
export async function cancelByRep(w: Write, o: { id: number; now: Date }): Promise<boolean> {
  const a = doctorAppointments;
  const rows = await w
    .update(a)
    .set({ status: 'cancelled', cancelledBy: 'rep', cancelledAt: o.now, updatedAt: o.now })
    .where(and(eq(a.id, o.id), eq(a.status, 'booked')))
    .returning({ repId: a.repId, clinicId: a.clinicId, doctorId: a.doctorId, appointmentDate: a.appointmentDate });
  for (const row of rows) w.changed(...keysOfAppointment(row));
  return rows.length === 1;
}

/** The rep's visit row locked for a change (the reschedule reads it again under the day locks); null when not the rep's. */
export async function lockRepAppointment(tx: Tx, o: { id: number; repId: number }) {
  const [row] = await tx
    .select({
      id: doctorAppointments.id,
      date: doctorAppointments.appointmentDate,
      startTime: doctorAppointments.startTime,
      status: doctorAppointments.status,
      revision: doctorAppointments.revision,
    })
    .from(doctorAppointments)
    .where(and(eq(doctorAppointments.id, o.id), eq(doctorAppointments.repId, o.repId)))
    .for('update');
  return row ?? null;
}

/**
 * Moves a visit to another date or time (docs/decisions/043): one revision more (its calendar SEQUENCE), booked again
 * when the clinic confirms each booking, no check-in carried over, and in the new day's queue from now on. Run in a
 * savepoint by the caller: a unique index may refuse it.
 */
export async function moveAppointment(w: Write, o: { id: number; date: string; startTime: string | null; backToBooked: boolean; now: Date }) {
  // The day it leaves changes too: its date as it stands before the update (the caller holds the row's lock).
  const [before] = await w
    .select({
      repId: doctorAppointments.repId,
      clinicId: doctorAppointments.clinicId,
      doctorId: doctorAppointments.doctorId,
      appointmentDate: doctorAppointments.appointmentDate,
    })
    .from(doctorAppointments)
    .where(eq(doctorAppointments.id, o.id));
  const [row] = await w
    .update(doctorAppointments)
    .set({
      appointmentDate: o.date,
      startTime: o.startTime,
      revision: sql`${doctorAppointments.revision} + 1`,
      ...(o.backToBooked ? { status: 'booked', confirmedAt: null } : {}),
      // A moved visit is a new booking of the day as the doctor's settings stand now (decision 053).
      awaitsConfirmation: o.backToBooked,
      checkedInAt: null,
      // Nor a call in (the live queue, docs/decisions/074-live-queue.md): it waits in its new day's line.
      calledAt: null,
      bookedAt: o.now,
      updatedAt: o.now,
    })
    .where(and(eq(doctorAppointments.id, o.id), inArray(doctorAppointments.status, ['booked', 'confirmed'])))
    .returning();
  if (row) w.changed(...keysOfAppointment(before!), ...keysOfAppointment(row));
  return row ?? null;
}

/** Several reps' visits with a doctor, not cancelled, at any clinic (the reps waiting in a day's line). */
export async function listRepsAppointmentsWithDoctor(db: DbOrTx, o: { repIds: number[]; doctorId: number }) {
  if (o.repIds.length === 0) return [];
  return db
    .select({
      repId: doctorAppointments.repId,
      date: doctorAppointments.appointmentDate,
      status: doctorAppointments.status,
      clinicId: doctorAppointments.clinicId,
    })
    .from(doctorAppointments)
    .where(and(inArray(doctorAppointments.repId, o.repIds), eq(doctorAppointments.doctorId, o.doctorId), ne(doctorAppointments.status, 'cancelled')));
}
