import type { AdminUserType, CompanyVerificationResponse, UserStatusResponse } from '../../../shared/schemas/admin';
import { ADMIN_MESSAGES } from '../../../shared/schemas/admin';
import type { MessageResponse } from '../../../shared/schemas/common';
import { withWrite } from '../../db/write';
import type { Deps } from '../../deps';
import { notFound } from '../../errors';
import type { AdminActor, UserType } from '../auth/sessions.service';
import { recordSecurityEvent, type RequestOrigin } from '../../plugins/security';
import { recordAdminAct, targetOf } from './admin-audit.service';
import { deleteAccount, findAccountStatus, findCompanyVerification, setAccountStatus, setCompanyVerified } from './admin-users.repo';

// Deleting an account and switching it on or off (spec part 2, 2.5 and 4), and verifying a pharma company
// (docs/decisions/087); the lists of users and subscriptions are admin-lists.service.ts.

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
  const deletedMessages = {
    clinic: /*i18n*/ 'Clinic deleted successfully',
    medrep: /*i18n*/ 'Medical representative deleted successfully',
    company: /*i18n*/ 'Company deleted successfully',
  } as const;
  return { message: deletedMessages[o.userType] };
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

/**
 * PATCH /api/admin/companies/{id}/verification (docs/decisions/087-company-accounts.md): an admin who has checked a
 * company marks it verified, or takes the mark back. The audit row is written in the same transaction, naming the
 * company and the change; marking it as it already is changes nothing and records nothing.
 */
export async function setCompanyVerification(
  deps: AdminDeps,
  o: { actor: AdminActor; id: number; verified: boolean; origin: RequestOrigin },
): Promise<CompanyVerificationResponse> {
  const now = deps.clock.now();
  // The update changes the row only from the other state, so of two admins marking it at once one act is recorded.
  const changed = await withWrite(deps, async (w) => {
    if (!(await setCompanyVerified(w, { id: o.id, verified: o.verified, adminId: o.actor.id, now }))) return false;
    const action = o.verified ? 'company_verified' : 'company_unverified';
    await recordAdminAct(w, { actor: o.actor, action, target: targetOf('company', o.id), origin: o.origin, at: now, details: { verified: o.verified } });
    return true;
  });
  if (!changed && !(await findCompanyVerification(deps.db, o.id))) throw notFound(ADMIN_MESSAGES.companyNotFound);
  return { verified: o.verified, message: o.verified ? ADMIN_MESSAGES.companyVerified : ADMIN_MESSAGES.companyUnverified };
}
