import { withWrite } from '../../db/write';
import type { Deps } from '../../deps';
import { AppError, badRequest, conflict, forbidden, isUniqueViolation, unauthorized } from '../../errors';
import { accountLocale } from '../../i18n';
import { recordSecurityEvent, type RequestOrigin } from '../../plugins/security';
import { ERROR_MESSAGES } from '../../../shared/errors';
import { passwordSchema, type Login } from '../../../shared/schemas/auth';
import {
  DOCTOR_INVITE_LIFETIME_MS,
  type AcceptDoctorInvite,
  type AcceptDoctorInviteResponse,
  type DoctorLoginResponse,
  type InviteDoctor,
  type InviteDoctorResponse,
} from '../../../shared/schemas/doctor-console';
import type { Actor } from '../auth/sessions.service';
import { isContactTaken, LoginRefused } from '../auth/auth.service';
import { generateToken, hashLinkToken } from '../auth/codes';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../auth/password';
import { assertOwnClinic, requireLinkedDoctor } from '../clinics/access';
import { recordClinicActivity } from '../clinic-activity/activity.service';
import * as repo from './doctor-account.repo';
import { doctorInviteMail } from './doctor-messages';

// The doctor's own login (docs/decisions/073-doctor-accounts.md). The clinic invites its doctor's e-mail; accepting
// makes the account, or links the account that e-mail already has, so one login sees every clinic that invited it.

export const INVITE_SENT = /*i18n*/ 'Invitation sent. The link works for 72 hours.';
export const ACCOUNT_CREATED = /*i18n*/ 'Your doctor login is ready. Please sign in.';
export const ACCOUNT_LINKED = /*i18n*/ 'This clinic is now on your doctor login. Please sign in.';

const inviteInvalid = () => badRequest(ERROR_MESSAGES.doctor_invite_invalid, 'doctor_invite_invalid');

/**
 * POST /api/clinic/doctors/{doctorId}/invite (owner or manager). The doctor must be on the clinic's list (404); an
 * e-mail that signs in to a clinic, a rep or a clinic team member is refused (409): one address, one kind of login.
 * The invitation (its token kept only as SHA-256) and its e-mail are written in one transaction (decision 028).
 */
export async function inviteDoctor(deps: Deps, o: { actor: Actor; clinicId: number; doctorId: number; input: InviteDoctor }): Promise<InviteDoctorResponse> {
  assertOwnClinic(o.actor, o.clinicId);
  await requireLinkedDoctor(deps.db, o.clinicId, o.doctorId);
  const email = o.input.email.toLowerCase();
  if ((await isContactTaken(deps, { field: 'email', value: email })) || (await repo.isMemberEmail(deps.db, email))) {
    throw conflict(ERROR_MESSAGES.doctor_email_in_use, 'doctor_email_in_use');
  }
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + DOCTOR_INVITE_LIFETIME_MS);
  const token = generateToken();
  await withWrite(deps, async (w) => {
    const found = await repo.findClinicDoctor(w, { clinicId: o.clinicId, doctorId: o.doctorId });
    if (!found) throw badRequest(ERROR_MESSAGES.not_found, 'not_found');
    const account = await repo.findDoctorAccountByEmail(w, email);
    // An earlier link of this clinic's doctor stops working: only the newest invitation counts.
    await repo.retireInvites(w, { clinicId: o.clinicId, doctorId: o.doctorId, now });
    await repo.insertInvite(w, { clinicId: o.clinicId, doctorId: o.doctorId, email, tokenHash: hashLinkToken(token), expiresAt, now });
    const link = `${deps.config.appUrl}/doctor/invite?token=${token}`;
    const locale = accountLocale(account?.language ?? found.clinicLanguage);
    await deps.outbox.queueEmail(w, doctorInviteMail({ to: email, doctorName: found.doctorName, clinicName: found.clinicName, link, expiresAt, locale }));
    await recordClinicActivity(w, { clinicId: o.clinicId, actor: o.actor, action: 'doctor.invited', target: found.doctorName, details: { email }, now });
  });
  deps.log.info({ clinicId: o.clinicId, doctorId: o.doctorId }, 'clinic invited its doctor');
  return { message: INVITE_SENT, email, expiresAt: expiresAt.toISOString() };
}

/**
 * POST /api/doctor/invite/accept (public). An unknown, used, replaced or expired token: 400 doctor_invite_invalid.
 * An e-mail without a doctor login gets one with this password (the house's password rules) and the doctor's name
 * from the clinic's list; an e-mail that has one links it, and then the password must be that login's own, checked
 * as a sign-in is (a wrong one: 401, as a login; nothing used up). Two accepts of one token: one wins.
 */
export async function acceptDoctorInvite(deps: Deps, o: { input: AcceptDoctorInvite; origin: RequestOrigin }): Promise<AcceptDoctorInviteResponse> {
  const now = deps.clock.now();
  const invite = await repo.findInvite(deps.db, hashLinkToken(o.input.token));
  if (!invite || invite.usedAt || invite.expiresAt.getTime() <= now.getTime()) throw inviteInvalid();
  const existing = await repo.findDoctorAccountByEmail(deps.db, invite.email);
  let passwordHash: string | null = null;
  if (existing) {
    if (!(await verifyPassword(existing.passwordHash, o.input.password))) {
      await recordSecurityEvent(deps, o.origin, { eventType: 'login_failed', userType: 'doctor', userId: existing.id, details: { via: 'doctor_invite' } });
      throw new LoginRefused('invalid_credentials', 401);
    }
    if (existing.status !== 'active') throw new LoginRefused('account_inactive', 403);
  } else {
    const strong = passwordSchema.safeParse(o.input.password);
    if (!strong.success) throw badRequest(strong.error.issues[0]?.message ?? ERROR_MESSAGES.validation_error, 'validation_error');
    passwordHash = await hashPassword(o.input.password);
  }
  try {
    const accountId = await withWrite(deps, async (w) => {
      if (!(await repo.consumeInvite(w, { id: invite.id, now }))) throw inviteInvalid();
      const doctor = await repo.findClinicDoctor(w, { clinicId: invite.clinicId, doctorId: invite.doctorId });
      // The clinic removed the doctor since it invited them: the invitation no longer leads anywhere.
      if (!doctor) throw inviteInvalid();
      const account = existing ?? (await repo.insertDoctorAccount(w, { name: doctor.doctorName, email: invite.email, passwordHash: passwordHash!, now }));
      await repo.upsertAccountLink(w, { accountId: account.id, clinicId: invite.clinicId, doctorId: invite.doctorId, now });
      const actor = { person: { kind: 'doctor' as const, id: account.id, name: account.name } };
      await recordClinicActivity(w, { clinicId: invite.clinicId, actor, action: 'doctor.joined', target: doctor.doctorName, now });
      return account.id;
    });
    deps.log.info({ clinicId: invite.clinicId, doctorId: invite.doctorId, accountId, linkedExisting: !!existing }, 'doctor accepted an invitation');
  } catch (err) {
    // A second accept of another clinic's invitation made the account a moment before: that one may try again.
    if (isUniqueViolation(err)) throw conflict(ERROR_MESSAGES.conflict);
    throw err;
  }
  return { message: existing ? ACCOUNT_LINKED : ACCOUNT_CREATED, email: invite.email, linkedExisting: !!existing };
}

/**
 * POST /api/doctor/login: the clinic and rep logins' rules (auth.service.ts logIn): an unknown e-mail and a wrong
 * password get the same answer after the same work, and an inactive login is told so only once the password is right.
 */
export async function logInDoctor(deps: Deps, o: { input: Login; origin: RequestOrigin }): Promise<{ accountId: number; answer: DoctorLoginResponse }> {
  const account = await repo.findDoctorAccountByEmail(deps.db, o.input.email);
  const ok = await verifyPassword(account?.passwordHash ?? (await dummyPasswordHash()), o.input.password);
  if (!account || !ok) {
    deps.metrics?.signInFailures.inc({ account: 'doctor' });
    await recordSecurityEvent(deps, o.origin, {
      eventType: 'login_failed',
      userType: 'doctor',
      userId: account?.id ?? null,
      details: { email: o.input.email.toLowerCase() },
    });
    throw new LoginRefused('invalid_credentials', 401);
  }
  if (account.status !== 'active') {
    await recordSecurityEvent(deps, o.origin, { eventType: 'login_refused_inactive', userType: 'doctor', userId: account.id, blocked: true });
    throw new LoginRefused('account_inactive', 403);
  }
  await withWrite(deps, (w) => repo.markDoctorSignIn(w, { accountId: account.id, now: deps.clock.now() }));
  return {
    accountId: account.id,
    answer: { user: { id: account.id, name: account.name, email: account.email }, message: /*i18n*/ 'Login successful', language: account.language },
  };
}

/** A clinic and doctor the signed-in doctor is linked to (403 doctor_not_linked otherwise). */
export interface DoctorLink {
  clinicId: number;
  doctorId: number;
  doctorName: string;
  clinicName: string;
  city: string;
}

/** The clinics the signed-in doctor sees, in name order. */
export async function listDoctorLinks(deps: Pick<Deps, 'db'>, o: { actor: Actor }): Promise<DoctorLink[]> {
  if (o.actor.type !== 'doctor') throw unauthorized();
  return repo.listAccountLinks(deps.db, o.actor.id);
}

export async function requireDoctorLink(deps: Pick<Deps, 'db'>, o: { actor: Actor; clinicId: number }): Promise<DoctorLink> {
  const link = (await listDoctorLinks(deps, o)).find((l) => l.clinicId === o.clinicId);
  if (!link) throw new AppError('doctor_not_linked', ERROR_MESSAGES.doctor_not_linked, 403);
  return link;
}

/**
 * The doctor acting at one of their clinics, as the clinic's own services take an actor: the clinic's id, so those
 * services' check of "the clinic's own" holds, and the doctor as the person, so the clinic's Activity log names the
 * doctor (docs/decisions/073). Only ever made after requireDoctorLink, and only for the linked doctor's own rows.
 */
export function actingAtClinic(actor: Actor, link: DoctorLink): Actor {
  if (actor.type !== 'doctor' || !actor.person) throw forbidden();
  return { type: 'clinic', id: link.clinicId, sessionId: actor.sessionId, termsAccepted: true, language: actor.language, person: actor.person };
}
