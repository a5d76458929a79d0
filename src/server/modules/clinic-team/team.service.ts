import { ERROR_MESSAGES } from '../../../shared/errors';
import {
  CLINIC_INVITE_HOURS,
  CLINIC_TEAM_MESSAGES,
  OWNER_MEMBER_ID,
  type AcceptMemberInvite,
  type ClinicMemberRole,
  type ClinicTeamMember,
  type ClinicTeamResponse,
  type InviteMember,
  type MemberResponse,
  type UpdateMember,
} from '../../../shared/schemas/clinic-team';
import type { Locale } from '../../../shared/i18n/locales';
import { withWrite, type Write } from '../../db/write';
import type { Deps } from '../../deps';
import { AppError, conflict, isUniqueViolation, unauthorized } from '../../errors';
import { accountLocale } from '../../i18n';
import type { Actor } from '../auth/actor';
import { generateToken, hashLinkToken, RESET_LINK_LIFETIME_MS, sameHash } from '../auth/codes';
import { hashPassword } from '../auth/password';
import { endMemberSessions } from '../auth/sessions.service';
import { recordClinicActivity } from '../clinic-activity/activity.service';
import { findClinicAccount } from '../clinics/account.service';
import { memberInviteMail, memberResetMail } from './team-mail';
import * as repo from './team.repo';

// The clinic's team (docs/decisions/072-clinic-team.md): the owner invites managers and receptionists by e-mail,
// changes their role, deactivates (their sessions end in the same write) and reactivates them; the invited choose a
// password on the link and are signed in. Each change is recorded in the clinic's Activity log in its own write.

type TeamDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'outbox'>;

const LINK_LIFETIME_MS = CLINIC_INVITE_HOURS * 3_600_000;

const notFoundMember = () => new AppError('member_not_found', ERROR_MESSAGES.member_not_found, 404);
const ownerFixed = () => new AppError('owner_fixed', ERROR_MESSAGES.owner_fixed, 409);
const inviteInvalid = () => new AppError('invite_invalid', ERROR_MESSAGES.invite_invalid, 400);
const emailTaken = () => conflict(ERROR_MESSAGES.email_taken, 'email_taken');

export const memberOf = (m: repo.MemberRow): ClinicTeamMember => ({
  id: m.id,
  name: m.name,
  email: m.email,
  role: m.role as ClinicMemberRole,
  status: m.status as ClinicTeamMember['status'],
  lastSignInAt: m.lastSignInAt?.toISOString() ?? null,
});

async function clinicOf(deps: Pick<Deps, 'db'>, clinicId: number) {
  const clinic = await findClinicAccount(deps.db, clinicId);
  if (!clinic) throw unauthorized();
  return clinic;
}

/** GET /api/clinic/team: the owner (id 0, the clinic account) first, then the members in the order they were invited. */
export async function listTeam(deps: Pick<Deps, 'db'>, o: { actor: Actor }): Promise<ClinicTeamResponse> {
  const clinic = await clinicOf(deps, o.actor.id);
  const rows = await repo.queryMembers(deps.db, clinic.id);
  const ownerSignIn = await repo.findOwnerLastSignIn(deps.db, clinic.id);
  const owner: ClinicTeamMember = {
    id: OWNER_MEMBER_ID,
    name: clinic.contactPerson,
    email: clinic.email,
    role: 'owner',
    status: clinic.status === 'active' ? 'active' : 'inactive',
    lastSignInAt: ownerSignIn?.toISOString() ?? null,
  };
  return { members: [owner, ...rows.map(memberOf)] };
}

/** A new single-use link for the member (an older one stops working), e-mailed through the outbox in the same write. */
async function issueInvite(
  deps: TeamDeps,
  w: Write,
  o: { member: repo.MemberRow; clinic: { clinicName: string; language: string | null }; by: string; now: Date },
): Promise<void> {
  const token = generateToken();
  await repo.updateMember(w, o.member.id, {
    inviteTokenHash: hashLinkToken(token),
    inviteExpiresAt: new Date(o.now.getTime() + LINK_LIFETIME_MS),
    updatedAt: o.now,
  });
  await deps.outbox.queueEmail(
    w,
    memberInviteMail({
      to: o.member.email,
      name: o.member.name,
      role: o.member.role as ClinicMemberRole,
      clinicName: o.clinic.clinicName,
      invitedBy: o.by,
      link: `${deps.config.appUrl}/clinic/invite?token=${token}`,
      locale: accountLocale(o.member.language ?? o.clinic.language),
    }),
    // A newer link replaces an unsent older one: only a working link goes out.
    { replaceKey: `clinic-invite:${o.member.id}` },
  );
}

/**
 * The clinic login's 'Forgot password' for a team member (decision 072): a single-use link valid one hour to the
 * same page as the invitation, where the member chooses a new password. False when the e-mail is no active member's
 * (then it may be an owner's: the caller asks the accounts' reset).
 */
export async function requestMemberPasswordReset(deps: TeamDeps, o: { email: string }): Promise<boolean> {
  const found = await repo.findActiveMemberByEmail(deps.db, o.email);
  if (!found) return false;
  const now = deps.clock.now();
  const token = generateToken();
  await withWrite(deps, async (w) => {
    await repo.updateMember(w, found.member.id, {
      inviteTokenHash: hashLinkToken(token),
      inviteExpiresAt: new Date(now.getTime() + RESET_LINK_LIFETIME_MS),
      updatedAt: now,
    });
    await deps.outbox.queueEmail(
      w,
      memberResetMail({
        to: found.member.email,
        name: found.member.name,
        clinicName: found.clinicName,
        link: `${deps.config.appUrl}/clinic/invite?token=${token}&reset=1`,
        locale: accountLocale(found.member.language ?? found.clinicLanguage),
      }),
      { replaceKey: `clinic-invite:${found.member.id}` },
    );
  });
  return true;
}

/** POST /api/clinic/team (owner): the member (no password yet) and the invitation e-mail. */
export async function inviteMember(deps: TeamDeps, o: { actor: Actor; input: InviteMember }): Promise<MemberResponse> {
  const clinic = await clinicOf(deps, o.actor.id);
  const now = deps.clock.now();
  try {
    const member = await withWrite(deps, async (w) => {
      // Every clinic owner, member and doctor login signs in by e-mail: one address, one person (decision 072).
      if (await repo.isEmailHeld(w, o.input.email)) throw emailTaken();
      const inserted = await repo.insertMember(w, {
        clinicId: clinic.id,
        name: o.input.name,
        email: o.input.email,
        role: o.input.role,
        tokenHash: hashLinkToken(generateToken()), // replaced at once by issueInvite's
        expiresAt: now,
        language: null,
        now,
      });
      await issueInvite(deps, w, { member: inserted, clinic, by: o.actor.person?.name ?? clinic.contactPerson, now });
      await recordClinicActivity(w, {
        clinicId: clinic.id,
        actor: o.actor,
        action: 'team.invited',
        target: inserted.name,
        details: { email: inserted.email, role: inserted.role },
        now,
      });
      return inserted;
    });
    return { member: memberOf(member), message: CLINIC_TEAM_MESSAGES.invited };
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}

/** POST /api/clinic/team/{id}/resend (owner): a new link for a member still invited (the old one stops working). */
export async function resendInvite(deps: TeamDeps, o: { actor: Actor; id: number }): Promise<MemberResponse> {
  if (o.id === OWNER_MEMBER_ID) throw ownerFixed();
  const clinic = await clinicOf(deps, o.actor.id);
  const now = deps.clock.now();
  const member = await withWrite(deps, async (w) => {
    const found = await repo.findMember(w, { clinicId: clinic.id, id: o.id, forUpdate: true });
    if (!found) throw notFoundMember();
    if (found.status !== 'invited') throw new AppError('conflict', /*i18n*/ 'Only an invitation not yet accepted can be sent again.', 409);
    await issueInvite(deps, w, { member: found, clinic, by: o.actor.person?.name ?? clinic.contactPerson, now });
    await recordClinicActivity(w, {
      clinicId: clinic.id,
      actor: o.actor,
      action: 'team.invited',
      target: found.name,
      details: { email: found.email, again: true },
      now,
    });
    return found;
  });
  return { member: memberOf(member), message: CLINIC_TEAM_MESSAGES.resent };
}

/**
 * PATCH /api/clinic/team/{id} (owner): a new role and/or active. Deactivating ends the member's sessions on every
 * instance in the same write (sessions.service endMemberSessions) and voids an unused invitation; reactivating
 * brings back an active member, or an invited one (whose link the owner sends again). The owner (id 0) stays.
 */
export async function updateMember(deps: TeamDeps, o: { actor: Actor; id: number; input: UpdateMember }): Promise<MemberResponse> {
  if (o.id === OWNER_MEMBER_ID) throw ownerFixed();
  const now = deps.clock.now();
  const { role, active } = o.input;
  const updated = await withWrite(deps, async (w) => {
    const found = await repo.findMember(w, { clinicId: o.actor.id, id: o.id, forUpdate: true });
    if (!found) throw notFoundMember();
    const wasActive = found.status !== 'inactive';
    const set: Parameters<typeof repo.updateMember>[2] = { updatedAt: now };
    if (role !== undefined && role !== found.role) set.role = role;
    if (active === false && wasActive) Object.assign(set, { status: 'inactive', inviteTokenHash: null, inviteExpiresAt: null });
    if (active === true && !wasActive) set.status = found.passwordHash ? 'active' : 'invited';
    const row = (await repo.updateMember(w, found.id, set))!;
    const record = (action: 'team.role_changed' | 'team.deactivated' | 'team.reactivated', details: Record<string, unknown>) =>
      recordClinicActivity(w, { clinicId: o.actor.id, actor: o.actor, action, target: found.name, details: { email: found.email, ...details }, now });
    if (set.role) await record('team.role_changed', { from: found.role, to: set.role });
    if (set.status === 'inactive') {
      await endMemberSessions(w, { memberId: found.id });
      await record('team.deactivated', { role: row.role });
    } else if (set.status) await record('team.reactivated', { role: row.role });
    return row;
  });
  const message =
    active === false
      ? CLINIC_TEAM_MESSAGES.deactivated
      : active === true && updated.status !== 'inactive' && role === undefined
        ? CLINIC_TEAM_MESSAGES.reactivated
        : CLINIC_TEAM_MESSAGES.saved;
  return { member: memberOf(updated), message };
}

/**
 * POST /api/clinic/team/accept (public): the link's token and a password; the member is active from this commit and
 * the route signs them in. An unknown, expired or used link is one answer: 400 invite_invalid.
 */
export async function acceptMemberInvite(
  deps: TeamDeps,
  o: { input: AcceptMemberInvite; locale: Locale },
): Promise<{ member: repo.MemberRow; clinicName: string; newPassword: boolean }> {
  const tokenHash = hashLinkToken(o.input.token);
  const now = deps.clock.now();
  const found = await repo.findInvite(deps.db, { tokenHash, now });
  // Looked up by its hash (a unique index); compared once more in constant time all the same (decision 005).
  if (!found?.member.inviteTokenHash || !sameHash(found.member.inviteTokenHash, tokenHash)) throw inviteInvalid();
  const passwordHash = await hashPassword(o.input.password);
  const member = await withWrite(deps, async (w) => {
    const accepted = await repo.acceptInvite(w, { id: found.member.id, tokenHash, passwordHash, language: o.locale, now });
    if (!accepted) throw inviteInvalid();
    // A new password of an active member (its reset link): the sessions signed in with the old one end here.
    if (found.member.status === 'active') {
      await endMemberSessions(w, { memberId: accepted.id });
      return accepted;
    }
    await repo.stampMemberSignIn(w, { id: accepted.id, now });
    const person = { kind: accepted.role as ClinicMemberRole, id: accepted.id, name: accepted.name };
    await recordClinicActivity(w, {
      clinicId: accepted.clinicId,
      actor: { person },
      action: 'team.joined',
      target: accepted.name,
      details: { role: accepted.role },
      now,
    });
    return accepted;
  });
  return { member, clinicName: found.clinicName, newPassword: found.member.status === 'active' };
}
