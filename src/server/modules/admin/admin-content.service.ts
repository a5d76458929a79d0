import type { AdminNotification, BroadcastResponse } from '../../../shared/schemas/admin';
import { ADMIN_MESSAGES } from '../../../shared/schemas/admin';
import type { MessageResponse } from '../../../shared/schemas/common';
import { withWrite } from '../../db/write';
import type { Deps } from '../../deps';
import { notFound } from '../../errors';
import { recordSecurityEvent, type RequestOrigin } from '../../plugins/security';
import type { AdminActor } from '../auth/sessions.service';
import { recordAdminAct, targetOf } from './admin-audit.service';
import {
  deactivateNotifications,
  deleteAppointmentById,
  deleteDoctorIfUnlinked,
  deleteLinkAndSettings,
  deleteLinkAppointments,
  findActiveNotification,
  replaceActiveNotification,
} from './admin-content.repo';

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
  const removed = await withWrite(deps, async (w) => {
    const link = await deleteLinkAndSettings(w, { linkId });
    if (!link) return null;
    const appointments = await deleteLinkAppointments(w, link);
    const doctorRemoved = await deleteDoctorIfUnlinked(w, { doctorId: link.doctorId });
    await recordAdminAct(w, {
      actor: o.actor,
      action: 'doctor_deleted',
      target: targetOf('doctor_link', linkId),
      origin: o.origin,
      at: now,
      details: { doctorId: link.doctorId, clinicId: link.clinicId, appointments, doctorRemoved },
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
  const row = await withWrite(deps, async (w) => {
    const gone = await deleteAppointmentById(w, { id });
    if (gone) {
      await recordAdminAct(w, {
        actor: o.actor,
        action: 'appointment_deleted',
        target: targetOf('appointment', id),
        origin: o.origin,
        at: now,
        details: { repId: gone.repId, clinicId: gone.clinicId, doctorId: gone.doctorId, date: gone.appointmentDate },
      });
    }
    return gone;
  });
  if (!row) throw notFound(ADMIN_MESSAGES.appointmentNotFound);
  await recordSecurityEvent(deps, o.origin, adminEvent(o.actor, 'admin_appointment_deleted', { appointmentId: id }));
  return { message: /*i18n*/ 'Appointment deleted successfully' };
}

// --- the broadcast (spec part 2, 2.5 (a) and 2.1's banner) ----------------------------------------------

export async function getActiveNotification(deps: AdminDeps): Promise<AdminNotification | null> {
  const row = await findActiveNotification(deps.db);
  return row ? { id: row.id, message: row.message, createdAt: row.createdAt.toISOString() } : null;
}

/** The new message becomes the ONE active announcement: the others are switched off in the same transaction. */
export async function broadcast(deps: AdminDeps, o: { actor: AdminActor; message: string; origin: RequestOrigin }): Promise<BroadcastResponse> {
  const { message } = o;
  const now = deps.clock.now();
  const notification = await withWrite(deps, async (w) => {
    const row = await replaceActiveNotification(w, { message, createdBy: o.actor.name, now });
    await recordAdminAct(w, {
      actor: o.actor,
      action: 'broadcast_sent',
      target: targetOf('notification', row.id),
      origin: o.origin,
      at: now,
      details: { length: message.length },
    });
    return row;
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
  const cleared = await withWrite(deps, async (w) => {
    const ids = await deactivateNotifications(w, { now });
    await recordAdminAct(w, {
      actor: o.actor,
      action: 'broadcast_withdrawn',
      target: ids.length === 1 ? targetOf('notification', ids[0]!) : null,
      origin: o.origin,
      at: now,
      details: { notificationIds: ids },
    });
    return ids;
  });
  await recordSecurityEvent(deps, o.origin, adminEvent(o.actor, 'admin_broadcast_cleared', { count: cleared.length, notificationIds: cleared }));
  return { message: ADMIN_MESSAGES.broadcastCleared };
}
