import { ERROR_MESSAGES } from '../../../shared/errors';
import {
  ADMIN_TEAM_MESSAGES,
  type AdminRole,
  type InviteAccept,
  type InviteAcceptResponse,
  type InviteCheckResponse,
  type InviteConfirm,
  type InviteConfirmResponse,
} from '../../../shared/schemas/admin-team';
import { withWrite } from '../../db/write';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { recordSecurityEvent, type RequestOrigin } from '../../plugins/security';
import { hashLinkToken } from '../auth/codes';
import { hashPassword, verifyPassword } from '../auth/password';
import { recordAdminAct, targetOf } from './admin-audit.service';
import { deleteAdminSessions, deleteUnusedLinks, findLiveLink, markLinkAccepted, markLinkUsed, replaceRecoveryCodes, updateAdmin } from './admin-team.repo';
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret, otpauthUrlOf, totpStepOf } from './admin-two-factor';

// The invitation / enrolment link (/admin/invite?token=..., docs/decisions/042-admin-team.md): check it, choose a
// password (accept: the TOTP secret is answered for the QR code), then confirm a first code (two-factor on, ten
// recovery codes shown once, the link used up). Staff may stop after the password; owners are active only once
// confirmed. The first owner's confirm retires the single password: its sessions end in the same transaction.

type InviteDeps = Pick<Deps, 'db' | 'clock' | 'log'>;

const invalidLink = () => new AppError('admin_invite_invalid', ERROR_MESSAGES.admin_invite_invalid, 400);

async function liveLinkOf(deps: InviteDeps, token: string) {
  const found = await findLiveLink(deps.db, { tokenHash: hashLinkToken(token), now: deps.clock.now() });
  if (!found) throw invalidLink();
  return found;
}

/** POST /api/admin/invite/check: what the page shows before its form. */
export async function checkInvite(deps: InviteDeps, o: { token: string }): Promise<InviteCheckResponse> {
  const { link, admin } = await liveLinkOf(deps, o.token);
  return { name: admin.name, email: admin.email, role: admin.role as AdminRole, twoFactorRequired: admin.role === 'owner', accepted: link.acceptedAt !== null };
}

/** POST /api/admin/invite/accept: sets the password; answers the new TOTP secret (the same one to a reloaded page). */
export async function acceptInvite(deps: InviteDeps, o: { input: InviteAccept; origin: RequestOrigin | null }): Promise<InviteAcceptResponse> {
  const { link, admin } = await liveLinkOf(deps, o.input.token);
  const twoFactorRequired = admin.role === 'owner';
  if (link.acceptedAt) {
    // Only whoever chose the password sees the secret again.
    if (!admin.passwordHash || !admin.totpSecret || admin.totpEnabled || !(await verifyPassword(admin.passwordHash, o.input.password))) throw invalidLink();
    return { totpSecret: admin.totpSecret, otpauthUrl: otpauthUrlOf({ secret: admin.totpSecret, email: admin.email }), twoFactorRequired };
  }
  const passwordHash = await hashPassword(o.input.password);
  const secret = newTotpSecret();
  const now = deps.clock.now();
  await withWrite(deps, async (tx) => {
    if (!(await markLinkAccepted(tx, { linkId: link.id, now }))) throw invalidLink();
    // A staff admin may sign in from here (two-factor optional); an owner only after the confirm.
    const staffReady = admin.role === 'staff';
    await updateAdmin(tx, admin.id, {
      passwordHash,
      totpSecret: secret,
      totpEnabled: false,
      totpLastStep: null,
      updatedAt: now,
      ...(staffReady && !admin.enrolledAt ? { enrolledAt: now } : {}),
    });
    await deleteAdminSessions(tx, admin.id);
    if (staffReady) {
      await recordAdminAct(tx, {
        actor: { id: admin.id, name: admin.name },
        action: 'admin_enrolled',
        target: targetOf('admin', admin.id),
        origin: o.origin,
        at: now,
        details: { twoFactor: false },
      });
    }
  });
  return { totpSecret: secret, otpauthUrl: otpauthUrlOf({ secret, email: admin.email }), twoFactorRequired };
}

/** POST /api/admin/invite/confirm: a first valid code turns two-factor on and answers the recovery codes, once. */
export async function confirmInvite(deps: InviteDeps, o: { input: InviteConfirm; origin: RequestOrigin | null }): Promise<InviteConfirmResponse> {
  const { link, admin } = await liveLinkOf(deps, o.input.token);
  if (!link.acceptedAt || !admin.totpSecret) throw invalidLink();
  const now = deps.clock.now();
  const step = totpStepOf({ secret: admin.totpSecret, code: o.input.code, now });
  if (step === null) {
    await recordSecurityEvent(deps, o.origin, { eventType: 'admin_enrol_code_failed', userType: 'admin', userId: admin.id, threatLevel: 'medium' });
    throw new AppError('admin_code_invalid', ERROR_MESSAGES.admin_code_invalid, 400);
  }
  const recoveryCodes = newRecoveryCodes();
  await withWrite(deps, async (tx) => {
    if (!(await markLinkUsed(tx, { linkId: link.id, now }))) throw invalidLink();
    // The code's step is taken: the same code cannot sign in afterwards.
    await updateAdmin(tx, admin.id, { totpEnabled: true, totpLastStep: step, enrolledAt: admin.enrolledAt ?? now, updatedAt: now });
    await replaceRecoveryCodes(tx, { adminId: admin.id, hashes: recoveryCodes.map(hashRecoveryCode), now });
    await deleteUnusedLinks(tx, admin.id);
    if (admin.role === 'owner') {
      // A named owner exists from this commit: the single-password sessions end (plugins/auth.ts refuses them too).
      await deleteAdminSessions(tx, 0);
    }
    await recordAdminAct(tx, {
      actor: { id: admin.id, name: admin.name },
      action: 'admin_enrolled',
      target: targetOf('admin', admin.id),
      origin: o.origin,
      at: now,
      details: { twoFactor: true },
    });
  });
  return { message: ADMIN_TEAM_MESSAGES.enrolled, recoveryCodes };
}
