import { z } from 'zod';
import { passwordChecks, repUserSchema } from './auth';
import { messageResponseSchema } from './common';
import { canonicalPhone } from './phone';

// spec part 2, 2.1 and 5: the profile-change dialog (a new value, then a 6-digit code sent by e-mail).
// The dialog accepts 6 characters as the spec says, and the server still enforces the legal password policy
// (8 characters with upper case, lower case, a digit and a special character; spec part 2, 1 and 5), so the
// form checks both and a weak password is refused with a message that names the policy.

export const PROFILE_UPDATE_TYPES = ['name', 'email', 'phone', 'company', 'password'] as const;
export type ProfileUpdateType = (typeof PROFILE_UPDATE_TYPES)[number];

export const PROFILE_MESSAGES = {
  newValue: /*i18n*/ 'Please enter a new value',
  email: /*i18n*/ 'Please enter a valid email address',
  phone: /*i18n*/ 'Please enter a valid phone number',
  passwordMin: /*i18n*/ 'Password must be at least 6 characters long',
  passwordPolicy: /*i18n*/ 'Password must be at least 8 characters long and contain an uppercase letter, a lowercase letter, a number and a special character',
  passwordsMismatch: /*i18n*/ 'Passwords do not match',
  otp: /*i18n*/ 'Please enter the OTP',
  otpFormat: /*i18n*/ 'Please enter the complete 6-digit code.',
  codeSent: /*i18n*/ 'OTP sent to your email address',
  currentPassword: /*i18n*/ 'Please enter your current password',
  wrongPassword: /*i18n*/ 'Current password is incorrect.',
} as const;

/**
 * The New Password hint of the dialog: exactly the rule `profilePasswordSchema` enforces (the legal policy; a password
 * it accepts is one this sentence allows, and the other way round).
 */
export const PROFILE_PASSWORD_HINT = /*i18n*/ 'At least 8 characters, with an uppercase letter, a lowercase letter, a number and a special character.';

const PHONE = /^\+?[\d\s\-()]+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The message for a bad new value of `type`, or null when it is good (name, email, phone, company). */
export function newValueProblem(type: ProfileUpdateType, raw: string | undefined | null): string | null {
  const value = (raw ?? '').trim();
  if (!value) return PROFILE_MESSAGES.newValue;
  if (value.length > 200) return PROFILE_MESSAGES.newValue;
  if (type === 'email' && (!EMAIL.test(value) || value.length > 254)) return PROFILE_MESSAGES.email;
  if (type === 'phone' && (!PHONE.test(value) || value.length < 10 || value.length > 20)) return PROFILE_MESSAGES.phone;
  return null;
}

/** The policy the server enforces for a new password (and the form, after the dialog's 6-character rule). */
export const profilePasswordSchema = z
  .string({ error: PROFILE_MESSAGES.passwordMin })
  .min(6, PROFILE_MESSAGES.passwordMin)
  .max(200, PROFILE_MESSAGES.passwordPolicy)
  .refine((pw) => passwordChecks.every((check) => check.test(pw)), PROFILE_MESSAGES.passwordPolicy);

const userId = z.coerce.number({ error: /*i18n*/ 'Invalid user id' }).int(/*i18n*/ 'Invalid user id').positive(/*i18n*/ 'Invalid user id');
const updateType = z.enum(PROFILE_UPDATE_TYPES, { error: /*i18n*/ 'Invalid update type' });

/**
 * A change of the sign-in e-mail, the phone or the password needs the current password too, not only a session
 * (decisions 031 and 038): whoever holds a session alone must not be able to take the account over.
 */
export const needsCurrentPassword = (type: ProfileUpdateType) => type === 'email' || type === 'phone' || type === 'password';

/** POST /api/medrep/send-update-otp: newValue for name, email, phone, company; absent for password. */
export const sendUpdateOtpSchema = z
  .object({
    userId,
    updateType,
    newValue: z.string().max(254, PROFILE_MESSAGES.newValue).optional(),
    currentPassword: z.string().max(200, PROFILE_MESSAGES.wrongPassword).optional(),
  })
  .superRefine((v, ctx) => {
    const problem = v.updateType === 'password' ? null : newValueProblem(v.updateType, v.newValue);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['newValue'] });
    else if (needsCurrentPassword(v.updateType) && !v.currentPassword) {
      ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.currentPassword, path: ['currentPassword'] });
    }
  })
  // A new phone is compared and stored in its canonical form (docs/decisions/032).
  .transform((v) => ({
    ...v,
    newValue: v.updateType === 'password' ? undefined : v.updateType === 'phone' && v.newValue ? canonicalPhone(v.newValue) : v.newValue?.trim(),
  }));
export type SendUpdateOtp = z.infer<typeof sendUpdateOtpSchema>;

const otp = z
  .string({ error: PROFILE_MESSAGES.otp })
  .trim()
  .min(1, PROFILE_MESSAGES.otp)
  .regex(/^\d{6}$/, PROFILE_MESSAGES.otpFormat);

/** POST /api/medrep/verify-update-otp: newPassword only for a password change. */
export const verifyUpdateOtpSchema = z.object({ userId, updateType, otp, newPassword: z.string().max(200).optional() }).superRefine((v, ctx) => {
  if (v.updateType !== 'password') return;
  const r = profilePasswordSchema.safeParse(v.newPassword ?? '');
  if (!r.success) ctx.addIssue({ code: 'custom', message: r.error.issues[0]!.message, path: ['newPassword'] });
});
export type VerifyUpdateOtp = z.infer<typeof verifyUpdateOtpSchema>;

/**
 * The dialog's step 1 for a password: the current password, the new one and its confirmation. Every field's own
 * problem is reported at once, each under its field (decision 038).
 */
export const profilePasswordFormSchema = z
  .object({ currentPassword: z.string(), newPassword: z.string(), confirmPassword: z.string() })
  .superRefine((v, ctx) => {
    if (!v.currentPassword) ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.currentPassword, path: ['currentPassword'] });
    const policy = profilePasswordSchema.safeParse(v.newPassword);
    if (!policy.success) ctx.addIssue({ code: 'custom', message: policy.error.issues[0]!.message, path: ['newPassword'] });
    if (v.newPassword !== v.confirmPassword) ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.passwordsMismatch, path: ['confirmPassword'] });
  });
export type ProfilePasswordForm = z.infer<typeof profilePasswordFormSchema>;

/** POST /api/medrep/restore-email: the token of the undo link sent to the old address after an e-mail change. */
export const restoreEmailSchema = z.object({
  token: z.string({ error: /*i18n*/ 'Invalid link' }).trim().min(20, /*i18n*/ 'Invalid link').max(200, /*i18n*/ 'Invalid link'),
});
export type RestoreEmail = z.infer<typeof restoreEmailSchema>;

/** The dialog's step 2. */
export const profileOtpFormSchema = z.object({ otp });

/** POST /api/medrep/send-update-otp */
export const sendUpdateOtpResponseSchema = messageResponseSchema;
export type SendUpdateOtpResponse = z.infer<typeof sendUpdateOtpResponseSchema>;

/** POST /api/medrep/verify-update-otp: the rep as now stored (the header and profile show it). */
export const verifyUpdateOtpResponseSchema = z.object({ message: z.string(), user: repUserSchema });
export type VerifyUpdateOtpResponse = z.infer<typeof verifyUpdateOtpResponseSchema>;
