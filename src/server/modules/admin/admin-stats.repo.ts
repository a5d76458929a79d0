import { and, between, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  clinicAppointmentTallies,
  clinicUsers,
  companyAccounts,
  dailyAppointmentTallies,
  doctorAppointments,
  doctors,
  medicalReps,
  outbox,
} from '../../db/schema';

// The admin's counts (docs/decisions/024-admin-stats-summaries.md): each reads a narrow index or a tally that the
// triggers of drizzle/*_appointment-tally-triggers.sql keep in the writing transaction, never the appointments' rows.

const total = (n: typeof clinicAppointmentTallies.appointments | typeof dailyAppointmentTallies.appointments) =>
  sql<number>`coalesce(sum(${n}), 0)`.mapWith(Number);

const countedTables = { clinics: clinicUsers, doctors };

/** Rows of a small table (one row `{ n }`), counted from its narrowest index once vacuumed (index-only). */
export function queryRowCount(db: DbOrTx, of: keyof typeof countedTables) {
  return db.select({ n: count() }).from(countedTables[of]);
}

/** Pharma companies' accounts and how many an admin has verified (one row; docs/decisions/087): a small table. */
export function queryCompanyCounts(db: DbOrTx) {
  return db.select({ total: count(), verified: sql<number>`count(*) filter (where ${companyAccounts.verified})`.mapWith(Number) }).from(companyAccounts);
}

/**
 * Reps per stored subscription status, with how many of them expire after `now`, read from the (status, expiry)
 * index. Expiries are written from JavaScript dates (whole milliseconds), so `> now` here is the shared rule's.
 */
export function queryRepsBySubscription(db: DbOrTx, now: Date) {
  return db
    .select({
      status: medicalReps.subscriptionStatus,
      reps: count(),
      unexpired: sql<number>`count(*) filter (where ${medicalReps.subscriptionExpiresAt} > ${now})`.mapWith(Number),
    })
    .from(medicalReps)
    .groupBy(medicalReps.subscriptionStatus);
}

/** Every appointment there is, whatever its status (one row `{ n }`): the sum of the clinics' tallies. */
export function queryAppointmentCount(db: DbOrTx) {
  return db.select({ n: total(clinicAppointmentTallies.appointments) }).from(clinicAppointmentTallies);
}

/** Appointments booked on each IST day from `from` on (days with none are absent). */
export function queryAppointmentsPerBookingDay(db: DbOrTx, o: { from: string }) {
  return db
    .select({ date: dailyAppointmentTallies.bookedOn, count: total(dailyAppointmentTallies.appointments) })
    .from(dailyAppointmentTallies)
    .where(gte(dailyAppointmentTallies.bookedOn, o.from))
    .groupBy(dailyAppointmentTallies.bookedOn);
}

/** Appointments per clinic state, most first, then by state; states with none are absent. */
export function queryAppointmentsByState(db: DbOrTx) {
  const n = total(clinicAppointmentTallies.appointments);
  return db
    .select({ state: clinicUsers.state, count: n })
    .from(clinicAppointmentTallies)
    .innerJoin(clinicUsers, eq(clinicUsers.id, clinicAppointmentTallies.clinicId))
    .groupBy(clinicUsers.state)
    .having(sql`sum(${clinicAppointmentTallies.appointments}) > 0`)
    .orderBy(desc(n), clinicUsers.state);
}

/**
 * The visits dated `from` to `to` (inclusive) that are not cancelled, per status (docs/decisions/041): one range of the
 * (status, appointment_date, id) index per status, counted there (index-only once vacuumed), never every appointment.
 */
export function queryVisitsByStatus(db: DbOrTx, o: { from: string; to: string }) {
  const a = doctorAppointments;
  return db
    .select({ status: a.status, count: count() })
    .from(a)
    .where(and(sql`${a.status} in ('booked', 'confirmed', 'completed', 'no_show')`, between(a.appointmentDate, o.from, o.to)))
    .groupBy(a.status);
}

/** Of the e-mails queued since `since`, those failed or retrying and those sent (one row). */
export async function queryRecentMailOutcomes(db: DbOrTx, o: { since: Date }): Promise<{ failed: number; sent: number } | undefined> {
  const [row] = await db
    .select({
      failed: sql<number>`count(*) filter (where ${outbox.status} in ('failed', 'retrying'))`.mapWith(Number),
      sent: sql<number>`count(*) filter (where ${outbox.status} = 'sent')`.mapWith(Number),
    })
    .from(outbox)
    .where(sql`${outbox.channel} = 'email' and ${outbox.queuedAt} > ${o.since}`);
  return row;
}
