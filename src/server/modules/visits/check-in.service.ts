import { Secret, TOTP } from 'otpauth';
import { withWrite } from '../../db/write';
import type { Deps } from '../../deps';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { lastOnlineContact, type Actor } from '../auth/sessions.service';
import { CHECK_IN_CODE, CHECK_IN_MESSAGES, checkCheckIn } from '../../../shared/booking/visit-status';
import { todayInIndia } from '../../../shared/dates';
import type { CheckIn, CheckInCodeResponse } from '../../../shared/schemas/visits';
import { assertOwnClinic } from '../clinics/access';
import { listDoctors } from '../doctors/doctors.service';
import * as repo from './check-in.repo';

// The reception's check-in (docs/decisions/041-visit-outcomes-and-proof.md): the clinic's dashboard shows a TOTP
// (RFC 6238: SHA-1, 6 digits, 2-minute steps) of a per-clinic random secret; the rep types it to check in to a visit of
// that day. The current and the previous code are taken, also when an offline check-in arrives later with the instant
// it was typed. The code is never logged.

type CheckInDeps = Pick<Deps, 'db' | 'clock' | 'log'>;

const MINUTE = 60_000;
/** Wrong codes one rep may type before check-in pauses: guessing 1 of 10^6 (two codes live) stays hopeless. */
export const CHECK_IN_ATTEMPTS = { max: 10, windowMs: 15 * MINUTE } as const;
/** How far ahead of the server's clock a phone's `typedAt` may be (phone clocks drift a little). */
export const TYPED_AT_LEEWAY_MS = MINUTE;
export const TYPED_AT_IN_FUTURE = /*i18n*/ "The time the code was typed is in the future. Please check your phone's date and time.";
export const VISIT_NOT_FOUND = /*i18n*/ 'Appointment not found';
export const NO_DOCTOR_YET = /*i18n*/ 'Add a doctor first: the check-in code appears once the clinic has a doctor.';

const STEP_MS = CHECK_IN_CODE.stepSeconds * 1000;
const totpOf = (secret: string) => ({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: CHECK_IN_CODE.digits, period: CHECK_IN_CODE.stepSeconds });

/** The code of `secret` at instant `at` (also the tests' way to read the reception's code at any time). */
export const checkInCodeAt = (secret: string, at: Date) => TOTP.generate({ ...totpOf(secret), timestamp: at.getTime() });

/** True when `code` was the current or the previous code at `at`; never the next one (docs/decisions/041). */
function wasValidAt(secret: string, code: string, at: Date): boolean {
  const delta = TOTP.validate({ ...totpOf(secret), token: code, timestamp: at.getTime(), window: 1 });
  return delta === 0 || delta === -1;
}

/** The clinic's secret, made on first use (20 random bytes, RFC 4226's recommended length). */
export async function clinicCheckInSecret(deps: Pick<Deps, 'db'>, clinicId: number): Promise<string> {
  return (await repo.findCheckInSecret(deps.db, clinicId)) ?? repo.ensureCheckInSecret(deps.db, { clinicId, secret: new Secret({ size: 20 }).base32 });
}

/**
 * GET /api/clinic/check-in-code: the signed-in clinic's code now, and when the next one replaces it. A clinic with no
 * doctor has no visit to check in to, so it gets no code (409, and no secret is made) until it adds one.
 */
export async function getCheckInCode(deps: Deps, o: { actor: Actor; clinicId: number }): Promise<CheckInCodeResponse> {
  assertOwnClinic(o.actor, o.clinicId);
  if ((await listDoctors(deps, o)).length === 0) throw conflict(NO_DOCTOR_YET, 'check_in_no_doctor');
  const secret = await clinicCheckInSecret(deps, o.clinicId);
  const now = deps.clock.now();
  return { code: checkInCodeAt(secret, now), expiresAt: new Date((Math.floor(now.getTime() / STEP_MS) + 1) * STEP_MS).toISOString() };
}

type Outcome = { kind: 'checked_in'; checkedInAt: string } | { kind: 'wrong_code' };

/**
 * POST /api/medrep/check-in: the rep's own visit (404 otherwise), booked or confirmed, on the Indian date the code was
 * typed, with a code valid at that instant; an offline one typed after the visit was booked and no earlier than the
 * device's last contact, stored with the instant it reached the server (docs/decisions/046). A visit already checked in answers its stored instant, so an offline
 * check-in sent twice does not fail. Wrong codes are counted per rep; past the budget every try is a 429 until the
 * window ends. One transaction per rep at a time (a lock), so parallel guesses each take their own count.
 */
export async function checkIn(deps: CheckInDeps, o: { repId: number; sessionId: string } & CheckIn): Promise<{ checkedInAt: string }> {
  const now = deps.clock.now();
  const at = o.typedAt ? new Date(o.typedAt) : now;
  if (at.getTime() > now.getTime() + TYPED_AT_LEEWAY_MS) throw badRequest(TYPED_AT_IN_FUTURE, 'validation_error');
  // An offline check-in may not claim a time before the device's last contact: online after it, the device would have
  // sent it then (docs/decisions/046). Read before the transaction: the session's touches are written apart from it.
  const lastContact = o.typedAt ? await lastOnlineContact(deps.db, { sessionId: o.sessionId, now }) : null;
  const counter = `check-in:wrong-code:rep:${o.repId}`;

  const outcome = await withWrite(deps, async (tx): Promise<Outcome> => {
    await repo.lockRepCheckIns(tx, o.repId);
    const visit = await repo.lockRepVisit(tx, { id: o.appointmentId, repId: o.repId });
    if (!visit) throw notFound(VISIT_NOT_FOUND);
    if (visit.checkedInAt) return { kind: 'checked_in', checkedInAt: visit.checkedInAt };
    const allowed = checkCheckIn({ status: visit.status, date: visit.date, on: todayInIndia(at) });
    if (!allowed.ok) throw new AppError(allowed.code, allowed.message, allowed.status);
    // A claimed time must fall after the booking and after the device's last contact (docs/decisions/046); checked
    // before the code, so a refused time says nothing of whether the code was right.
    if (o.typedAt && at.getTime() <= visit.bookedAt.getTime()) throw conflict(CHECK_IN_MESSAGES.typedBeforeBooked, 'check_in_time_refused');
    if (lastContact && at.getTime() < lastContact.getTime()) throw conflict(CHECK_IN_MESSAGES.typedBeforeLastOnline, 'check_in_time_refused');

    const wrong = await repo.readCounter(tx, { key: counter, now });
    if (wrong.hits >= CHECK_IN_ATTEMPTS.max) {
      const seconds = Math.max(1, Math.ceil(wrong.ttlMs / 1000));
      deps.log.warn({ repId: o.repId }, 'check-in attempts exhausted');
      throw new AppError('rate_limited', `Too many attempts. Please try again in ${seconds} seconds.`, 429, { 'retry-after': String(seconds) });
    }
    const secret = await repo.findCheckInSecret(tx, visit.clinicId);
    if (!secret || !wasValidAt(secret, o.code, at)) {
      // Committed with the transaction: the count must outlive this refusal.
      await repo.countHit(tx, { key: counter, now, windowMs: CHECK_IN_ATTEMPTS.windowMs });
      return { kind: 'wrong_code' };
    }
    // The row is locked and was active and not checked in: the guarded update cannot miss, but says so if it does.
    if (!(await repo.markCheckedIn(tx, { id: visit.id, at, now }))) throw conflict(CHECK_IN_MESSAGES.notActive, 'check_in_not_allowed');
    return { kind: 'checked_in', checkedInAt: at.toISOString() };
  });

  if (outcome.kind === 'wrong_code') {
    deps.log.info({ repId: o.repId, appointmentId: o.appointmentId }, 'wrong check-in code');
    throw new AppError('check_in_code_invalid', CHECK_IN_MESSAGES.invalidCode, 400);
  }
  return { checkedInAt: outcome.checkedInAt };
}
