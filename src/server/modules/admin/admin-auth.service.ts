import { createHash, timingSafeEqual } from 'node:crypto';
import { ERROR_MESSAGES } from '../../../shared/errors';
import { ADMIN_MESSAGES } from '../../../shared/schemas/admin';
import {
  SINGLE_PASSWORD_ADMIN,
  type AdminGateResponse,
  type AdminMeResponse,
  type AdminRole,
  type AdminSignIn,
  type AdminSignInResponse,
} from '../../../shared/schemas/admin-team';
import type { MessageResponse } from '../../../shared/schemas/common';
import { withWrite } from '../../db/write';
import type { Deps } from '../../deps';
import { AppError, CONFIGURATION_RETRY_SECONDS, unauthorized } from '../../errors';
import { namedOwnerExists, type AdminActor } from '../auth/sessions.service';
import { recordSecurityEvent, type RequestOrigin } from '../../plugins/security';
import { sameHash } from '../auth/codes';
import { dummyPasswordHash, verifyPassword } from '../auth/password';
import { recordAdminActAlone, targetOf, type AuditActor } from './admin-audit.service';
import {
  claimTotpStep,
  countRecoveryCodesLeft,
  findAdminByEmail,
  findAdminById,
  markRecoveryCodeUsed,
  queryUnusedRecoveryCodes,
  stampAdminSignIn,
  type AdminRow,
} from './admin-team.repo';
import { hashRecoveryCode, isTotpShaped, totpStepOf } from './admin-two-factor';

// The admin gate (docs/decisions/009-admin-dashboard.md, 042-admin-team.md). Until a named owner has enrolled: one
// password from ADMIN_PASSWORD (without it the admin side is off). From then on: e-mail, argon2id password and a TOTP
// or recovery code, and ADMIN_PASSWORD opens nothing. Every refusal is one answer whatever failed (see `fail`),
// written as a security event and an audit row; the route counts the attempt first (login-throttle.ts) and starts
// and ends the session (the cookie is the edge's).

type AdminAuthDeps = Pick<Deps, 'config' | 'db' | 'clock' | 'log' | 'metrics'>;

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** Constant time whatever the lengths: both sides are hashed to 32 bytes first. */
export function samePassword(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** GET /api/admin/gate: which form the gate shows. */
export async function getAdminGate(deps: Pick<Deps, 'db' | 'config'>): Promise<AdminGateResponse> {
  const team = await namedOwnerExists(deps.db);
  return { mode: team ? 'team' : 'password', adminOff: !team && !deps.config.ADMIN_PASSWORD };
}

/** Who signed in, and how (the audit row's details). */
export interface SignedIn {
  admin: AdminActor;
  /** The admin's saved language (decision 045); the single-password session has none. */
  language: string | null;
  details: Record<string, unknown>;
}

type FailureReason = 'wrong_password' | 'unknown_email' | 'inactive' | 'not_enrolled' | 'code_missing' | 'wrong_code' | 'password_only';

async function refuse(deps: AdminAuthDeps, o: { actor: AuditActor; reason: FailureReason; origin: RequestOrigin; email?: string }): Promise<void> {
  deps.metrics?.signInFailures.inc({ account: 'admin' });
  await recordSecurityEvent(deps, o.origin, {
    eventType: 'admin_login_failed',
    userType: 'admin',
    userId: o.actor.id,
    threatLevel: 'medium',
    details: { reason: o.reason },
  });
  await recordAdminActAlone(deps, {
    actor: o.actor,
    action: 'sign_in_failed',
    target: o.actor.id ? targetOf('admin', o.actor.id) : null,
    origin: o.origin,
    at: deps.clock.now(),
    details: { reason: o.reason, ...(o.email ? { email: o.email } : {}) },
  });
}

/**
 * Checks a sign-in and answers the admin to start a session for (id 0: the single password). The caller has counted
 * the attempt against the login budgets.
 */
export async function signInAdmin(deps: AdminAuthDeps, o: { input: AdminSignIn; origin: RequestOrigin }): Promise<SignedIn> {
  const { input, origin } = o;
  if (!(await namedOwnerExists(deps.db))) {
    const expected = deps.config.ADMIN_PASSWORD;
    if (!expected) throw new AppError('admin_off', ADMIN_MESSAGES.adminOff, 503, { 'retry-after': String(CONFIGURATION_RETRY_SECONDS) });
    if (!samePassword(input.password, expected)) {
      await refuse(deps, { actor: { id: 0, name: SINGLE_PASSWORD_ADMIN.name }, reason: 'wrong_password', origin });
      throw unauthorized(ADMIN_MESSAGES.invalidCredentials);
    }
    return { admin: { ...SINGLE_PASSWORD_ADMIN }, language: null, details: { method: 'single_password' } };
  }
  if (!input.email) {
    // The shared password was retired when the named owner enrolled: say how to sign in now.
    await refuse(deps, { actor: { id: 0, name: SINGLE_PASSWORD_ADMIN.name }, reason: 'password_only', origin });
    throw new AppError('admin_team_required', ERROR_MESSAGES.admin_team_required, 401);
  }
  const admin = await findAdminByEmail(deps.db, input.email);
  // An unknown e-mail costs the same argon2id check as a wrong password.
  const passwordOk = await verifyPassword(admin?.passwordHash ?? (await dummyPasswordHash()), input.password);
  const actor: AuditActor = admin ? { id: admin.id, name: admin.name } : { id: null, name: input.email };
  // The answer depends on the shape of the attempt only, never on which part was wrong (docs/decisions/054): without a
  // code, every refusal asks for one (a right password is not told from a wrong one, nor an account with two-factor
  // from one without); with a code, every refusal is 'Invalid admin credentials'. The reason goes to the audit only.
  const fail = async (reason: FailureReason): Promise<never> => {
    await refuse(deps, { actor, reason, origin, ...(admin ? {} : { email: input.email }) });
    if (!input.code) throw new AppError('two_factor_required', ERROR_MESSAGES.two_factor_required, 401);
    throw unauthorized(ADMIN_MESSAGES.invalidCredentials);
  };
  if (!admin) return fail('unknown_email');
  // The code is judged only beside the right password, so a wrong password never uses up a right code's step.
  if (!admin.passwordHash || !passwordOk) return fail('wrong_password');
  if (!admin.active) return fail('inactive');
  if (!(admin.totpEnabled || admin.role === 'staff')) return fail('not_enrolled');
  let method: 'password' | 'totp' | 'recovery_code' = 'password';
  if (admin.totpEnabled) {
    if (!input.code) return fail('code_missing');
    method = isTotpShaped(input.code) ? 'totp' : 'recovery_code';
    const ok = method === 'totp' ? await useTotpCode(deps, admin, input.code) : await useRecoveryCode(deps, admin.id, input.code);
    if (!ok) return fail('wrong_code');
  }
  const now = deps.clock.now();
  await withWrite(deps, (w) => stampAdminSignIn(w, { adminId: admin.id, now }));
  const details: Record<string, unknown> = { method };
  if (method === 'recovery_code') details.recoveryCodesLeft = await countRecoveryCodesLeft(deps.db, admin.id);
  return { admin: { id: admin.id, name: admin.name, role: admin.role as AdminRole }, language: admin.language, details };
}

/** A current TOTP code whose step (or a later one) this admin has not used yet. */
async function useTotpCode(deps: AdminAuthDeps, admin: AdminRow, code: string): Promise<boolean> {
  const step = totpStepOf({ secret: admin.totpSecret ?? '', code, now: deps.clock.now() });
  return step !== null && (await withWrite(deps, (w) => claimTotpStep(w, { adminId: admin.id, step })));
}

/** An unused recovery code of this admin, used up now (each works once, also when two requests race). */
async function useRecoveryCode(deps: AdminAuthDeps, adminId: number, code: string): Promise<boolean> {
  const hash = hashRecoveryCode(code);
  const match = (await queryUnusedRecoveryCodes(deps.db, adminId)).find((c) => sameHash(c.codeHash, hash));
  return match !== undefined && (await withWrite(deps, (w) => markRecoveryCodeUsed(w, { id: match.id, now: deps.clock.now() })));
}

/** After the admin session has started: the security event and the audit row of the sign-in. */
export async function recordAdminLogin(deps: AdminAuthDeps, o: SignedIn & { origin: RequestOrigin }): Promise<AdminSignInResponse> {
  await recordSecurityEvent(deps, o.origin, { eventType: 'admin_login_success', userType: 'admin', userId: o.admin.id });
  await recordAdminActAlone(deps, { actor: o.admin, action: 'sign_in', target: null, origin: o.origin, at: deps.clock.now(), details: o.details });
  return { message: ADMIN_MESSAGES.authenticated, language: o.language };
}

/** Before the admin session ends; a rep's or clinic's session on the same browser is not the admin's to end. */
export async function logoutAdmin(deps: AdminAuthDeps, o: { admin: AdminActor | null; origin: RequestOrigin }): Promise<MessageResponse> {
  if (o.admin) {
    await recordSecurityEvent(deps, o.origin, { eventType: 'admin_logout', userType: 'admin', userId: o.admin.id });
    await recordAdminActAlone(deps, { actor: o.admin, action: 'sign_out', target: null, origin: o.origin, at: deps.clock.now() });
  }
  return { message: ADMIN_MESSAGES.loggedOut };
}

/** GET /api/admin/me: who is signed in. */
export async function getAdminMe(deps: Pick<Deps, 'db'>, o: { admin: AdminActor }): Promise<AdminMeResponse> {
  if (o.admin.id === 0) return { ...SINGLE_PASSWORD_ADMIN, email: null, twoFactor: false };
  const row = await findAdminById(deps.db, o.admin.id);
  if (!row) throw unauthorized(ADMIN_MESSAGES.authRequired);
  return { id: row.id, name: row.name, email: row.email, role: row.role as AdminRole, twoFactor: row.totpEnabled };
}
