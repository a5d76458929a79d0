import type { AdminUserType, UserStatusResponse } from '../../../shared/schemas/admin';
import { ADMIN_MESSAGES } from '../../../shared/schemas/admin';
import type { MessageResponse } from '../../../shared/schemas/common';
import { withWrite } from '../../db/write';
import type { Deps } from '../../deps';
import { notFound } from '../../errors';
import type { AdminActor, UserType } from '../auth/sessions.service';
import { recordSecurityEvent, type RequestOrigin } from '../../plugins/security';
import { recordAdminAct, targetOf } from './admin-audit.service';
import { deleteAccount, findAccountStatus, setAccountStatus } from './admin-users.repo';

// Deleting an account and switching it on or off (spec part 2, 2.5 and 4); the lists of users and subscriptions are
// admin-lists.service.ts.

type AdminDeps = Pick<Deps, 'db' | 'clock' | 'log'>;
/** Ending an account's sessions is the session store's (modules/auth/sessions.service.ts endAllSessions); the route hands it in. */
type StatusDeps = AdminDeps & { endAllSessions: (type: UserType, id: number) => Promise<void> };

/**
 * Removes an account with everything hanging off it in ONE transaction: appointments, doctor links, call
 * settings and codes go by the foreign keys' cascades (payment orders stay, without the rep: kept by law);
 * sessions and reset links are deleted here.
 */
export async function deleteUser(
  deps: AdminDeps,
  o: { actor: AdminActor; id: number; userType: AdminUserType; origin: RequestOrigin },
): Promise<MessageResponse> {
  const now = deps.clock.now();
  const deleted = await withWrite(deps, async (w) => {
    if (!(await deleteAccount(w, { type: o.userType, id: o.id }))) return false;
    // The row names the account, not its personal data: the account is gone (decision 042).
    await recordAdminAct(w, { actor: o.actor, action: 'user_deleted', target: targetOf(o.userType, o.id), origin: o.origin, at: now });
    return true;
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
  const current = await findAccountStatus(deps.db, { type: o.userType, id: o.id });
  if (current === undefined) throw notFound(ADMIN_MESSAGES.userNotFound);
  const status: 'active' | 'inactive' = o.status ?? (current === 'active' ? 'inactive' : 'active');
  await withWrite(deps, async (w) => {
    await setAccountStatus(w, { type: o.userType, id: o.id, status, now: deps.clock.now() });
    await recordAdminAct(w, {
      actor: o.actor,
      action: 'user_status_changed',
      target: targetOf(o.userType, o.id),
      origin: o.origin,
      at: deps.clock.now(),
      details: { from: current, to: status },
    });
  });
  if (status !== 'active') await deps.endAllSessions(o.userType, o.id);
  await recordSecurityEvent(deps, o.origin, {
    eventType: 'admin_user_status_changed',
    userType: 'admin',
    userId: o.actor.id,
    details: { targetType: o.userType, targetId: o.id, from: current, to: status },
  });
  return { status, message: status === 'active' ? /*i18n*/ 'User activated successfully' : /*i18n*/ 'User deactivated successfully' };
}
