import { and, desc, eq, sql } from 'drizzle-orm';
import { keysOfAppointment } from '../../cache/cache-keys';
import type { DbOrTx } from '../../db/client';
import { adminNotifications, clinicDoctors, clinicDoctorSettings, doctorAppointments, doctors } from '../../db/schema';
import type { Write } from '../../db/write';
import { appointmentKeyColumns, linkKeys } from '../../db/write-keys';

// The admin's deletions of doctors and appointments, and the broadcast's rows (spec part 2, 2.5). A writer names the
// keys of the rows it wrote (docs/decisions/062-one-write-path.md).

type Link = { clinicId: number; doctorId: number };

const ofLink = (t: typeof clinicDoctorSettings | typeof doctorAppointments, link: Link) => and(eq(t.clinicId, link.clinicId), eq(t.doctorId, link.doctorId));

/** Deletes a (clinic, doctor) link and its call settings; answers the link, or undefined when there was none. */
export async function deleteLinkAndSettings(w: Write, o: { linkId: number }): Promise<Link | undefined> {
  const [link] = await w
    .delete(clinicDoctors)
    .where(eq(clinicDoctors.id, o.linkId))
    .returning({ clinicId: clinicDoctors.clinicId, doctorId: clinicDoctors.doctorId });
  if (!link) return undefined;
  await w.delete(clinicDoctorSettings).where(ofLink(clinicDoctorSettings, link));
  w.changed(...(await linkKeys(w, link)));
  return link;
}

/** Deletes every appointment of the doctor at the clinic, whatever its date or status; answers how many. */
export async function deleteLinkAppointments(w: Write, link: Link): Promise<number> {
  const gone = await w.delete(doctorAppointments).where(ofLink(doctorAppointments, link)).returning(appointmentKeyColumns);
  for (const row of gone) w.changed(...keysOfAppointment(row));
  return gone.length;
}

/**
 * Deletes the doctor when no clinic links him any more; answers whether he went. A doctor without links is shown
 * nowhere (his last link's keys were named), so this names no key.
 */
export async function deleteDoctorIfUnlinked(w: Write, o: { doctorId: number }): Promise<boolean> {
  const [other] = await w.select({ id: clinicDoctors.id }).from(clinicDoctors).where(eq(clinicDoctors.doctorId, o.doctorId)).limit(1);
  if (other) return false;
  await w.delete(doctors).where(eq(doctors.id, o.doctorId));
  return true;
}

/** Deletes one appointment; answers its rep, doctor-day and date, or undefined when there was none. */
export async function deleteAppointmentById(w: Write, o: { id: number }) {
  const [gone] = await w.delete(doctorAppointments).where(eq(doctorAppointments.id, o.id)).returning(appointmentKeyColumns);
  if (gone) w.changed(...keysOfAppointment(gone));
  return gone;
}

// --- the broadcast (spec part 2, 2.5 (a) and 2.1's banner): read from the database, no cached read shows it --------

const BROADCAST_LOCK = 7_000_701;

export async function findActiveNotification(db: DbOrTx) {
  const [row] = await db
    .select()
    .from(adminNotifications)
    .where(eq(adminNotifications.isActive, true))
    .orderBy(desc(adminNotifications.createdAt), desc(adminNotifications.id))
    .limit(1);
  return row;
}

/** The new message becomes the ONE active announcement: the others are switched off in the same write. */
export async function replaceActiveNotification(w: Write, o: { message: string; createdBy: string; now: Date }) {
  // Two broadcasts at the same moment queue here, so exactly one stays active.
  await w.execute(sql`select pg_advisory_xact_lock(${BROADCAST_LOCK})`);
  await deactivateNotifications(w, { now: o.now });
  const [row] = await w
    .insert(adminNotifications)
    .values({ message: o.message, isActive: true, createdBy: o.createdBy, createdAt: o.now, updatedAt: o.now })
    .returning();
  return row!;
}

/** Switches off the active announcements; answers their ids. */
export async function deactivateNotifications(w: Write, o: { now: Date }): Promise<number[]> {
  const rows = await w
    .update(adminNotifications)
    .set({ isActive: false, updatedAt: o.now })
    .where(eq(adminNotifications.isActive, true))
    .returning({ id: adminNotifications.id });
  return rows.map((r) => r.id);
}
