import { and, asc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { defineBatchedReadCache, groupRows, hasChangeFeed, pairIn, preparedOnce, type Param } from '../../db/change-feed';
import type { DbOrTx, Tx } from '../../db/client';
import { clinicDoctorSettings, clinicUsers, doctorAppointments, doctors, idempotencyKeys, medicalReps } from '../../db/schema';
import type { RepAppointment } from '../../../shared/schemas/booking';

// Drizzle queries of the rep's bookings (ARCHITECTURE: repo = queries only).

const repColumns = {
  id: medicalReps.id,
  fullName: medicalReps.fullName,
  email: medicalReps.email,
  status: medicalReps.status,
  subscriptionStatus: medicalReps.subscriptionStatus,
  subscriptionExpiresAt: medicalReps.subscriptionExpiresAt,
};

// Reads of the calendar and My Appointments are kept per instance until an appointment, a rep or a clinic
// changes (issue 10, db/change-feed.ts); inside a booking's transaction they are read from the database.
type RepRow = { id: number; fullName: string; email: string; status: string; subscriptionStatus: string; subscriptionExpiresAt: Date | null };
type DoctorDayRow = { date: string; status: string; repId: number };
type RepWithDoctorRow = { id: number; date: string; status: string; clinicId: number };
const repCache = defineBatchedReadCache<number, RepRow | null>({
  tables: ['medical_reps'],
  maxEntries: 20_000,
  keyOf: String,
  missing: null,
  loadMany: async (db, repIds) => {
    const rows = (await (repIds.length === 1 ? (repPrepared(db)?.execute({ repId: repIds[0]! }) ?? repQuery(db, repIds[0]!)) : repQuery(db, repIds))) as RepRow[];
    return new Map(rows.map((r) => [String(r.id), r]));
  },
});
type DoctorRange = { clinicId: number; doctorId: number; from: string; to: string };
const doctorDaysCache = defineBatchedReadCache<DoctorRange, DoctorDayRow[]>({
  tables: ['doctor_appointments'],
  maxEntries: 20_000,
  keyOf: (o) => key(o.clinicId, o.doctorId, o.from, o.to),
  missing: [],
  loadMany: async (db, ranges) => {
    const found = new Map<string, DoctorDayRow[]>();
    // One query per distinct range (the calendar asks for one month at a time).
    for (const same of groupRows(ranges, (r) => key(r.from, r.to), (r) => r).values()) {
      const { from, to } = same[0]!;
      if (same.length === 1) {
        found.set(key(same[0]!.clinicId, same[0]!.doctorId, from, to), await (doctorDaysPrepared(db)?.execute(same[0]) ?? queryDoctorAppointmentsBetween(db, same[0]!)));
        continue;
      }
      const rows = await db
        .select({ clinicId: doctorAppointments.clinicId, doctorId: doctorAppointments.doctorId, ...doctorDayColumns })
        .from(doctorAppointments)
        .where(
          and(
            pairIn(doctorAppointments.clinicId, doctorAppointments.doctorId, same.map((r) => [r.clinicId, r.doctorId] as const)),
            gte(doctorAppointments.appointmentDate, from),
            lte(doctorAppointments.appointmentDate, to),
            ne(doctorAppointments.status, 'cancelled'),
          ),
        );
      const grouped = groupRows(rows, (r) => key(r.clinicId, r.doctorId, from, to), ({ date, status, repId }) => ({ date, status, repId }));
      for (const [k, list] of grouped) found.set(k, list);
    }
    return found;
  },
});
const doctorDayColumns = { date: doctorAppointments.appointmentDate, status: doctorAppointments.status, repId: doctorAppointments.repId };
/**
 * Each rep's appointments that are not cancelled, with what My Appointments shows: one entry per rep (a few
 * dozen rows: the nightly purge keeps 90 days of history), from which the calendar's visits with a doctor
 * and the upcoming list are both cut.
 */
const repAppointmentsCache = defineBatchedReadCache<number, RepAppointment[]>({
  tables: ['doctor_appointments', 'doctors', 'clinic_users'],
  maxEntries: 20_000,
  keyOf: String,
  missing: [],
  loadMany: async (db, repIds) => {
    const all = '1900-01-01';
    if (repIds.length === 1) {
      const one = { repId: repIds[0]!, fromDate: all };
      return new Map([[String(repIds[0]), await (repUpcomingPrepared(db)?.execute(one) ?? queryRepUpcomingAppointments(db, one))]]);
    }
    return groupRows(await repsAppointmentsQuery(db, repIds, all), (r) => String(r.rep_id), ({ rep_id: _, ...row }) => row);
  },
});
const activeAppointmentsOfRep = (db: DbOrTx, repId: number) => repAppointmentsCache.read(db, repId);
const key = (...parts: Array<string | number>) => parts.join('\u0001');
type P<T> = Param<T>;
const ph = sql.placeholder;

const repQuery = (db: DbOrTx, repId: P<number> | number[]) =>
  db
    .select(repColumns)
    .from(medicalReps)
    .where(Array.isArray(repId) ? inArray(medicalReps.id, repId) : eq(medicalReps.id, repId));
const repPrepared = preparedOnce((db) => repQuery(db, ph('repId')).prepare('rv_rep'));

export function findRep(db: DbOrTx, repId: number): Promise<RepRow | null> {
  return repCache.read(db, repId);
}

/** Lock 1 of a booking: the rep's row. Every booking and cancellation of a rep runs one after the other. */
export async function lockRep(tx: Tx, repId: number) {
  const [row] = await tx.select(repColumns).from(medicalReps).where(eq(medicalReps.id, repId)).for('update');
  return row ?? null;
}

/** Lock 2 of a booking: the (clinic, doctor) settings row. Every booking of that doctor there runs in turn. */
export async function lockDoctorSettings(tx: Tx, o: { clinicId: number; doctorId: number }) {
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

export async function saveIdempotentAnswer(tx: Tx, o: { repId: number; key: string; statusCode: number; responseBody: unknown; now: Date }) {
  await tx.insert(idempotencyKeys).values({ repId: o.repId, key: o.key, statusCode: o.statusCode, responseBody: o.responseBody, createdAt: o.now });
}

/** The doctor's non-cancelled appointments at the clinic between two dates (inclusive). */
export function listDoctorAppointmentsBetween(db: DbOrTx, o: { clinicId: number; doctorId: number; from: string; to: string }): Promise<DoctorDayRow[]> {
  return doctorDaysCache.read(db, o);
}

const doctorDaysPrepared = preparedOnce((db) =>
  queryDoctorAppointmentsBetween(db, { clinicId: ph('clinicId'), doctorId: ph('doctorId'), from: ph('from'), to: ph('to') }).prepare('rv_doctor_days'),
);

/** (exported for the EXPLAIN test) */
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

/** The rep's non-cancelled appointments with the doctor, at any clinic (call frequency looks at all of them). */
export async function listRepAppointmentsWithDoctor(db: DbOrTx, o: { repId: number; doctorId: number }): Promise<RepWithDoctorRow[]> {
  if (!hasChangeFeed(db)) return queryRepAppointmentsWithDoctor(db, o);
  const all = await activeAppointmentsOfRep(db, o.repId);
  return all.filter((a) => a.doctor_id === o.doctorId).map((a) => ({ id: a.id, date: a.appointment_date, status: a.status, clinicId: a.clinic_id }));
}

/** (exported for the EXPLAIN test) */
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
export async function insertAppointment(tx: Tx, o: { repId: number; doctorId: number; clinicId: number; date: string; now: Date }) {
  const [row] = await tx
    .insert(doctorAppointments)
    .values({ repId: o.repId, doctorId: o.doctorId, clinicId: o.clinicId, appointmentDate: o.date, status: 'booked', bookedAt: o.now, updatedAt: o.now })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

const appointmentView = {
  id: doctorAppointments.id,
  appointment_date: doctorAppointments.appointmentDate,
  status: doctorAppointments.status,
  doctor_name: doctors.name,
  doctor_specialty: doctors.specialty,
  clinic_name: clinicUsers.clinicName,
  clinic_id: doctorAppointments.clinicId,
  doctor_id: doctorAppointments.doctorId,
};

/** The rep view (spec part 2, 3) of the rep's appointments from `fromDate` on, not cancelled, by date. */
export async function listRepUpcomingAppointments(db: DbOrTx, o: { repId: number; fromDate: string }): Promise<RepAppointment[]> {
  if (!hasChangeFeed(db)) return queryRepUpcomingAppointments(db, o);
  return (await activeAppointmentsOfRep(db, o.repId)).filter((a) => a.appointment_date >= o.fromDate);
}

const repUpcomingPrepared = preparedOnce((db) =>
  queryRepUpcomingAppointments(db, { repId: ph('repId'), fromDate: ph('fromDate') }).prepare('rv_rep_appointments'),
);

/** (exported for the EXPLAIN test) */
export function queryRepUpcomingAppointments(db: DbOrTx, o: { repId: P<number>; fromDate: P<string> }) {
  return db
    .select(appointmentView)
    .from(doctorAppointments)
    .innerJoin(doctors, eq(doctors.id, doctorAppointments.doctorId))
    .innerJoin(clinicUsers, eq(clinicUsers.id, doctorAppointments.clinicId))
    .where(
      and(eq(doctorAppointments.repId, o.repId), gte(doctorAppointments.appointmentDate, o.fromDate), ne(doctorAppointments.status, 'cancelled')),
    )
    .orderBy(asc(doctorAppointments.appointmentDate), asc(doctorAppointments.id));
}

/** The same rows for several reps at once, with whose they are (the batched cache misses). */
function repsAppointmentsQuery(db: DbOrTx, repIds: number[], fromDate: string) {
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
    .select({ ...appointmentView, rep_id: doctorAppointments.repId, booked_at: doctorAppointments.bookedAt, clinic_city: clinicUsers.city, clinic_state: clinicUsers.state })
    .from(doctorAppointments)
    .innerJoin(doctors, eq(doctors.id, doctorAppointments.doctorId))
    .innerJoin(clinicUsers, eq(clinicUsers.id, doctorAppointments.clinicId))
    .where(and(eq(doctorAppointments.id, o.id), eq(doctorAppointments.repId, o.repId)))
    .limit(1);
  return row ?? null;
}

/** Cancels a booked appointment by the rep; false when it was no longer booked. */
export async function cancelByRep(tx: Tx, o: { id: number; now: Date }): Promise<boolean> {
  const rows = await tx
    .update(doctorAppointments)
    .set({ status: 'cancelled', cancelledBy: 'rep', cancelledAt: o.now, updatedAt: o.now })
    .where(and(eq(doctorAppointments.id, o.id), eq(doctorAppointments.status, 'booked')))
    .returning({ id: doctorAppointments.id });
  return rows.length === 1;
}
