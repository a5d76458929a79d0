import { and, eq } from 'drizzle-orm';
import type { AdminUserType, UserStatusResponse } from '../../../shared/schemas/admin';
import { ADMIN_MESSAGES } from '../../../shared/schemas/admin';
import { clinicUsers, medicalReps, passwordResetTokens, sessions } from '../../db/schema';
import type { MessageResponse } from '../../../shared/schemas/common';
import type { Deps } from '../../deps';
import { notFound } from '../../errors';
import type { AdminActor, UserType } from '../auth/sessions.service';
import { recordSecurityEvent, type RequestOrigin } from '../../plugins/security';
import { cacheKey } from '../../cache/cache-keys';
import { invalidatingTransaction } from '../../cache/invalidation';
import { directoryKeysOfClinic } from '../directory/directory.service';
import { recordAdminAct, targetOf } from './admin-audit.service';

// Deleting an account and switching it on or off (spec part 2, 2.5 and 4); the lists of users and subscriptions are
// admin-lists.service.ts.

type AdminDeps = Pick<Deps, 'db' | 'clock' | 'log'>;
/** Ending an account's sessions is the session store's (modules/auth/sessions.service.ts endAllSessions); the route hands it in. */
type StatusDeps = AdminDeps & { endAllSessions: (type: UserType, id: number) => Promise<void> };

const tableOf = (type: AdminUserType) => (type === 'clinic' ? clinicUsers : medicalReps);

/**
 * Removes an account with everything hanging off it in ONE transaction: appointments, doctor links, call
 * settings and codes go by the foreign keys' cascades (payment orders stay, without the rep: kept by law);
 * sessions and reset links are deleted here.
 */
export async function deleteUser(
  deps: AdminDeps,
  o: { actor: AdminActor; id: number; userType: AdminUserType; origin: RequestOrigin },
): Promise<MessageResponse> {
  const table = tableOf(o.userType);
  const now = deps.clock.now();
  // The account's appointments, links and settings go by cascade: rare enough to empty every read cache.
  const deleted = await invalidatingTransaction(deps.db, async (tx, changed) => {
    const [row] = await tx.delete(table).where(eq(table.id, o.id)).returning({ id: table.id, email: table.email });
    if (!row) return null;
    changed.add(cacheKey.everything());
    await tx.delete(sessions).where(and(eq(sessions.userType, o.userType), eq(sessions.userId, o.id)));
    await tx.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userType, o.userType), eq(passwordResetTokens.userId, o.id)));
    // The row names the account, not its personal data: the account is gone (decision 042).
    await recordAdminAct(tx, { actor: o.actor, action: 'user_deleted', target: targetOf(o.userType, o.id), origin: o.origin, at: now });
    return row;
  });
  if (!deleted) throw notFound(ADMIN_MESSAGES.userNotFound);
  await recordSecurityEvent(deps, o.origin, {
    eventType: 'admin_user_deleted',
    userType: 'admin',
    userId: o.actor.id,
    threatLevel: 'medium',
    details: { targetType: o.userType, targetId: o.id },
  });
  return { message: o.userType === 'clinic' ? /*i18n*/ 'Clinic deleted successfully' : /*i18n*/ 'Medical representative deleted successfully' };
}

/** spec part 2, 4: active becomes inactive, anything else active; an inactive account's sessions end at once. */
export async function setUserStatus(
  deps: StatusDeps,
  o: { actor: AdminActor; id: number; userType: AdminUserType; status?: 'active' | 'inactive'; origin: RequestOrigin },
): Promise<UserStatusResponse> {
  const table = tableOf(o.userType);
  const [current] = await deps.db.select({ status: table.status }).from(table).where(eq(table.id, o.id)).limit(1);
  if (!current) throw notFound(ADMIN_MESSAGES.userNotFound);
  const status: 'active' | 'inactive' = o.status ?? (current.status === 'active' ? 'inactive' : 'active');
  await invalidatingTransaction(deps.db, async (tx, changed) => {
    await tx.update(table).set({ status, updatedAt: deps.clock.now() }).where(eq(table.id, o.id));
    await recordAdminAct(tx, {
      actor: o.actor,
      action: 'user_status_changed',
      target: targetOf(o.userType, o.id),
      origin: o.origin,
      at: deps.clock.now(),
      details: { from: current.status, to: status },
    });
    // Sessions and the rep's row carry the status; the directory lists only active clinics.
    changed.add(cacheKey.account(o.userType, o.id), ...(o.userType === 'clinic' ? [cacheKey.directory(), ...(await directoryKeysOfClinic(tx, o.id))] : []));
  });
  if (status !== 'active') await deps.endAllSessions(o.userType, o.id);
  await recordSecurityEvent(deps, o.origin, {
    eventType: 'admin_user_status_changed',
    userType: 'admin',
    userId: o.actor.id,
    details: { targetType: o.userType, targetId: o.id, from: current.status, to: status },
  });
  return { status, message: status === 'active' ? /*i18n*/ 'User activated successfully' : /*i18n*/ 'User deactivated successfully' };
}
