import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ClinicUser, ForgotPassword, Login, RepUser, ResetPassword, UserKind } from '../../../shared/schemas/auth';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../errors';
import { actorOf, endAllSessions, endSession, startSession } from '../../plugins/auth';
import { recordSecurityEvent } from '../../plugins/security';
import * as repo from './auth.repo';
import { cacheKey } from '../../cache/cache-keys';
import { invalidatingTransaction } from '../../cache/invalidation';
import { passwordChangedMail, passwordResetMail } from './auth.mail';
import { RESET_LINK_LIFETIME_MS, generateToken, hashLinkToken } from './codes';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password';

// Sign-in, sessions, terms and password reset (issue 3; spec part 1, 4, 7 and 8; part 2, 2.4).

export const LOGIN_FAILED = 'Invalid email or password';
export const VERIFY_FIRST = 'Please verify your email before logging in.';
export const ACCOUNT_INACTIVE = 'Your account is inactive. Please contact support.';
export const NO_ACCOUNT = 'No account found with that email address.';
export const RESET_SENT = 'Reset instructions sent!';
export const RESET_DONE = 'Password reset successful. You can now log in with your new password.';
export const RESET_INVALID = 'This password reset link is invalid or has expired. Please request a new one.';
export const TERMS_VERSION = '2025-06-01';
const RECENT_PASSWORD_CHANGE_MS = 7 * 86_400_000;

/** A refused login that carries the spec's hint (part 1, 7: 'password_recently_changed'). */
export class LoginRefused extends AppError {
  constructor(
    message: string,
    status: number,
    code: string,
    readonly hint?: string,
  ) {
    super(code, message, status);
  }
}

interface Ctx {
  app: FastifyInstance;
  request: FastifyRequest;
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

export const repUserOf = (r: repo.RepRow): RepUser => ({
  id: r.id,
  email: r.email,
  fullName: r.fullName,
  phone: r.phone,
  company: r.company,
  state: r.state,
});

async function findAccount(app: FastifyInstance, kind: UserKind, email: string): Promise<repo.AccountRow | undefined> {
  return kind === 'clinic' ? repo.findClinicByEmail(app.db, email) : repo.findRepByEmail(app.db, email);
}

/**
 * POST /api/auth/login (clinic) and POST /api/medrep/login. An unknown e-mail and a wrong password get the
 * same answer after the same work (a hash is always verified). Unverified and inactive accounts are told
 * so only once the password is right.
 */
export async function login({ app, request }: Ctx, reply: FastifyReply, kind: UserKind, input: Login) {
  const account = await findAccount(app, kind, input.email);
  const failed = async (userId: number | null, hint?: string) => {
    await recordSecurityEvent(app, request, { eventType: 'login_failed', userType: kind, userId, details: { email: input.email.toLowerCase() } });
    return new LoginRefused(LOGIN_FAILED, 401, 'invalid_credentials', hint);
  };
  if (!account) {
    const pending = await repo.findPending(app.db, kind, input.email);
    const ok = await verifyPassword(pending?.password ?? (await dummyPasswordHash()), input.password);
    if (pending && ok) throw new LoginRefused(VERIFY_FIRST, 403, 'email_not_verified');
    throw await failed(null);
  }
  if (!(await verifyPassword(account.password, input.password))) {
    const changedAt = 'passwordChangedAt' in account ? account.passwordChangedAt : null;
    const recent = !!changedAt && app.clock.now().getTime() - changedAt.getTime() < RECENT_PASSWORD_CHANGE_MS;
    throw await failed(account.id, recent ? 'password_recently_changed' : undefined);
  }
  if (!account.emailVerified) throw new LoginRefused(VERIFY_FIRST, 403, 'email_not_verified');
  if (account.status !== 'active') {
    await recordSecurityEvent(app, request, { eventType: 'login_refused_inactive', userType: kind, userId: account.id, blocked: true });
    throw new LoginRefused(ACCOUNT_INACTIVE, 403, 'account_inactive');
  }
  await startSession(app, request, reply, { type: kind, id: account.id, rememberMe: input.rememberMe ?? false });
  if (input.deviceFingerprint) await repo.setDeviceFingerprint(app.db, kind, account.id, input.deviceFingerprint);
  const user = kind === 'clinic' ? clinicUserOf(account as repo.ClinicRow) : repUserOf(account as repo.RepRow);
  return { user, termsAccepted: account.termsAccepted, message: 'Login successful' };
}

export async function logout({ app, request }: Ctx, reply: FastifyReply) {
  await endSession(app, request, reply);
  return { message: 'Logged out' };
}

/** GET /api/auth/me: who is signed in (the dashboards trust this, not the browser's saved data). */
export async function me({ app, request }: Ctx) {
  const actor = await actorOf(request);
  if (actor.type === 'clinic') {
    const clinic = await repo.findClinicById(app.db, actor.id);
    if (!clinic) throw unauthorized();
    return { userType: 'clinic' as const, user: clinicUserOf(clinic), termsAccepted: clinic.termsAccepted };
  }
  const rep = await repo.findRepById(app.db, actor.id);
  if (!rep) throw unauthorized();
  return { userType: 'medrep' as const, user: repUserOf(rep), termsAccepted: rep.termsAccepted };
}

/** The terms calls name an account: it must be the signed-in one (issue 3). */
async function assertOwnAccount({ app, request }: Ctx, kind: UserKind, id: number) {
  const actor = await actorOf(request);
  if (actor.type !== kind || actor.id !== id) {
    await recordSecurityEvent(app, request, {
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

export async function termsStatus(ctx: Ctx, kind: UserKind, id: number) {
  await assertOwnAccount(ctx, kind, id);
  const accepted = await repo.findTermsAccepted(ctx.app.db, kind, id);
  if (accepted === undefined) throw notFound('Account not found');
  return { termsAccepted: accepted };
}

export async function acceptTerms(ctx: Ctx, kind: UserKind, id: number) {
  await assertOwnAccount(ctx, kind, id);
  // The account's sessions carry its terms (plugins/auth.ts): its key goes at the commit.
  const ok = await invalidatingTransaction(ctx.app.db, async (tx, changed) => {
    changed.add(cacheKey.account(kind, id));
    return repo.acceptTerms(tx, kind, id, { now: ctx.app.clock.now(), version: TERMS_VERSION });
  });
  if (!ok) throw notFound('Account not found');
  return { message: 'Terms accepted', termsAccepted: true };
}

const nameOf = (a: repo.AccountRow) => ('fullName' in a ? a.fullName : a.contactPerson);

/** POST /api/{clinic|medrep}/forgot-password: a single-use link valid one hour. */
export async function forgotPassword({ app, request }: Ctx, kind: UserKind, input: ForgotPassword) {
  const account = await findAccount(app, kind, input.email);
  if (!account) throw notFound(NO_ACCOUNT);
  const now = app.clock.now();
  const token = generateToken();
  await repo.replaceResetToken(app.db, {
    kind,
    userId: account.id,
    tokenHash: hashLinkToken(token),
    expiresAt: new Date(now.getTime() + RESET_LINK_LIFETIME_MS),
    now,
  });
  await recordSecurityEvent(app, request, { eventType: 'password_reset_requested', userType: kind, userId: account.id });
  const link = `${app.config.appUrl}/reset-password?token=${token}&type=${kind}`;
  const sent = await app.mailer.send(passwordResetMail({ to: account.email, name: nameOf(account), link, recipientId: account.id }));
  if (!sent.ok) throw new AppError('mail_failed', 'There was a problem with our servers. Please try again in a few minutes.', 503);
  return { message: RESET_SENT };
}

/** POST /api/{clinic|medrep}/reset-password: uses the token once, sets the password, ends every session. */
export async function resetPassword({ app, request }: Ctx, kind: UserKind, input: ResetPassword) {
  const passwordHash = await hashPassword(input.password);
  const now = app.clock.now();
  const userId = await app.db.transaction(async (tx) => {
    const id = await repo.consumeResetToken(tx, kind, hashLinkToken(input.token), now);
    if (id === undefined) return undefined;
    if (kind === 'clinic') await repo.setClinicPassword(tx, id, passwordHash, now);
    else await repo.setRepPassword(tx, id, passwordHash, now);
    return id;
  });
  if (userId === undefined) {
    await recordSecurityEvent(app, request, { eventType: 'password_reset_invalid_token', userType: kind, threatLevel: 'medium' });
    throw badRequest(RESET_INVALID, 'reset_link_invalid');
  }
  await endAllSessions(app, kind, userId);
  await recordSecurityEvent(app, request, { eventType: 'password_reset', userType: kind, userId });
  const account = kind === 'clinic' ? await repo.findClinicById(app.db, userId) : await repo.findRepById(app.db, userId);
  if (account) {
    await app.mailer.send(passwordChangedMail({ to: account.email, name: nameOf(account), recipientId: account.id, appUrl: app.config.appUrl }));
  }
  return { message: RESET_DONE };
}
