import { ERROR_MESSAGES } from '../../../shared/errors';
import {
  ACCOUNT_KINDS,
  type AccountKind,
  type CheckAvailability,
  type ClinicRegister,
  type CompanyRegister,
  type RepRegister,
  type ResendVerification,
  type VerifyEmail,
  type AvailabilityResponse,
  type RegisterResponse,
  type VerifyLinkCheck,
  type VerifyLinkStatus,
  type VerifyOtp,
} from '../../../shared/schemas/auth';
import type { MessageResponse } from '../../../shared/schemas/common';
import type { Deps } from '../../deps';
import { withWrite, type Write } from '../../db/write';
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from '../../errors';
import { recordSecurityEvent, type RequestOrigin } from '../../plugins/security';
import * as repo from './auth.repo';
import { verificationMail } from './auth.mail';
import type { Locale } from '../../../shared/i18n/locales';
import { reserveCodeSend } from './code-send-cap';
import { CODE_LIFETIME_MS, CODE_MAX_ATTEMPTS, VERIFY_LINK_LIFETIME_MS, generateCode, generateToken, hashCode, hashLinkToken, sameHash } from './codes';
import { hashPassword } from './password';

// Registration and e-mail verification (spec part 1, 4 and 5; part 2, 2.2 and 2.3; decision 005), of clinics, reps and
// pharma companies (docs/decisions/087-company-accounts.md).

export const REGISTERED_MESSAGE = /*i18n*/ 'Registration successful. Please check your email for the 6-digit verification code.';
export const EMAIL_TAKEN = ERROR_MESSAGES.email_taken;
export const PHONE_TAKEN = ERROR_MESSAGES.phone_taken;
export const VERIFIED_MESSAGE = /*i18n*/ 'Email verified successfully. Your account is ready.';
export const ALREADY_VERIFIED = /*i18n*/ 'Email already verified. Your account is ready.';
export const CODE_EXPIRED = ERROR_MESSAGES.code_expired;
export const CODE_LOCKED = ERROR_MESSAGES.code_locked;
export const LINK_INVALID = ERROR_MESSAGES.link_invalid;
export const NO_PENDING = /*i18n*/ 'No pending registration found for this email. Please register again.';
export const RESENT_MESSAGE = /*i18n*/ 'A new verification code has been sent to your email.';
export const REGISTRATION_REPLACED = ERROR_MESSAGES.registration_replaced;
export const REGISTRATION_NOT_IN_BROWSER = ERROR_MESSAGES.registration_not_in_browser;
export const LINK_PENDING = /*i18n*/ 'Choose your password to finish verifying your e-mail address.';
const RESEND_INTERVAL_MS = 60_000;

/**
 * POST /api/check-availability: free when no verified or pending account of either kind holds the value. A value held
 * only by a registration still waiting for its code is answered as such, as `assertFree` judges it: registering again
 * replaces that registration, and the form offers the way to its code page instead (docs/decisions/036). A phone is
 * the pending registrant's own only beside that registration's e-mail; otherwise it is someone else's and in use.
 */
export async function checkAvailability(deps: Pick<Deps, 'db'>, o: { input: CheckAvailability }): Promise<AvailabilityResponse> {
  const { input } = o;
  const holders = input.field === 'email' ? await repo.findEmailHolders(deps.db, input.value) : await repo.findPhoneHolders(deps.db, input.value);
  if (holders.length === 0) return { available: true, message: /*i18n*/ 'Valid & available' };
  const typedEmail = (input.field === 'email' ? input.value : (input.email ?? '')).toLowerCase();
  const [first] = holders;
  const pendingRegistration = holders.every((h) => h.pending && h.email.toLowerCase() === typedEmail);
  if (first && pendingRegistration) return { available: true, message: /*i18n*/ 'Waiting for verification', pending: first.kind };
  return { available: false, message: /*i18n*/ 'Already in use' };
}

/**
 * The e-mail and phone must be free among verified and pending accounts of both kinds. A pending
 * registration of the same e-mail does not count: registering again replaces it (re-registration).
 */
async function assertFree(deps: Deps, email: string, phone: string): Promise<void> {
  const emailHolders = await repo.findEmailHolders(deps.db, email);
  if (emailHolders.some((h) => !h.pending)) throw conflict(EMAIL_TAKEN, 'email_taken');
  const phoneHolders = await repo.findPhoneHolders(deps.db, phone);
  if (phoneHolders.some((h) => !h.pending || h.email.toLowerCase() !== email)) throw conflict(PHONE_TAKEN, 'phone_taken');
}

function newVerification(deps: Deps, kind: AccountKind) {
  const now = deps.clock.now();
  const code = generateCode();
  const token = generateToken();
  // Kept by the registering browser; only its hash is stored (decision 030).
  const registrationToken = generateToken();
  return {
    code,
    registrationToken,
    registrationTokenHash: hashLinkToken(registrationToken),
    link: `${deps.config.appUrl}/verify-email?token=${token}&type=${kind}`,
    stored: {
      codeHash: hashCode(code, deps.config.SESSION_SECRET),
      codeExpiry: new Date(now.getTime() + CODE_LIFETIME_MS),
      tokenHash: hashLinkToken(token),
      tokenExpiry: new Date(now.getTime() + VERIFY_LINK_LIFETIME_MS),
    },
    now,
  };
}

/** The outbox key of an address's verification e-mails: a newer code replaces one not yet handed to SMTP. */
export const verificationMailKey = (kind: AccountKind, email: string) => `verify:${kind}:${email.toLowerCase()}`;

interface VerificationMail {
  kind: AccountKind;
  /** The language the registering browser asked for (no account exists yet to hold one; decision 045). */
  locale: Locale;
  email: string;
  name: string;
  code: string;
  link: string;
}

/**
 * The first step of every transaction that stores a new code for an address: within the cap of codes per address,
 * counted under a lock on the address that also orders concurrent registrations and resends of it (decision 030).
 */
async function reserveVerificationCode(deps: Pick<Deps, 'clock'>, tx: Write, email: string) {
  const address = email.toLowerCase();
  const replaceKeys = ACCOUNT_KINDS.map((kind) => verificationMailKey(kind, address));
  await reserveCodeSend(deps, tx, { lockKey: `verify:${address}`, replaceKeys });
}

/** Queued in the transaction that stores the code, so the code exists exactly when its e-mail does (decision 028). */
async function queueVerification(deps: Pick<Deps, 'outbox'>, tx: Write, o: VerificationMail) {
  await deps.outbox.queueEmail(tx, verificationMail({ to: o.email, name: o.name, code: o.code, link: o.link, kind: o.kind, locale: o.locale }), {
    replaceKey: verificationMailKey(o.kind, o.email),
  });
}

async function storePending(deps: Deps, mail: VerificationMail, insert: (tx: Write, earlierLinks: repo.EarlierLinks) => Promise<void>) {
  try {
    await withWrite(deps, async (tx) => {
      await reserveVerificationCode(deps, tx, mail.email);
      // The replaced registration's link (already in its owner's inbox) keeps finishing that registration, with its
      // details, not this one's: whoever registers an address second does not name its account (docs/decisions/051).
      const earlierLinks = repo.earlierLinksOf(await repo.findPending(tx, mail.kind, mail.email), deps.clock.now());
      await repo.deletePendingByEmail(tx, mail.email);
      await insert(tx, earlierLinks);
      await queueVerification(deps, tx, mail);
    });
  } catch (err) {
    // The address's lock orders two registrations of one e-mail; the unique index stays the last guard.
    if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN, 'email_taken');
    throw err;
  }
}

/** POST /api/clinic/register */
export async function registerClinic(deps: Deps, o: { input: ClinicRegister; locale: Locale }): Promise<RegisterResponse> {
  const { input } = o;
  const email = input.email.toLowerCase();
  await assertFree(deps, email, input.contactNumber);
  const password = await hashPassword(input.password);
  const v = newVerification(deps, 'clinic');
  const mail = { kind: 'clinic', email, name: input.contactPerson, code: v.code, link: v.link, locale: o.locale } as const;
  await storePending(deps, mail, (tx, earlierLinks) =>
    repo.insertPendingClinic(tx, {
      earlierLinks,
      clinicName: input.clinicName,
      contactPerson: input.contactPerson,
      state: input.state,
      city: input.city,
      contactNumber: input.contactNumber,
      email,
      password,
      deviceFingerprint: input.deviceFingerprint ?? null,
      verificationOtp: v.stored.codeHash,
      otpExpiry: v.stored.codeExpiry,
      otpAttempts: 0,
      verifyTokenHash: v.stored.tokenHash,
      verifyTokenExpiry: v.stored.tokenExpiry,
      registrationTokenHash: v.registrationTokenHash,
      createdAt: v.now,
    }),
  );
  return { message: REGISTERED_MESSAGE, email, registrationToken: v.registrationToken };
}

/** POST /api/medrep/register */
export async function registerRep(deps: Deps, o: { input: RepRegister; locale: Locale }): Promise<RegisterResponse> {
  const { input } = o;
  const email = input.email.toLowerCase();
  await assertFree(deps, email, input.phone);
  const password = await hashPassword(input.password);
  const v = newVerification(deps, 'medrep');
  const mail = { kind: 'medrep', email, name: input.fullName, code: v.code, link: v.link, locale: o.locale } as const;
  await storePending(deps, mail, (tx, earlierLinks) =>
    repo.insertPendingRep(tx, {
      earlierLinks,
      fullName: input.fullName,
      email,
      phone: input.phone,
      company: input.company,
      state: input.state,
      password,
      deviceFingerprint: input.deviceFingerprint ?? null,
      verificationOtp: v.stored.codeHash,
      otpExpiry: v.stored.codeExpiry,
      otpAttempts: 0,
      verifyTokenHash: v.stored.tokenHash,
      verifyTokenExpiry: v.stored.tokenExpiry,
      registrationTokenHash: v.registrationTokenHash,
      createdAt: v.now,
    }),
  );
  return { message: REGISTERED_MESSAGE, email, registrationToken: v.registrationToken };
}

/** POST /api/company/register (docs/decisions/087): the clinics' and reps' flow; the GSTIN was checked by the schema. */
export async function registerCompany(deps: Deps, o: { input: CompanyRegister; locale: Locale }): Promise<RegisterResponse> {
  const { input } = o;
  const email = input.email.toLowerCase();
  await assertFree(deps, email, input.phone);
  const password = await hashPassword(input.password);
  const v = newVerification(deps, 'company');
  const mail = { kind: 'company', email, name: input.contactName, code: v.code, link: v.link, locale: o.locale } as const;
  await storePending(deps, mail, (tx, earlierLinks) =>
    repo.insertPendingCompany(tx, {
      earlierLinks,
      companyName: input.companyName,
      contactName: input.contactName,
      email,
      phone: input.phone,
      gstin: input.gstin ?? null,
      password,
      deviceFingerprint: input.deviceFingerprint ?? null,
      verificationOtp: v.stored.codeHash,
      otpExpiry: v.stored.codeExpiry,
      otpAttempts: 0,
      verifyTokenHash: v.stored.tokenHash,
      verifyTokenExpiry: v.stored.tokenExpiry,
      registrationTokenHash: v.registrationTokenHash,
      createdAt: v.now,
    }),
  );
  return { message: REGISTERED_MESSAGE, email, registrationToken: v.registrationToken };
}

interface Activation {
  kind: AccountKind;
  email: string;
  pendingId: number;
  /** The code or link checked: the row is taken only while it still holds it. */
  match: Parameters<typeof repo.takePending>[3];
  /** The password chosen on the link page, which replaces the one typed at registration (decision 030). */
  password?: string;
  /** A replaced registration's details, kept with its link (decision 051), over the row's. */
  details?: Record<string, string | null>;
  /** The refusal when the row was replaced (resend, re-registration) since it was checked. */
  replaced: AppError;
}

/** Moves a pending registration into the verified table, once, in one transaction. */
async function activate(deps: Deps, o: Activation): Promise<{ message: string }> {
  const now = deps.clock.now();
  try {
    const created = await withWrite(deps, async (tx) => {
      const taken = await repo.takePending(tx, o.kind, o.pendingId, o.match);
      if (!taken) return false;
      const pending = { ...taken, ...o.details, ...(o.password ? { password: o.password } : {}) };
      if (o.kind === 'clinic') await repo.insertClinicFromPending(tx, pending as repo.PendingClinic, now);
      else if (o.kind === 'company') await repo.insertCompanyFromPending(tx, pending as repo.PendingCompany, now);
      else await repo.insertRepFromPending(tx, pending as repo.PendingRep, now);
      return true;
    });
    if (created) return { message: VERIFIED_MESSAGE };
    // A concurrent verification won, or the registration was replaced meanwhile.
    if (await isVerified(deps, o.kind, o.email)) return { message: ALREADY_VERIFIED };
    throw o.replaced;
  } catch (err) {
    // Another account took the e-mail or phone between registration and verification.
    if (isUniqueViolation(err)) throw conflict(ERROR_MESSAGES.account_taken, 'account_taken');
    throw err;
  }
}

async function isVerified(deps: Deps, kind: AccountKind, email: string): Promise<boolean> {
  const account =
    kind === 'clinic'
      ? await repo.findClinicByEmail(deps.db, email)
      : kind === 'company'
        ? await repo.findCompanyByEmail(deps.db, email)
        : await repo.findRepByEmail(deps.db, email);
  return !!account?.emailVerified;
}

/** POST /api/verify-otp: 15 minutes, 3 attempts counted atomically; after the third wrong one the code is dead. */
export async function verifyOtp(deps: Deps, o: { input: VerifyOtp; origin: RequestOrigin }): Promise<MessageResponse> {
  const { input } = o;
  const kind = input.type;
  const pending = await repo.findPending(deps.db, kind, input.email);
  if (!pending) {
    if (await isVerified(deps, kind, input.email)) return { message: ALREADY_VERIFIED };
    throw notFound(NO_PENDING);
  }
  const event = { userType: kind, details: { email: pending.email } };
  // Before anything else: a browser that did not register neither spends the registrant's attempts nor learns
  // whether the code is right or expired (decision 030).
  if (!input.registrationToken || !pending.registrationTokenHash) {
    throw new AppError('registration_not_in_browser', REGISTRATION_NOT_IN_BROWSER, 403);
  }
  if (!sameHash(hashLinkToken(input.registrationToken), pending.registrationTokenHash)) {
    await recordSecurityEvent(deps, o.origin, { ...event, eventType: 'registration_token_mismatch', threatLevel: 'medium', blocked: true });
    throw new AppError('registration_replaced', REGISTRATION_REPLACED, 409);
  }
  if (pending.otpExpiry.getTime() <= deps.clock.now().getTime()) {
    await recordSecurityEvent(deps, o.origin, { ...event, eventType: 'verification_code_expired' });
    throw badRequest(CODE_EXPIRED, 'code_expired');
  }
  // Every attempt is counted before the code is compared, so no number of parallel guesses gets past 3.
  const attempt = await withWrite(deps, (w) => repo.countCodeAttempt(w, kind, pending.id, pending.verificationOtp));
  if (attempt === null) throw badRequest(ERROR_MESSAGES.code_replaced, 'code_replaced');
  if (attempt > CODE_MAX_ATTEMPTS) {
    await recordSecurityEvent(deps, o.origin, { ...event, eventType: 'verification_code_locked', threatLevel: 'medium', blocked: true });
    throw badRequest(CODE_LOCKED, 'code_locked');
  }
  if (sameHash(hashCode(input.otp, deps.config.SESSION_SECRET), pending.verificationOtp)) {
    const replaced = badRequest(ERROR_MESSAGES.code_replaced, 'code_replaced');
    return activate(deps, { kind, email: pending.email, pendingId: pending.id, match: { codeHash: pending.verificationOtp }, replaced });
  }
  if (attempt === CODE_MAX_ATTEMPTS) {
    await recordSecurityEvent(deps, o.origin, { ...event, eventType: 'verification_lockout', threatLevel: 'medium', blocked: true });
    throw badRequest(CODE_LOCKED, 'code_locked');
  }
  await recordSecurityEvent(deps, o.origin, { ...event, eventType: 'verification_code_failed', details: { ...event.details, attempt } });
  const left = CODE_MAX_ATTEMPTS - attempt;
  throw badRequest(/*i18n*/ 'Invalid verification code. You have {left, plural, one {{left} attempt} other {{left} attempts}} left.', 'code_invalid', { left });
}

/**
 * POST /api/verify-email: the link of the verification e-mail, with the password chosen on the link page. Whoever
 * filled in the registration may not own the address; the person who opened the link does, so their password is the
 * account's (decision 030).
 */
export async function verifyEmailLink(deps: Deps, o: { input: VerifyEmail; origin: RequestOrigin }): Promise<MessageResponse> {
  const { input } = o;
  const linkTokenHash = hashLinkToken(input.token);
  const pending = await repo.findPendingByToken(deps.db, input.type, linkTokenHash, deps.clock.now());
  const earlier = pending ? undefined : await repo.findPendingByEarlierLink(deps.db, input.type, linkTokenHash, deps.clock.now());
  if (earlier) {
    // The link of a registration a later one replaced: it finishes that registration, with its details (decision 051).
    const password = await hashPassword(input.password);
    const replaced = badRequest(LINK_INVALID, 'link_invalid');
    const details = { ...earlier.details, verifyTokenHash: linkTokenHash };
    const match = { earlierLinkHash: linkTokenHash };
    return activate(deps, { kind: input.type, email: earlier.row.email, pendingId: earlier.row.id, match, password, details, replaced });
  }
  if (!pending) {
    // Opened again after it (or the code of its e-mail) verified the account: that is success (spec part 2, 4), and
    // the password chosen the first time stays (docs/decisions/036).
    if (await repo.findAccountByVerifiedLink(deps.db, input.type, linkTokenHash)) return { message: ALREADY_VERIFIED };
    await recordSecurityEvent(deps, o.origin, { eventType: 'verification_link_invalid', userType: input.type });
    throw badRequest(LINK_INVALID, 'link_invalid');
  }
  const password = await hashPassword(input.password);
  const replaced = badRequest(LINK_INVALID, 'link_invalid');
  return activate(deps, { kind: input.type, email: pending.email, pendingId: pending.id, match: { linkTokenHash }, password, replaced });
}

/**
 * POST /api/verify-email/check: what the link page shows before it asks for a password. Reads only: the link is not
 * used up and no attempt is counted (docs/decisions/036).
 */
export async function checkVerificationLink(deps: Pick<Deps, 'db' | 'clock'>, o: { input: VerifyLinkCheck }): Promise<VerifyLinkStatus> {
  const { input } = o;
  const linkTokenHash = hashLinkToken(input.token);
  const now = deps.clock.now();
  if (
    (await repo.findPendingByToken(deps.db, input.type, linkTokenHash, now)) ??
    (await repo.findPendingByEarlierLink(deps.db, input.type, linkTokenHash, now))
  ) {
    return { status: 'pending', message: LINK_PENDING };
  }
  if (await repo.findAccountByVerifiedLink(deps.db, input.type, linkTokenHash)) return { status: 'verified', message: ALREADY_VERIFIED };
  return { status: 'invalid', message: LINK_INVALID };
}

/**
 * POST /api/resend-verification: a new code and link; attempts start again; one per minute per e-mail, and within
 * the cap per address. It needs no registration token: the new code still works only in the registering browser,
 * and the link (which needs the owner's password) is how someone in another browser finishes (decision 030).
 */
export async function resendVerification(deps: Deps, o: { input: ResendVerification; locale: Locale }): Promise<MessageResponse> {
  // A verified and an unknown address get the same answer and no mail (docs/decisions/049), so the call tells nobody
  // which addresses hold accounts. A pending address is no secret (registration's availability check says 'Waiting for
  // verification'), so its owner is told the truth: the wait inside the minute, or the day's cap.
  const answer = { message: RESENT_MESSAGE };
  const { input } = o;
  const kind = input.type;
  const pending = await repo.findPending(deps.db, kind, input.email);
  if (!pending) return answer;
  // The minute counts from when the last code was handed to SMTP, not queued: a code held back by an outage
  // does not block asking for another (decision 028).
  const now = deps.clock.now().getTime();
  const lastSent = await deps.outbox.lastSentAt(deps.db, verificationMailKey(kind, pending.email));
  const wait = lastSent ? Math.ceil((lastSent.getTime() + RESEND_INTERVAL_MS - now) / 1000) : 0;
  if (wait > 0) {
    throw new AppError(
      'rate_limited',
      /*i18n*/ '{wait, plural, one {Please wait {wait} second before requesting a new code.} other {Please wait {wait} seconds before requesting a new code.}}',
      429,
      { 'retry-after': String(wait) },
      { wait },
    );
  }
  const v = newVerification(deps, kind);
  await withWrite(deps, async (tx) => {
    await reserveVerificationCode(deps, tx, pending.email);
    // Read again under the address's lock: a registration of it that committed meanwhile is the one to resend.
    const current = await repo.findPending(tx, kind, pending.email);
    if (!current) return;
    await repo.replacePendingCode(tx, kind, current.id, v.stored);
    const name = 'clinicName' in current ? current.contactPerson : 'companyName' in current ? current.contactName : current.fullName;
    await queueVerification(deps, tx, { kind, email: current.email, name, code: v.code, link: v.link, locale: o.locale });
  });
  return answer;
}
