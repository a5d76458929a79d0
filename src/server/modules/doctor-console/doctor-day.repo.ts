import { and, between, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { cacheKey, keysOfAppointment } from '../../cache/cache-keys';
import type { DbOrTx } from '../../db/client';
import type { Write } from '../../db/write';
import { appointmentKeyColumns } from '../../db/write-keys';
import { isoInstant, pairIn } from '../../db/query-tools';
import { clinicDoctorSettings, doctorAppointments, doctorDayClosures, doctorDayLateness, medicalReps } from '../../db/schema';
import { visitOrderBy, visitToken } from '../../db/visit-order';
import type { DoctorVisit } from '../../../shared/schemas/doctor-console';

// Queries of the doctor's day (docs/decisions/073-doctor-accounts.md): the visits of every linked clinic in the day's
// order (docs/decisions/039, db/visit-order.ts), the queue's call (called_at) and the day's lateness. Every writer names
// the doctor-day key of what it wrote, which the live queue listens for (docs/decisions/074).

type Pair = readonly [number, number];
const a = doctorAppointments;
const WAITING = ['booked', 'confirmed'];

const visitColumns = {
  id: a.id,
  clinicId: a.clinicId,
  doctorId: a.doctorId,
  date: a.appointmentDate,
  startTime: a.startTime,
  token: visitToken,
  repName: medicalReps.fullName,
  companyName: medicalReps.company,
  status: a.status,
  checkedInAt: isoInstant(a.checkedInAt),
  calledAt: isoInstant(a.calledAt),
};

/** The day's visits (not cancelled) of each (clinic, doctor), in the day's order. */
export async function listDayVisits(db: DbOrTx, o: { pairs: readonly Pair[]; date: string }): Promise<DoctorVisit[]> {
  if (o.pairs.length === 0) return [];
  return db
    .select(visitColumns)
    .from(a)
    .innerJoin(medicalReps, eq(medicalReps.id, a.repId))
    .where(and(pairIn(a.clinicId, a.doctorId, o.pairs), eq(a.appointmentDate, o.date), ne(a.status, 'cancelled')))
    .orderBy(...visitOrderBy);
}

/** Visits booked (not cancelled) per (clinic, doctor) and day, from `from` to `to`. */
export async function countVisitsByDay(db: DbOrTx, o: { pairs: readonly Pair[]; from: string; to: string }) {
  if (o.pairs.length === 0) return [];
  return db
    .select({ clinicId: a.clinicId, doctorId: a.doctorId, date: a.appointmentDate, count: sql<number>`count(*)::int` })
    .from(a)
    .where(and(pairIn(a.clinicId, a.doctorId, o.pairs), between(a.appointmentDate, o.from, o.to), ne(a.status, 'cancelled')))
    .groupBy(a.clinicId, a.doctorId, a.appointmentDate);
}

/** Each pair's lateness that day, whether it lets the doctor manage the settings, and whether the day is closed. */
export async function findDayState(db: DbOrTx, o: { pairs: readonly Pair[]; date: string }) {
  if (o.pairs.length === 0) return { lateness: [], settings: [], closed: [] };
  const [lateness, settings, closed] = await Promise.all([
    db
      .select({ clinicId: doctorDayLateness.clinicId, doctorId: doctorDayLateness.doctorId, minutes: doctorDayLateness.minutes })
      .from(doctorDayLateness)
      .where(and(pairIn(doctorDayLateness.clinicId, doctorDayLateness.doctorId, o.pairs), eq(doctorDayLateness.date, o.date))),
    db
      .select({ clinicId: clinicDoctorSettings.clinicId, doctorId: clinicDoctorSettings.doctorId, manages: clinicDoctorSettings.doctorManagesSettings })
      .from(clinicDoctorSettings)
      .where(pairIn(clinicDoctorSettings.clinicId, clinicDoctorSettings.doctorId, o.pairs)),
    db
      .select({ clinicId: doctorDayClosures.clinicId, doctorId: doctorDayClosures.doctorId })
      .from(doctorDayClosures)
      .where(and(pairIn(doctorDayClosures.clinicId, doctorDayClosures.doctorId, o.pairs), eq(doctorDayClosures.closedDate, o.date))),
  ]);
  return { lateness, settings, closed };
}

/** Whether the clinic lets its doctor manage the call settings there (false without a settings row). */
export async function findManagesSettings(db: DbOrTx, o: { clinicId: number; doctorId: number }): Promise<boolean> {
  const [row] = await db
    .select({ manages: clinicDoctorSettings.doctorManagesSettings })
    .from(clinicDoctorSettings)
    .where(and(eq(clinicDoctorSettings.clinicId, o.clinicId), eq(clinicDoctorSettings.doctorId, o.doctorId)))
    .limit(1);
  return row?.manages === true;
}

const dayOf = (o: { clinicId: number; doctorId: number; date: string }) =>
  and(eq(a.clinicId, o.clinicId), eq(a.doctorId, o.doctorId), eq(a.appointmentDate, o.date));

/**
 * The visit in the room (called, still booked or confirmed) becomes completed, as the clinic's Completed outcome marks
 * it (docs/decisions/041: by the clinic, so the clinic can undo it within its window). Run under the day lock.
 */
export async function completeCalledVisit(w: Write, o: { clinicId: number; doctorId: number; date: string; now: Date }): Promise<number | null> {
  const rows = await w
    .update(a)
    .set({ status: 'completed', outcomeAt: o.now, outcomeBy: 'clinic', updatedAt: o.now })
    .where(and(dayOf(o), isNotNull(a.calledAt), inArray(a.status, WAITING)))
    .returning({ id: a.id, ...appointmentKeyColumns });
  for (const row of rows) w.changed(...keysOfAppointment(row));
  return rows[0]?.id ?? null;
}

/** The first visit in the day's order that has arrived (checked in) and is not yet called: whom Call next calls. */
export async function findFirstArrived(db: DbOrTx, o: { clinicId: number; doctorId: number; date: string }): Promise<DoctorVisit | null> {
  const [row] = await db
    .select(visitColumns)
    .from(a)
    .innerJoin(medicalReps, eq(medicalReps.id, a.repId))
    .where(and(dayOf(o), isNotNull(a.checkedInAt), isNull(a.calledAt), inArray(a.status, WAITING)))
    .orderBy(...visitOrderBy)
    .limit(1);
  return row ?? null;
}

/** Calls the visit in (called_at); guarded, so a visit is called once. False when it was called or moved meanwhile. */
export async function callVisit(w: Write, o: { id: number; now: Date }): Promise<boolean> {
  const rows = await w
    .update(a)
    .set({ calledAt: o.now, updatedAt: o.now })
    .where(and(eq(a.id, o.id), isNull(a.calledAt), inArray(a.status, WAITING)))
    .returning(appointmentKeyColumns);
  for (const row of rows) w.changed(...keysOfAppointment(row));
  return rows.length === 1;
}

export async function findVisit(db: DbOrTx, id: number): Promise<DoctorVisit | null> {
  const [row] = await db.select(visitColumns).from(a).innerJoin(medicalReps, eq(medicalReps.id, a.repId)).where(eq(a.id, id)).limit(1);
  return row ?? null;
}

/** The rep of a visit and their language (the called rep's push is in it). */
export async function findVisitRep(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ repId: a.repId, language: medicalReps.language })
    .from(a)
    .innerJoin(medicalReps, eq(medicalReps.id, a.repId))
    .where(eq(a.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * Sets the day's lateness; answers the lateness the reps were last told of (0: never). Under the row's lock until
 * the write ends (an upsert locks it), so two changes at once are told in turn.
 */
export async function upsertLateness(w: Write, o: { clinicId: number; doctorId: number; date: string; minutes: number; now: Date }) {
  const [row] = await w
    .insert(doctorDayLateness)
    .values({ clinicId: o.clinicId, doctorId: o.doctorId, date: o.date, minutes: o.minutes, updatedAt: o.now })
    .onConflictDoUpdate({
      target: [doctorDayLateness.clinicId, doctorDayLateness.doctorId, doctorDayLateness.date],
      set: { minutes: o.minutes, updatedAt: o.now },
    })
    .returning({ notifiedMinutes: doctorDayLateness.notifiedMinutes });
  w.changed(cacheKey.doctorDay(o.clinicId, o.doctorId, o.date));
  return row!.notifiedMinutes;
}

/** The lateness the reps were told of; what the live queue shows does not change, so no key to name. */
export async function setNotifiedLateness(w: Write, o: { clinicId: number; doctorId: number; date: string; minutes: number }): Promise<void> {
  await w
    .update(doctorDayLateness)
    .set({ notifiedMinutes: o.minutes })
    .where(and(eq(doctorDayLateness.clinicId, o.clinicId), eq(doctorDayLateness.doctorId, o.doctorId), eq(doctorDayLateness.date, o.date)));
}

/** The reps of the day not yet seen (booked or confirmed, not called), with how each wants to hear. */
export async function listRepsWaiting(db: DbOrTx, o: { clinicId: number; doctorId: number; date: string }) {
  return db
    .select({
      appointmentId: a.id,
      startTime: a.startTime,
      repId: medicalReps.id,
      fullName: medicalReps.fullName,
      email: medicalReps.email,
      language: medicalReps.language,
      emailNotifications: medicalReps.emailNotifications,
    })
    .from(a)
    .innerJoin(medicalReps, eq(medicalReps.id, a.repId))
    .where(and(dayOf(o), isNull(a.calledAt), inArray(a.status, WAITING), eq(medicalReps.status, 'active')))
    .orderBy(...visitOrderBy);
}
