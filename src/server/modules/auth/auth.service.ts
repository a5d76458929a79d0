import { ERROR_MESSAGES } from '../../../shared/errors';
import type {
  AcceptTermsResponse,
  AccountKind,
  ClinicLoginResponse,
  ClinicUser,
  CompanyLoginResponse,
  CompanyUser,
  ForgotPassword,
  Login,
  LoginHint,
  MeResponse,
  RepLoginResponse,
  RepUser,
  ResetLinkCheck,
  ResetLinkStatus,
  ResetPassword,
  TermsStatusResponse,
} from '../../../shared/schemas/auth';
import type { MessageResponse } from '../../../shared/schemas/common';
import type { DbOrTx, Tx } from '../../db/client';
import { withWrite, type Write } from '../../db/write';
import type { Deps } from '../../deps';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../errors';
import { endAllSessions, type Actor } from './sessions.service';
import { recordSecurityEvent, type RequestOrigin } from '../../plugins/security';
import * as repo from './auth.repo';
import { passwordChangedMail, passwordResetMail } from './auth.mail';
import { accountLocale } from '../../i18n';
import { RESET_LINK_LIFETIME_MS, generateToken, hashLinkToken } from './codes';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password';

// Sign-in, sessions, terms and password reset (spec part 1, 4, 7 and 8; part 2, 2.4; decisions 002 and 005).

export const NO_ACCOUNT = /*i18n*/ 'No account found with that email address.';
export const RESET_SENT = /*i18n*/ 'Reset instructions sent!';
export const RESET_DONE = /*i18n*/ 'Password reset successful. You can now log in with your new password.';
export const RESET_INVALID = ERROR_MESSAGES.reset_link_invalid;
export const RESET_LINK_VALID = /*i18n*/ 'Choose a new password for your account.';
export const RESET_LINK_EXPIRED = /*i18n*/ 'This password reset link has expired. Please request a new one.';
export const RESET_LINK_USED = /*i18n*/ 'This password reset link has already been used. Please request a new one.';
export const LOGGED_OUT = /*i18n*/ 'Logged out';
export const TERMS_VERSION = '2025-06-01';
const RECENT_PASSWORD_CHANGE_MS = 7 * 86_400_000;

/** A refused login that carries the spec's hint (part 1, 7: 'password_recently_changed'). */
export class LoginRefused extends AppError {
  constructor(
    code: 'invalid_credentials' | 'email_not_verified' | 'registration_pending' | 'account_inactive' | 'invite_pending',
    status: number,
    readonly hint?: LoginHint,
  ) {
    super(code, ERROR_MESSAGES[code], status);
  }
}

export const clinicUserOf = (c: repo.ClinicRow): ClinicUser => ({
  id: c.id,
  contactPerson: c.contactPerson,
  clinicName: c.clinicName,
  city: c.city,
  state: c.state,
  email: c.email,
  contactNumber: c.contactNumber,
});

/** A registration still waiting for its code (for admin's re-registration e-mails; ARCHITECTURE rule 16). */
export type PendingRep = repo.PendingRep;

/** The pending registration of `email` of this kind, if any. */
export async function findPending(db: DbOrTx, kind: AccountKind, email: string): Promise<repo.PendingRow | undefined> {
  return repo.findPending(db, kind, email);
}

/**
 * A new code and link for a pending registration, whose e-mail the caller queues in the same transaction (admin's
 * re-registration e-mails). A plain transaction still fits while those run in one (repo `replacePendingCode`).
 */
export async function replacePendingCode(tx: Tx, kind: AccountKind, id: number, v: Parameters<typeof repo.replacePendingCode>[3]): Promise<void> {
  await repo.replacePendingCode(tx, kind, id, v);
}

/** A pharma company's account as its own answers show it (docs/decisions/087-company-accounts.md). */
export const companyUserOf = (c: repo.CompanyRow): CompanyUser => ({
  id: c.id,
  companyName: c.companyName,
  contactName: c.contactName,
  email: c.email,
  phone: c.phone,
  gstin: c.gstin,
  verified: c.verified,
});

export const repUserOf = (r: repo.RepRow): RepUser => ({
  id: r.id,
  email: r.email,
  fullName: r.fullName,
  phone: r.phone,
  company: r.company,
  state: r.state,
});

/**
 * Whether an e-mail or phone number is held by an account, verified or pending, of either kind (for other
 * modules: a rep's new e-mail or phone must be free among all of them, spec part 2, 2.1).
 */
export async function isContactTaken(deps: { db: DbOrTx }, o: { field: 'email' | 'phone'; value: string }): Promise<boolean> {
  const holders = o.field === 'email' ? await repo.findEmailHolders(deps.db, o.value) : await repo.findPhoneHolders(deps.db, o.value);
  return holders.length > 0;
}

/**
 * Reset links not yet used stop working: after a change of the password or of the e-mail address, a link sent before
 * (perhaps to whoever made the change) must not set the password (decision 031). `deps.db` is the caller's write.
 */
export async function revokePasswordResetLinks(deps: { db: Write }, o: { kind: AccountKind; userId: number }): Promise<void> {
  await repo.deleteUnusedResetTokens(deps.db, o.kind, o.userId);
}

/** Sets a rep's password in the caller's write `w`; an unused reset link stops working. */
export async function changeRepPassword(w: Write, o: { repId: number; passwordHash: string; now: Date }): Promise<void> {
  await repo.setRepPassword(w, o.repId, o.passwordHash, o.now);
  await revokePasswordResetLinks({ db: w }, { kind: 'medrep', userId: o.repId });
}

async function findAccount(deps: Pick<Deps, 'db'>, kind: AccountKind, email: string): Promise<repo.AccountRow | undefined> {
  if (kind === 'company') return repo.findCompanyByEmail(deps.db, email);
  return kind === 'clinic' ? repo.findClinicByEmail(deps.db, email) : repo.findRepByEmail(deps.db, email);
}

/** The account of `kind` with this id (a reset link names it by id). */
async function findAccountById(db: DbOrTx, kind: AccountKind, id: number): Promise<repo.AccountRow | undefined> {
  if (kind === 'company') return repo.findCompanyById(db, id);
  return kind === 'clinic' ? repo.findClinicById(db, id) : repo.findRepById(db, id);
}

/** The answer's `user` of a sign-in: the shape of each kind's own. */
function loginUserOf(kind: AccountKind, account: repo.AccountRow): ClinicUser | RepUser | CompanyUser {
  if (kind === 'company') return companyUserOf(account as repo.CompanyRow);
  return kind === 'clinic' ? clinicUserOf(account as repo.ClinicRow) : repUserOf(account as repo.RepRow);
}

/**
 * POST /api/auth/login (clinic), POST /api/medrep/login and POST /api/company/login (docs/decisions/087). An unknown
 * e-mail and a wrong password get the same answer after the same work (a hash is always verified). Unverified and
 * inactive accounts are told so only once the password is right. Returns the account to start a session for (the
 * route sets the cookie) and the answer.
 */
export async function logIn(
  deps: Deps,
  o: { kind: AccountKind; input: Login; origin: RequestOrigin },
): Promise<{ accountId: number; memberId?: number; answer: ClinicLoginResponse | RepLoginResponse | CompanyLoginResponse }> {
  const { kind, input } = o;
  const account = await findAccount(deps, kind, input.email);
  const failed = async (userId: number | null, hint?: LoginHint) => {
    deps.metrics?.signInFailures.inc({ account: kind });
    await recordSecurityEvent(deps, o.origin, { eventType: 'login_failed', userType: kind, userId, details: { email: input.email.toLowerCase() } });
    return new LoginRefused('invalid_credentials', 401, hint);
  };
  // Not a clinic account: perhaps one of a clinic's team, who signs in on the same form (decision 072).
  if (!account && kind === 'clinic') {
    const found = await repo.findMemberByEmail(deps.db, input.email);
    if (found) return logInMember(deps, { found, input, origin: o.origin, failed: () => failed(null) });
  }
  if (!account) {
    const pending = await repo.findPending(deps.db, kind, input.email);
    const ok = await verifyPassword(pending?.password ?? (await dummyPasswordHash()), input.password);
    // The registrant's own password: say the registration waits for its code, so the form can link to it (decision 036).
    if (pending && ok) throw new LoginRefused('registration_pending', 403);
    throw await failed(null);
  }
  if (!(await verifyPassword(account.password, input.password))) {
    const changedAt = 'passwordChangedAt' in account ? account.passwordChangedAt : null;
    const recent = !!changedAt && deps.clock.now().getTime() - changedAt.getTime() < RECENT_PASSWORD_CHANGE_MS;
    throw await failed(account.id, recent ? 'password_recently_changed' : undefined);
  }
  if (!account.emailVerified) throw new LoginRefused('email_not_verified', 403);
  if (account.status !== 'active') {
    await recordSecurityEvent(deps, o.origin, { eventType: 'login_refused_inactive', userType: kind, userId: account.id, blocked: true });
    throw new LoginRefused('account_inactive', 403);
  }
  const fingerprint = input.deviceFingerprint;
  if (fingerprint) await withWrite(deps, (w) => repo.setDeviceFingerprint(w, kind, account.id, fingerprint));
  const user = loginUserOf(kind, account);
  // The clinic account is the clinic's owner (decision 072).
  const person = kind === 'clinic' ? { person: { name: (account as repo.ClinicRow).contactPerson, role: 'owner' as const } } : {};
  return {
    accountId: account.id,
    // The saved language (decision 045): the client switches to it, or saves the device's when there is none.
    answer: { user, ...person, termsAccepted: account.termsAccepted, message: /*i18n*/ 'Login successful', language: account.language ?? null } as
      ClinicLoginResponse | RepLoginResponse | CompanyLoginResponse,
  };
}

/**
 * A clinic team member's sign-in (decision 072): the same work for a wrong password; an invitation not yet accepted
 * (no password to check) and an inactive member or clinic are told so. The session is the clinic's, naming the member.
 */
async function logInMember(
  deps: Deps,
  o: { found: repo.MemberLogin; input: Login; origin: RequestOrigin; failed: () => Promise<LoginRefused> },
): Promise<{ accountId: number; memberId: number; answer: ClinicLoginResponse }> {
  const { member } = o.found;
  const ok = await verifyPassword(member.passwordHash ?? (await dummyPasswordHash()), o.input.password);
  if (member.status === 'invited') throw new LoginRefused('invite_pending', 403);
  if (!ok) throw await o.failed();
  if (member.status !== 'active' || o.found.clinicStatus !== 'active') {
    await recordSecurityEvent(deps, o.origin, { eventType: 'login_refused_inactive', userType: 'clinic', userId: member.clinicId, blocked: true });
    throw new LoginRefused('account_inactive', 403);
  }
  const clinic = await repo.findClinicById(deps.db, member.clinicId);
  if (!clinic) throw await o.failed();
  await withWrite(deps, (w) => repo.stampMemberSignIn(w, { memberId: member.id, now: deps.clock.now() }));
  const person = { name: member.name, role: member.role as 'manager' | 'reception' };
  return {
    accountId: clinic.id,
    memberId: member.id,
    answer: {
      user: clinicUserOf(clinic),
      person,
      termsAccepted: clinic.termsAccepted,
      message: /*i18n*/ 'Login successful',
      language: member.language ?? null,
    },
  };
}

/** GET /api/auth/me: who is signed in (the dashboards trust this, not the browser's saved data). */
export async function getMe(deps: Pick<Deps, 'db'>, o: { actor: Actor }): Promise<MeResponse> {
  const { actor } = o;
  if (actor.type === 'doctor') {
    // The doctor's own login (docs/decisions/073): terms are the inviting clinic's, so always accepted.
    const doctor = await repo.findDoctorAccountById(deps.db, actor.id);
    if (!doctor) throw unauthorized();
    return { userType: 'doctor' as const, user: doctor, termsAccepted: true };
  }
  if (actor.type === 'company') {
    const company = await repo.findCompanyById(deps.db, actor.id);
    if (!company) throw unauthorized();
    return { userType: 'company' as const, user: companyUserOf(company), termsAccepted: company.termsAccepted };
  }
  if (actor.type === 'clinic') {
    const clinic = await repo.findClinicById(deps.db, actor.id);
    if (!clinic) throw unauthorized();
    // Who of the clinic is signed in: the owner (the clinic account) or a team member with their role (decision 072).
    const person = { name: actor.person?.name ?? clinic.contactPerson, role: actor.clinicRole ?? ('owner' as const) };
    return { userType: 'clinic' as const, user: clinicUserOf(clinic), person, termsAccepted: clinic.termsAccepted };
  }
  const rep = await repo.findRepById(deps.db, actor.id);
  if (!rep) throw unauthorized();
  return { userType: 'medrep' as const, user: repUserOf(rep), termsAccepted: rep.termsAccepted };
}

interface TermsOptions {
  actor: Actor;
  kind: AccountKind;
  id: number;
  origin: RequestOrigin;
}

/** The terms calls name an account: it must be the signed-in one. */
async function assertOwnAccount(deps: Deps, o: TermsOptions) {
  const { actor, kind, id } = o;
  if (actor.type !== kind || actor.id !== id) {
    await recordSecurityEvent(deps, o.origin, {
      eventType: 'access_refused',
      userType: actor.type,
      userId: actor.id,
      threatLevel: 'medium',
      blocked: true,
      details: { target: { userType: kind, userId: id } },
    });
    throw forbidden();
  }
}

export async function getTermsStatus(deps: Deps, o: TermsOptions): Promise<TermsStatusResponse> {
  await assertOwnAccount(deps, o);
  const accepted = await repo.findTermsAccepted(deps.db, o.kind, o.id);
  if (accepted === undefined) throw notFound(/*i18n*/ 'Account not found');
  return { termsAccepted: accepted };
}

export async function acceptTerms(deps: Deps, o: TermsOptions): Promise<AcceptTermsResponse> {
  await assertOwnAccount(deps, o);
  const ok = await withWrite(deps, (w) => repo.acceptTerms(w, o.kind, o.id, { now: deps.clock.now(), version: TERMS_VERSION }));
  if (!ok) throw notFound(/*i18n*/ 'Account not found');
  return { message: /*i18n*/ 'Terms accepted', termsAccepted: true };
}

const nameOf = (a: repo.AccountRow) => ('fullName' in a ? a.fullName : 'contactName' in a ? a.contactName : a.contactPerson);

/**
 * A new single-use reset link, valid one hour, queued with the token that makes it work in the caller's write `w`; a
 * newer link replaces an older one, sent or not.
 */
export async function queuePasswordReset(
  deps: Pick<Deps, 'clock' | 'config' | 'outbox'>,
  w: Write,
  o: { kind: AccountKind; account: { id: number; email: string; name: string; language: string | null } },
): Promise<void> {
  const { kind, account } = o;
  const now = deps.clock.now();
  const token = generateToken();
  const link = `${deps.config.appUrl}/reset-password?token=${token}&type=${kind}`;
  await repo.replaceResetToken(w, {
    kind,
    userId: account.id,
    tokenHash: hashLinkToken(token),
    expiresAt: new Date(now.getTime() + RESET_LINK_LIFETIME_MS),
    now,
  });
  await deps.outbox.queueEmail(
    w,
    passwordResetMail({ to: account.email, name: account.name, link, recipientId: account.id, locale: accountLocale(account.language) }),
    {
      replaceKey: `reset:${kind}:${account.id}`,
    },
  );
}

/** POST /api/{clinic|medrep|company}/forgot-password: a single-use link valid one hour. */
export async function requestPasswordReset(deps: Deps, o: { kind: AccountKind; input: ForgotPassword; origin: RequestOrigin }): Promise<MessageResponse> {
  const { kind, input } = o;
  const account = await findAccount(deps, kind, input.email);
  if (!account) throw notFound(NO_ACCOUNT);
  await withWrite(deps, (w) =>
    queuePasswordReset(deps, w, { kind, account: { id: account.id, email: account.email, name: nameOf(account), language: account.language } }),
  );
  await recordSecurityEvent(deps, o.origin, { eventType: 'password_reset_requested', userType: kind, userId: account.id });
  return { message: RESET_SENT };
}

/**
 * POST /api/{clinic|medrep|company}/reset-password/check: whether the page's link still works, asked on load so an
 * expired or used link is said before the form. Reads only; the token stays usable (docs/decisions/036). A link replaced by a
 * newer one, or revoked by a password or e-mail change (decision 031), is no longer stored: invalid.
 */
export async function checkResetLink(deps: Pick<Deps, 'db' | 'clock'>, o: { kind: AccountKind; input: ResetLinkCheck }): Promise<ResetLinkStatus> {
  const row = await repo.findResetToken(deps.db, o.kind, hashLinkToken(o.input.token));
  if (!row) return { status: 'invalid', message: RESET_INVALID };
  if (row.usedAt) return { status: 'used', message: RESET_LINK_USED };
  if (row.expiresAt.getTime() <= deps.clock.now().getTime()) return { status: 'expired', message: RESET_LINK_EXPIRED };
  return { status: 'valid', message: RESET_LINK_VALID };
}

/** POST /api/{clinic|medrep|company}/reset-password: uses the token once, sets the password, ends every session. */
export async function resetPassword(deps: Deps, o: { kind: AccountKind; input: ResetPassword; origin: RequestOrigin }): Promise<MessageResponse> {
  const { kind, input } = o;
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  const userId = await withWrite(deps, async (tx) => {
    const id = await repo.consumeResetToken(tx, kind, hashLinkToken(input.token), now);
    if (id === undefined) return undefined;
    if (kind === 'clinic') await repo.setClinicPassword(tx, id, passwordHash, now);
    else if (kind === 'company') await repo.setCompanyPassword(tx, id, passwordHash, now);
    else await repo.setRepPassword(tx, id, passwordHash, now);
    await revokePasswordResetLinks({ db: tx }, { kind, userId: id });
    const account = await findAccountById(tx, kind, id);
    if (account) {
      await deps.outbox.queueEmail(
        tx,
        passwordChangedMail({
          to: account.email,
          name: nameOf(account),
          recipientId: account.id,
          appUrl: deps.config.appUrl,
          locale: accountLocale(account.language),
        }),
      );
    }
    return id;
  });
  if (userId === undefined) {
    await recordSecurityEvent(deps, o.origin, { eventType: 'password_reset_invalid_token', userType: kind, threatLevel: 'medium' });
    throw badRequest(RESET_INVALID, 'reset_link_invalid');
  }
  await endAllSessions(deps, kind, userId);
  await recordSecurityEvent(deps, o.origin, { eventType: 'password_reset', userType: kind, userId });
  return { message: RESET_DONE };
}
