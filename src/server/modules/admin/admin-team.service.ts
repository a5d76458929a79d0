import { ERROR_MESSAGES } from '../../../shared/errors';
import {
  ADMIN_INVITE_HOURS,
  ADMIN_TEAM_MESSAGES,
  type AdminTeamMember,
  type AdminTeamResponse,
  type InviteAdmin,
  type InviteAdminResponse,
  type UpdateAdminResponse,
} from '../../../shared/schemas/admin-team';
import type { MessageResponse } from '../../../shared/schemas/common';
import type { PageQuery } from '../../../shared/schemas/pagination';
import { cursorId, decodeCursor, pageOf } from '../../db/keyset';
import { withWrite, type Write } from '../../db/write';
import type { Deps } from '../../deps';
import { AppError, conflict, isUniqueViolation } from '../../errors';
import type { RequestOrigin } from '../../plugins/security';
import { generateToken, hashLinkToken } from '../auth/codes';
import { recordAdminAct, targetOf, type AuditActor } from './admin-audit.service';
import { adminEnrolmentMail } from './admin-team-mail';
import {
  countOtherActiveOwners,
  countRecoveryCodesLeft,
  deleteAdminSessions,
  deleteUnusedLinks,
  findAdminById,
  insertAdmin,
  insertLink,
  lockTeam,
  queryAdminPage,
  replaceRecoveryCodes,
  updateAdmin,
  type AdminRow,
} from './admin-team.repo';
import { accountLocale } from '../../i18n';

// Managing the admin team (docs/decisions/042-admin-team.md): owners invite by e-mail, deactivate and reactivate,
// and reset a second factor; the single-password session invites the first owner. Each act writes its audit row in
// its own transaction, and ends the sessions it must at the commit.

type TeamDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'outbox'>;
/** The acting admin; `id` null for the command line (npm run admin:create). */
export type TeamActor = AuditActor & { role: 'owner' | 'staff' };

const LINK_LIFETIME_MS = ADMIN_INVITE_HOURS * 3_600_000;

const notFoundAdmin = () => new AppError('admin_not_found', ERROR_MESSAGES.admin_not_found, 404);

/** Ready to sign in: a password, and a second factor where the role needs one. */
const isReady = (a: AdminRow) => a.passwordHash !== null && (a.totpEnabled || a.role === 'staff');

export function memberOf(a: AdminRow, recoveryCodesLeft: number): AdminTeamMember {
  return {
    id: a.id,
    name: a.name,
    email: a.email,
    role: a.role as AdminTeamMember['role'],
    status: !a.active ? 'inactive' : isReady(a) ? 'active' : 'invited',
    twoFactor: a.totpEnabled,
    recoveryCodesLeft: a.totpEnabled ? recoveryCodesLeft : 0,
    createdAt: a.createdAt.toISOString(),
    lastSignInAt: a.lastSignInAt?.toISOString() ?? null,
  };
}

/**
 * A new single-use link for the admin (older unused ones stop working), e-mailed through the outbox in the same
 * transaction. Answers the link (the command line prints it; routes never show it).
 */
async function issueLink(deps: TeamDeps, tx: Write, o: { admin: AdminRow; purpose: 'invite' | 'reset'; by: string; now: Date }): Promise<string> {
  const token = generateToken();
  await deleteUnusedLinks(tx, o.admin.id);
  await insertLink(tx, {
    adminId: o.admin.id,
    tokenHash: hashLinkToken(token),
    purpose: o.purpose,
    expiresAt: new Date(o.now.getTime() + LINK_LIFETIME_MS),
    now: o.now,
  });
  const link = `${deps.config.appUrl}/admin/invite?token=${token}`;
  await deps.outbox.queueEmail(
    tx,
    adminEnrolmentMail({
      to: o.admin.email,
      name: o.admin.name,
      role: o.admin.role as TeamActor['role'],
      link,
      purpose: o.purpose,
      invitedBy: o.by,
      locale: accountLocale(o.admin.language),
    }),
    // A newer link replaces an unsent older one: only a working link goes out.
    { replaceKey: `admin-enrol:${o.admin.id}` },
  );
  return link;
}

/**
 * POST /api/admin/admins: the admin row (no password yet) and an invitation link. The single-password session may
 * invite owners only: it exists to create the first one.
 */
export async function inviteAdmin(
  deps: TeamDeps,
  o: { actor: TeamActor; input: InviteAdmin; origin: RequestOrigin | null },
): Promise<InviteAdminResponse & { link: string }> {
  const { actor, input } = o;
  if (actor.id === 0 && input.role !== 'owner') throw new AppError('admin_first_owner', ERROR_MESSAGES.admin_first_owner, 409);
  const now = deps.clock.now();
  try {
    return await withWrite(deps, async (tx) => {
      const admin = await insertAdmin(tx, { name: input.name, email: input.email, role: input.role, now });
      const link = await issueLink(deps, tx, { admin, purpose: 'invite', by: actor.name, now });
      await recordAdminAct(tx, {
        actor,
        action: 'admin_invited',
        target: targetOf('admin', admin.id),
        origin: o.origin,
        at: now,
        details: { name: admin.name, email: admin.email, role: admin.role },
      });
      return { admin: { id: admin.id, name: admin.name, email: admin.email, role: input.role }, link };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ERROR_MESSAGES.admin_email_taken, 'admin_email_taken');
    throw err;
  }
}

/** GET /api/admin/admins: the team, oldest first. */
export async function listAdmins(deps: Pick<Deps, 'db'>, query: PageQuery): Promise<AdminTeamResponse> {
  const afterId = query.cursor === undefined ? undefined : cursorId(decodeCursor(query.cursor, ['number'] as const)[0]);
  const rows = await queryAdminPage(deps.db, { afterId, limit: query.limit });
  const { items, nextCursor } = pageOf(rows, query.limit, (r) => [r.admin.id]);
  return { admins: items.map((r) => memberOf(r.admin, r.recoveryCodesLeft)), nextCursor };
}

/**
 * PATCH /api/admin/admins/{id}: deactivation ends the admin's sessions and unused links at once (every instance: admin
 * sessions are read from the database on every request). Nobody changes their own account here, and the last active
 * owner stays.
 */
export async function setAdminActive(
  deps: TeamDeps,
  o: { actor: TeamActor; id: number; active: boolean; origin: RequestOrigin | null },
): Promise<UpdateAdminResponse> {
  if (o.id === o.actor.id) throw new AppError('admin_self', ERROR_MESSAGES.admin_self, 409);
  const now = deps.clock.now();
  const admin = await withWrite(deps, async (tx) => {
    await lockTeam(tx);
    const target = await findAdminById(tx, o.id, { forUpdate: true });
    if (!target) throw notFoundAdmin();
    if (!o.active && target.role === 'owner' && target.active && target.enrolledAt && (await countOtherActiveOwners(tx, target.id)) === 0) {
      throw new AppError('admin_last_owner', ERROR_MESSAGES.admin_last_owner, 409);
    }
    const updated = (await updateAdmin(tx, target.id, { active: o.active, updatedAt: now }))!;
    if (!o.active) {
      await deleteAdminSessions(tx, target.id);
      await deleteUnusedLinks(tx, target.id);
    }
    if (target.active !== o.active) {
      await recordAdminAct(tx, {
        actor: o.actor,
        action: o.active ? 'admin_reactivated' : 'admin_deactivated',
        target: targetOf('admin', target.id),
        origin: o.origin,
        at: now,
        details: { name: target.name, email: target.email },
      });
    }
    return updated;
  });
  return {
    message: o.active ? ADMIN_TEAM_MESSAGES.reactivated : ADMIN_TEAM_MESSAGES.deactivated,
    admin: memberOf(admin, await countRecoveryCodesLeft(deps.db, admin.id)),
  };
}

/**
 * POST /api/admin/admins/{id}/reset-two-factor (and the command line's --reset): the password, the second factor and
 * the recovery codes are cleared, the admin's sessions end, and a new enrolment link is e-mailed. Also the way to send
 * an invitation again.
 */
export async function resetAdminTwoFactor(
  deps: TeamDeps,
  o: { actor: TeamActor; id: number; origin: RequestOrigin | null },
): Promise<MessageResponse & { link: string }> {
  if (o.id === o.actor.id) throw new AppError('admin_self', ERROR_MESSAGES.admin_self, 409);
  const now = deps.clock.now();
  const link = await withWrite(deps, async (tx) => {
    await lockTeam(tx);
    const target = await findAdminById(tx, o.id, { forUpdate: true });
    if (!target) throw notFoundAdmin();
    const cleared = (await updateAdmin(tx, target.id, { passwordHash: null, totpSecret: null, totpEnabled: false, totpLastStep: null, updatedAt: now }))!;
    await replaceRecoveryCodes(tx, { adminId: target.id, hashes: [], now });
    await deleteAdminSessions(tx, target.id);
    const issued = await issueLink(deps, tx, { admin: cleared, purpose: target.enrolledAt ? 'reset' : 'invite', by: o.actor.name, now });
    await recordAdminAct(tx, {
      actor: o.actor,
      action: 'two_factor_reset',
      target: targetOf('admin', target.id),
      origin: o.origin,
      at: now,
      details: { name: target.name, email: target.email, hadTwoFactor: target.totpEnabled },
    });
    return issued;
  });
  return { message: ADMIN_TEAM_MESSAGES.resetSent, link };
}
