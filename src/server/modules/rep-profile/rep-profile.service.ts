import { LIMITS, PRODUCT_NAME } from '../../../shared/constants';
import type { ProfileUpdateType, SendUpdateOtp, SendUpdateOtpResponse, VerifyUpdateOtp, VerifyUpdateOtpResponse } from '../../../shared/schemas/profile';
import { needsCurrentPassword, PROFILE_MESSAGES } from '../../../shared/schemas/profile';
import { AppError, badRequest, conflict, isUniqueViolation, unauthorized } from '../../errors';
import type { Deps } from '../../deps';
import type { OutgoingMail } from '../../outbox/outbox';
import type { Actor } from '../auth/sessions.service';
import { recordSecurityEvent, type RequestOrigin } from '../../plugins/security';
import { changeRepPassword, isContactTaken } from '../auth/auth.service';
import { withWrite } from '../../db/write';
import { generateCode, hashCode, sameHash } from '../auth/codes';
import { hashPassword, verifyPassword } from '../auth/password';
import { recordEmailChange } from './email-restore.service';
import { accountLocale, i18nFor } from '../../i18n';
import {
  countUpdateCodeAttempt,
  endOtherRepSessions,
  findRepLanguage,
  findRepPasswordHash,
  findRepProfile,
  findUpdateCode,
  replaceUpdateCode,
  takeUpdateCode,
  updateRepFields,
} from './rep-profile.repo';

// spec part 2, 2.1 and 5: a rep changes name, e-mail, phone, company or password with a 6-digit code sent by
// e-mail (10 minutes, 3 attempts, stored hashed). A new e-mail must be reachable: its code goes to that new
// address, and the current address is told. A new e-mail or phone must be free among reps, clinics and
// pending registrations.

export const PROFILE_ERRORS = {
  emailTaken: /*i18n*/ 'This email address is already in use',
  phoneTaken: /*i18n*/ 'This phone number is already in use',
  noCode: /*i18n*/ 'No verification code was requested for this change. Please request a new code.',
  expired: /*i18n*/ 'The verification code has expired. Please request a new code.',
  tooManyAttempts: /*i18n*/ 'Too many incorrect attempts. Please request a new code.',
  invalid: /*i18n*/ 'Invalid OTP. {left, plural, one {{left} attempt} other {{left} attempts}} remaining.',
} as const;

/** The answer of a saved change (whole sentences, translated on the way out; decision 045). */
const UPDATED: Record<ProfileUpdateType, string> = {
  name: /*i18n*/ 'Full name updated successfully',
  email: /*i18n*/ 'Email address updated successfully',
  phone: /*i18n*/ 'Phone number updated successfully',
  company: /*i18n*/ 'Company updated successfully',
  password: /*i18n*/ 'Password updated successfully',
};

/** The code e-mail's first line for each change but the e-mail address's (translated where sent; decision 045). */
const CHANGE_CODE_INTROS: Record<Exclude<ProfileUpdateType, 'email'>, string> = {
  name: /*i18n*/ 'Enter this code to confirm the change of your full name.',
  phone: /*i18n*/ 'Enter this code to confirm the change of your phone number.',
  company: /*i18n*/ 'Enter this code to confirm the change of your company.',
  password: /*i18n*/ 'Enter this code to confirm the change of your password.',
};

const CODE_LIFETIME_MS = LIMITS.profileOtpMinutes * 60_000;

async function assertFree(deps: Pick<Deps, 'db'>, o: { updateType: ProfileUpdateType; value: string }) {
  if (o.updateType === 'email' && (await isContactTaken(deps, { field: 'email', value: o.value }))) throw conflict(PROFILE_ERRORS.emailTaken, 'email_taken');
  if (o.updateType === 'phone' && (await isContactTaken(deps, { field: 'phone', value: o.value }))) throw conflict(PROFILE_ERRORS.phoneTaken, 'phone_taken');
}

function currentValue(rep: NonNullable<Awaited<ReturnType<typeof findRepProfile>>>, type: ProfileUpdateType): string | null {
  switch (type) {
    case 'name':
      return rep.fullName;
    case 'email':
      return rep.email;
    case 'phone':
      return rep.phone;
    case 'company':
      return rep.company;
    case 'password':
      return null;
  }
}

/**
 * A change of e-mail, phone or password proves the account holder, not only a session (decisions 031, 038): the current password,
 * counted as a password attempt (`countPasswordAttempt`, the sign-in budgets) before it is checked.
 */
async function assertCurrentPassword(
  deps: Deps,
  o: { repId: number; email: string; password: string; countPasswordAttempt: (login: string) => Promise<void>; origin: RequestOrigin },
) {
  await o.countPasswordAttempt(o.email);
  const hash = await findRepPasswordHash(deps.db, o.repId);
  if (!hash) throw unauthorized();
  if (!(await verifyPassword(hash, o.password))) {
    await recordSecurityEvent(deps, o.origin, { eventType: 'password_change_wrong_current', userType: 'medrep', userId: o.repId, threatLevel: 'medium' });
    throw new AppError('wrong_password', PROFILE_MESSAGES.wrongPassword, 401);
  }
}

export async function sendUpdateCode(
  deps: Deps,
  o: { input: SendUpdateOtp; countPasswordAttempt: (login: string) => Promise<void>; origin: RequestOrigin },
): Promise<SendUpdateOtpResponse> {
  const { userId: repId, updateType } = o.input;
  const now = deps.clock.now();
  const rep = await findRepProfile(deps.db, repId);
  if (!rep) throw unauthorized();
  if (needsCurrentPassword(updateType)) {
    await assertCurrentPassword(deps, {
      repId,
      email: rep.email,
      password: o.input.currentPassword ?? '',
      countPasswordAttempt: o.countPasswordAttempt,
      origin: o.origin,
    });
  }
  const newValue = updateType === 'password' ? null : o.input.newValue!;
  const current = currentValue(rep, updateType);
  if (newValue !== null && current !== null && newValue.toLowerCase() === current.toLowerCase() && (updateType === 'email' || newValue === current)) {
    throw badRequest(PROFILE_MESSAGES.newValue, 'unchanged');
  }
  if (newValue !== null) await assertFree(deps, { updateType, value: newValue });

  const code = generateCode();
  const i18n = i18nFor(accountLocale(await findRepLanguage(deps.db, repId)));
  const codeText = (intro: string) =>
    [
      i18n._('Hello {name},', { name: rep.fullName }),
      '',
      intro,
      '',
      i18n._('Your verification code is {code}', { code }),
      '',
      i18n._(
        '{minutes, plural, one {It expires in # minute} other {It expires in # minutes}} {attempts, plural, one {and can be tried once.} other {and can be tried # times.}}',
        {
          minutes: LIMITS.profileOtpMinutes,
          attempts: LIMITS.profileOtpAttempts,
        },
      ),
      i18n._('If you did not ask for this change, ignore this e-mail and consider changing your password.'),
      '',
      PRODUCT_NAME,
    ].join('\n');
  const subject = i18n._('Your {product} verification code', { product: PRODUCT_NAME });
  const mails: OutgoingMail[] =
    updateType === 'email'
      ? [
          {
            to: newValue!,
            toName: rep.fullName,
            recipientId: rep.id,
            subject,
            text: codeText(
              i18n._('Enter this code to make {email} the e-mail address of your {product} account.', { email: newValue!, product: PRODUCT_NAME }),
            ),
            templateType: 'profile_update',
          },
          {
            to: rep.email,
            toName: rep.fullName,
            recipientId: rep.id,
            subject: i18n._('Change of your {product} e-mail address requested', { product: PRODUCT_NAME }),
            text: [
              i18n._('Hello {name},', { name: rep.fullName }),
              '',
              i18n._("A change of your account's e-mail address to {email} was requested. The code was sent to the new address.", { email: newValue! }),
              i18n._('If this was not you, change your password and contact support.'),
              '',
              PRODUCT_NAME,
            ].join('\n'),
            templateType: 'profile_update',
          },
        ]
      : [
          {
            to: rep.email,
            toName: rep.fullName,
            recipientId: rep.id,
            subject,
            text: codeText(i18n._(CHANGE_CODE_INTROS[updateType])),
            templateType: 'profile_update',
          },
        ];
  // The code and its e-mails are written together (docs/decisions/028-outbox.md).
  await withWrite(deps, async (tx) => {
    await replaceUpdateCode(tx, {
      repId,
      updateType,
      newValue,
      codeHash: hashCode(code, deps.config.SESSION_SECRET),
      expiresAt: new Date(now.getTime() + CODE_LIFETIME_MS),
      now,
    });
    await deps.outbox.queueEmails(tx, mails);
  });
  deps.log.info({ repId, updateType }, 'profile update code sent');
  if (updateType === 'email') return { message: /*i18n*/ 'OTP sent to your new email address' };
  return { message: PROFILE_MESSAGES.codeSent };
}

export async function verifyUpdateCode(deps: Deps, o: { actor: Actor; input: VerifyUpdateOtp; origin: RequestOrigin }): Promise<VerifyUpdateOtpResponse> {
  const { userId: repId, updateType, otp } = o.input;
  const now = deps.clock.now();
  const maxAttempts = LIMITS.profileOtpAttempts;
  const counted = await withWrite(deps, (w) => countUpdateCodeAttempt(w, { repId, updateType, now, maxAttempts }));
  if (!counted) {
    const row = await findUpdateCode(deps.db, { repId, updateType });
    if (!row) throw badRequest(PROFILE_ERRORS.noCode, 'no_code');
    if (row.expiresAt.getTime() <= now.getTime()) throw badRequest(PROFILE_ERRORS.expired, 'code_expired');
    throw new AppError('too_many_attempts', PROFILE_ERRORS.tooManyAttempts, 429);
  }
  if (!sameHash(hashCode(otp, deps.config.SESSION_SECRET), counted.codeHash)) {
    const left = maxAttempts - counted.attempts;
    await recordSecurityEvent(deps, o.origin, {
      eventType: 'profile_code_failed',
      userId: repId,
      userType: 'medrep',
      threatLevel: left === 0 ? 'medium' : 'low',
      details: { updateType, attemptsLeft: left },
    });
    if (left <= 0) throw new AppError('too_many_attempts', PROFILE_ERRORS.tooManyAttempts, 429);
    throw badRequest(PROFILE_ERRORS.invalid, 'invalid_code', { left });
  }

  // Hash outside the transaction: argon2 is slow on purpose.
  const passwordHash = updateType === 'password' ? await hashPassword(o.input.newPassword!) : null;
  try {
    const user = await withWrite(deps, async (tx) => {
      if (!(await takeUpdateCode(tx, counted.id))) throw badRequest(PROFILE_ERRORS.noCode, 'no_code');
      if (passwordHash) {
        await changeRepPassword(tx, { repId, passwordHash, now });
        await endOtherRepSessions(tx, { repId, keepSessionId: o.actor.sessionId });
        return (await findRepProfile(tx, repId))!;
      }
      const value = counted.newValue!;
      const set =
        updateType === 'name'
          ? { fullName: value }
          : updateType === 'email'
            ? { email: value }
            : updateType === 'phone'
              ? { phone: value }
              : { company: value };
      const before = updateType === 'email' ? await findRepProfile(tx, repId) : null;
      const updated = await updateRepFields(tx, repId, set, now);
      // The old address is told, with a way back (decision 031).
      if (before) await recordEmailChange(deps, tx, { repId, name: before.fullName, oldEmail: before.email, newEmail: updated.email, now });
      return updated;
    });
    deps.log.info({ repId, updateType }, 'profile updated');
    return { message: UPDATED[updateType], user };
  } catch (err) {
    // The address or number was taken between the code and its use.
    if (isUniqueViolation(err)) throw conflict(updateType === 'phone' ? PROFILE_ERRORS.phoneTaken : PROFILE_ERRORS.emailTaken);
    throw err;
  }
}
