import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { SLOT_MINUTES } from '../../../shared/booking/visit-windows';
import type { PushSubscriptionJson } from '../../../shared/schemas/notifications';
import { cacheKey } from '../../cache/cache-keys';
import type { DbOrTx } from '../../db/client';
import { clinicDoctorSettings, clinicUsers, doctorAppointments, doctors, medicalReps } from '../../db/schema';
import type { Write } from '../../db/write';

// Drizzle queries of a rep's notification settings: reminder switches, the web-push subscription and the private
// calendar feed, all columns of the rep's row. Every writer names the account's key (the rep's sessions carry the row;
// docs/decisions/070-services-do-not-query.md), so none has to know which columns a cache reads.

const prefsColumns = {
  emailNotifications: medicalReps.emailNotifications,
  pushNotifications: medicalReps.pushNotifications,
  renewalReminders: medicalReps.renewalReminders,
  pushSubscription: medicalReps.pushSubscription,
  whatsappNumber: medicalReps.whatsappNumber,
};

export type RepPreferencesRow = {
  emailNotifications: boolean;
  pushNotifications: boolean;
  renewalReminders: boolean;
  pushSubscription: unknown;
  whatsappNumber: string | null;
};

const changedRep = (w: Write, rows: Array<{ id: number }>) => {
  for (const row of rows) w.changed(cacheKey.account('medrep', row.id));
};

export async function findRepPreferences(db: DbOrTx, repId: number): Promise<RepPreferencesRow | undefined> {
  const [row] = await db.select(prefsColumns).from(medicalReps).where(eq(medicalReps.id, repId)).limit(1);
  return row;
}

/** The reminder switches; answers the preferences as saved, or undefined when there is no such rep. */
export async function updateRepSwitches(
  w: Write,
  o: { repId: number; emailNotifications: boolean; pushNotifications: boolean; renewalReminders: boolean; now: Date },
): Promise<RepPreferencesRow | undefined> {
  const rows = await w
    .update(medicalReps)
    .set({ emailNotifications: o.emailNotifications, pushNotifications: o.pushNotifications, renewalReminders: o.renewalReminders, updatedAt: o.now })
    .where(eq(medicalReps.id, o.repId))
    .returning({ id: medicalReps.id, ...prefsColumns });
  changedRep(w, rows);
  return rows[0];
}

/** The rep's one push subscription (the latest device wins), with push reminders on. */
export async function setRepPushSubscription(
  w: Write,
  o: { repId: number; subscription: PushSubscriptionJson; now: Date },
): Promise<RepPreferencesRow | undefined> {
  const { endpoint, keys } = o.subscription;
  const rows = await w
    .update(medicalReps)
    .set({ pushSubscription: { endpoint, keys }, pushNotifications: true, updatedAt: o.now })
    .where(eq(medicalReps.id, o.repId))
    .returning({ id: medicalReps.id, ...prefsColumns });
  changedRep(w, rows);
  return rows[0];
}

/** Forgets the rep's subscription; with `endpoint`, only while it is still that one. */
export async function clearRepPushSubscription(w: Write, o: { repId: number; endpoint?: string; now?: Date }): Promise<void> {
  const mine = eq(medicalReps.id, o.repId);
  const rows = await w
    .update(medicalReps)
    .set({ pushSubscription: null, ...(o.now ? { updatedAt: o.now } : {}) })
    .where(o.endpoint ? and(mine, sql`${medicalReps.pushSubscription}->>'endpoint' = ${o.endpoint}`) : mine)
    .returning({ id: medicalReps.id });
  changedRep(w, rows);
}

export async function findRepPushSubscription(db: DbOrTx, repId: number): Promise<unknown> {
  const [rep] = await db.select({ subscription: medicalReps.pushSubscription }).from(medicalReps).where(eq(medicalReps.id, repId)).limit(1);
  return rep?.subscription;
}

// --- the calendar feed ----------------------------------------------------------------------------

export async function findCalendarFeed(db: DbOrTx, repId: number): Promise<{ hash: string | null; createdAt: Date | null } | undefined> {
  const [row] = await db
    .select({ hash: medicalReps.calendarFeedTokenHash, createdAt: medicalReps.calendarFeedCreatedAt })
    .from(medicalReps)
    .where(eq(medicalReps.id, repId))
    .limit(1);
  return row;
}

/** Stores the hash of the rep's feed token (null: no feed); false when there is no such rep. */
export async function setCalendarFeedToken(w: Write, o: { repId: number; tokenHash: string | null; now: Date | null }): Promise<boolean> {
  const rows = await w
    .update(medicalReps)
    .set({ calendarFeedTokenHash: o.tokenHash, calendarFeedCreatedAt: o.now })
    .where(eq(medicalReps.id, o.repId))
    .returning({ id: medicalReps.id });
  changedRep(w, rows);
  return rows.length > 0;
}

/** The rep whose feed token has this hash (an index lookup on the hash, never a comparison of secrets in code). */
export async function findRepByFeedToken(db: DbOrTx, tokenHash: string) {
  const [rep] = await db
    .select({ id: medicalReps.id, status: medicalReps.status, language: medicalReps.language })
    .from(medicalReps)
    .where(eq(medicalReps.calendarFeedTokenHash, tokenHash))
    .limit(1);
  return rep;
}

/** The rep's visits from `today` on that still take place (booked or confirmed), in calendar order. */
export async function findFeedVisits(db: DbOrTx, o: { repId: number; today: string }) {
  return db
    .select({
      appointmentId: doctorAppointments.id,
      date: doctorAppointments.appointmentDate,
      // a visit inside visiting hours is an event at its time, one visit long (docs/decisions/039)
      startTime: doctorAppointments.startTime,
      slotMinutes: sql<number>`coalesce(${clinicDoctorSettings.slotMinutes}, ${SLOT_MINUTES.default})`,
      doctorName: doctors.name,
      doctorSpecialty: doctors.specialty,
      clinicName: clinicUsers.clinicName,
      clinicCity: clinicUsers.city,
      clinicState: clinicUsers.state,
    })
    .from(doctorAppointments)
    .innerJoin(doctors, eq(doctors.id, doctorAppointments.doctorId))
    .innerJoin(clinicUsers, eq(clinicUsers.id, doctorAppointments.clinicId))
    .leftJoin(
      clinicDoctorSettings,
      and(eq(clinicDoctorSettings.clinicId, doctorAppointments.clinicId), eq(clinicDoctorSettings.doctorId, doctorAppointments.doctorId)),
    )
    .where(
      and(eq(doctorAppointments.repId, o.repId), gte(doctorAppointments.appointmentDate, o.today), inArray(doctorAppointments.status, ['booked', 'confirmed'])),
    )
    .orderBy(asc(doctorAppointments.appointmentDate), sql`${doctorAppointments.startTime} nulls last`, asc(doctorAppointments.id));
}
