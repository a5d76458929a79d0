import { and, desc, eq, sql } from 'drizzle-orm';
import type { AdminNotification, BroadcastResponse } from '../../../shared/schemas/admin';
import { ADMIN_MESSAGES } from '../../../shared/schemas/admin';
import { adminNotifications, clinicDoctors, clinicDoctorSettings, doctorAppointments, doctors } from '../../db/schema';
import type { MessageResponse } from '../../../shared/schemas/common';
import type { Deps } from '../../deps';
import { notFound } from '../../errors';
import { recordSecurityEvent, type RequestOrigin } from '../../plugins/security';
import { appointmentKeys, cacheKey } from '../../cache/cache-keys';
import { invalidatingTransaction } from '../../cache/invalidation';
import { placeKeysOfClinic } from '../directory/directory.service';
import type { AdminActor } from '../auth/sessions.service';
import { recordAdminAct, targetOf } from './admin-audit.service';

// Deleting doctors and appointments, and the broadcast (spec part 2, 2.5 and 3); their lists are admin-lists.service.ts.

type AdminDeps = Pick<Deps, 'db' | 'clock' | 'log'>;

const adminEvent = (actor: AdminActor, eventType: string, details: Record<string, unknown>) => ({ eventType, userType: 'admin', userId: actor.id, details });

/**
 * Removes a doctor from one clinic in one transaction: the link, its call settings and his appointments at
 * that clinic. A doctor left with no clinic is removed too (docs/decisions/009-admin-dashboard.md).
 */
export async function deleteDoctorLink(deps: AdminDeps, o: { actor: AdminActor; linkId: number; origin: RequestOrigin }): Promise<MessageResponse> {
  const { linkId } = o;
  const now = deps.clock.now();
  const removed = await invalidatingTransaction(deps.db, async (tx, changed) => {
    const [link] = await tx.delete(clinicDoctors).where(eq(clinicDoctors.id, linkId)).returning();
    if (!link) return null;
    const same = (t: typeof clinicDoctorSettings | typeof doctorAppointments) => and(eq(t.clinicId, link.clinicId), eq(t.doctorId, link.doctorId));
    await tx.delete(clinicDoctorSettings).where(same(clinicDoctorSettings));
    const gone = await tx.delete(doctorAppointments).where(same(doctorAppointments)).returning({
      repId: doctorAppointments.repId,
      clinicId: doctorAppointments.clinicId,
      doctorId: doctorAppointments.doctorId,
      date: doctorAppointments.appointmentDate,
    });
    changed.add(cacheKey.link(link.clinicId, link.doctorId), ...(await placeKeysOfClinic(tx, link.clinicId)), ...gone.flatMap(appointmentKeys));
    const [other] = await tx.select({ id: clinicDoctors.id }).from(clinicDoctors).where(eq(clinicDoctors.doctorId, link.doctorId)).limit(1);
    if (!other) await tx.delete(doctors).where(eq(doctors.id, link.doctorId));
    await recordAdminAct(tx, {
      actor: o.actor,
      action: 'doctor_deleted',
      target: targetOf('doctor_link', linkId),
      origin: o.origin,
      at: now,
      details: { doctorId: link.doctorId, clinicId: link.clinicId, appointments: gone.length, doctorRemoved: !other },
    });
    return link;
  });
  if (!removed) throw notFound(ADMIN_MESSAGES.doctorNotFound);
  await recordSecurityEvent(deps, o.origin, adminEvent(o.actor, 'admin_doctor_deleted', { linkId, doctorId: removed.doctorId, clinicId: removed.clinicId }));
  return { message: /*i18n*/ 'Doctor deleted successfully' };
}

export async function deleteAppointment(deps: AdminDeps, o: { actor: AdminActor; id: number; origin: RequestOrigin }): Promise<MessageResponse> {
  const { id } = o;
  const now = deps.clock.now();
  const row = await invalidatingTransaction(deps.db, async (tx, changed) => {
    const [gone] = await tx.delete(doctorAppointments).where(eq(doctorAppointments.id, id)).returning({
      repId: doctorAppointments.repId,
      clinicId: doctorAppointments.clinicId,
      doctorId: doctorAppointments.doctorId,
      date: doctorAppointments.appointmentDate,
    });
    if (gone) {
      changed.add(...appointmentKeys(gone));
      await recordAdminAct(tx, {
        actor: o.actor,
        action: 'appointment_deleted',
        target: targetOf('appointment', id),
        origin: o.origin,
        at: now,
        details: { repId: gone.repId, clinicId: gone.clinicId, doctorId: gone.doctorId, date: gone.date },
      });
    }
    return gone;
  });
  if (!row) throw notFound(ADMIN_MESSAGES.appointmentNotFound);
  await recordSecurityEvent(deps, o.origin, adminEvent(o.actor, 'admin_appointment_deleted', { appointmentId: id }));
  return { message: /*i18n*/ 'Appointment deleted successfully' };
}

// --- the broadcast (spec part 2, 2.5 (a) and 2.1's banner) ----------------------------------------------

const BROADCAST_LOCK = 7_000_701;

export async function getActiveNotification(deps: AdminDeps): Promise<AdminNotification | null> {
  const [row] = await deps.db
    .select()
    .from(adminNotifications)
    .where(eq(adminNotifications.isActive, true))
    .orderBy(desc(adminNotifications.createdAt), desc(adminNotifications.id))
    .limit(1);
  return row ? { id: row.id, message: row.message, createdAt: row.createdAt.toISOString() } : null;
}

/** The new message becomes the ONE active announcement: the others are switched off in the same transaction. */
export async function broadcast(deps: AdminDeps, o: { actor: AdminActor; message: string; origin: RequestOrigin }): Promise<BroadcastResponse> {
  const { message } = o;
  const now = deps.clock.now();
  const notification = await deps.db.transaction(async (tx) => {
    // Two broadcasts at the same moment queue here, so exactly one stays active.
    await tx.execute(sql`select pg_advisory_xact_lock(${BROADCAST_LOCK})`);
    await tx.update(adminNotifications).set({ isActive: false, updatedAt: now }).where(eq(adminNotifications.isActive, true));
    const [row] = await tx.insert(adminNotifications).values({ message, isActive: true, createdBy: o.actor.name, createdAt: now, updatedAt: now }).returning();
    await recordAdminAct(tx, {
      actor: o.actor,
      action: 'broadcast_sent',
      target: targetOf('notification', row!.id),
      origin: o.origin,
      at: now,
      details: { length: message.length },
    });
    return row!;
  });
  await recordSecurityEvent(deps, o.origin, adminEvent(o.actor, 'admin_broadcast', { notificationId: notification.id, length: message.length }));
  return {
    message: ADMIN_MESSAGES.broadcastSent,
    notification: { id: notification.id, message: notification.message, createdAt: notification.createdAt.toISOString() },
  };
}

/** The admin withdraws the announcement the reps see (docs/decisions/035); the act is a security event naming it. */
export async function clearActiveNotification(deps: AdminDeps, o: { actor: AdminActor; origin: RequestOrigin }): Promise<MessageResponse> {
  const now = deps.clock.now();
  const cleared = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(adminNotifications)
      .set({ isActive: false, updatedAt: now })
      .where(eq(adminNotifications.isActive, true))
      .returning({ id: adminNotifications.id });
    await recordAdminAct(tx, {
      actor: o.actor,
      action: 'broadcast_withdrawn',
      target: rows.length === 1 ? targetOf('notification', rows[0]!.id) : null,
      origin: o.origin,
      at: now,
      details: { notificationIds: rows.map((r) => r.id) },
    });
    return rows;
  });
  await recordSecurityEvent(
    deps,
    o.origin,
    adminEvent(o.actor, 'admin_broadcast_cleared', { count: cleared.length, notificationIds: cleared.map((c) => c.id) }),
  );
  return { message: ADMIN_MESSAGES.broadcastCleared };
}
