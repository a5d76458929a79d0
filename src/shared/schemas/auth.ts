import { z } from 'zod';
import { savedLanguageSchema } from './account-language';
import { errorResponseSchema } from './common';
import { canonicalPhone, clinicContactNumberSchema, repPhoneSchema } from './phone';
import { GSTIN_INVALID, isValidGstin, normalGstin } from '../gstin';

/*
 * Wire contracts of the accounts area (registration, verification, login, terms, password reset).
 * The form schemas carry the spec's messages (part 1, 5); the server payload schemas enforce the
 * legal password policy (8 characters, upper case, lower case, a digit, a special character).
 */

export const USER_KINDS = ['clinic', 'medrep'] as const;
export const userKindSchema = z.enum(USER_KINDS);
/** The kinds of the clinic's and the rep's portals (their forms and pages). */
export type UserKind = z.infer<typeof userKindSchema>;

/**
 * Every kind of account that registers with an e-mailed code, accepts the terms and resets its password the same
 * way: the portals' two and pharma companies (docs/decisions/087-company-accounts.md).
 */
export const ACCOUNT_KINDS = [...USER_KINDS, 'company'] as const;
export const accountKindSchema = z.enum(ACCOUNT_KINDS);
export type AccountKind = z.infer<typeof accountKindSchema>;

// --- password rules: one place, reused by every form and payload ---------------------------------

export const PASSWORD_MIN_LENGTH = 8;

/** The checks behind the strength checklist (spec part 1, 5). */
export const passwordChecks: ReadonlyArray<{ label: string; test: (password: string) => boolean }> = [
  { label: /*i18n*/ 'At least 8 characters', test: (pw) => pw.length >= PASSWORD_MIN_LENGTH },
  { label: /*i18n*/ 'One uppercase letter', test: (pw) => /[A-Z]/.test(pw) },
  { label: /*i18n*/ 'One lowercase letter', test: (pw) => /[a-z]/.test(pw) },
  { label: /*i18n*/ 'One number', test: (pw) => /[0-9]/.test(pw) },
  { label: /*i18n*/ 'One special character', test: (pw) => /[^A-Za-z0-9]/.test(pw) },
];

/** Builds the password schema with the minimum-length message of the place it is used. */
export function passwordPolicy(minLengthMessage = /*i18n*/ 'Password must be at least 8 characters') {
  return z
    .string({ error: /*i18n*/ 'Password is required' })
    .min(PASSWORD_MIN_LENGTH, minLengthMessage)
    .max(200, /*i18n*/ 'Password must be at most 200 characters')
    .regex(/[A-Z]/, /*i18n*/ 'Password must contain at least one uppercase letter')
    .regex(/[a-z]/, /*i18n*/ 'Password must contain at least one lowercase letter')
    .regex(/[0-9]/, /*i18n*/ 'Password must contain at least one number')
    .regex(/[^A-Za-z0-9]/, /*i18n*/ 'Password must contain at least one special character');
}

export const passwordSchema = passwordPolicy();

const emailField = (message: string) => z.string({ error: message }).trim().max(254, message).pipe(z.email(message));
const deviceFingerprintField = z.string().max(200).optional();

// --- clinic registration (spec part 1, 5 table) --------------------------------------------------

export const clinicStep1Schema = z.object({
  clinicName: z.string().trim().min(3, /*i18n*/ 'Clinic name must be at least 3 characters').max(200),
  contactPerson: z.string().trim().min(3, /*i18n*/ 'Contact person name must be at least 3 characters').max(200),
  state: z.string().trim().min(2, /*i18n*/ 'Please select a state').max(100),
  city: z.string().trim().min(2, /*i18n*/ 'Please select a city').max(100),
});
export type ClinicStep1 = z.infer<typeof clinicStep1Schema>;

const clinicCredentialsShape = {
  email: emailField(/*i18n*/ 'Invalid email address'),
  contactNumber: clinicContactNumberSchema,
  password: passwordSchema,
};

export const clinicRegisterFormSchema = clinicStep1Schema
  .extend({
    ...clinicCredentialsShape,
    confirmPassword: z.string().min(8, /*i18n*/ 'Passwords do not match'),
  })
  .refine((v) => v.password === v.confirmPassword, { message: /*i18n*/ 'Passwords do not match', path: ['confirmPassword'] });
export type ClinicRegisterForm = z.infer<typeof clinicRegisterFormSchema>;

/** POST /api/clinic/register */
export const clinicRegisterSchema = clinicStep1Schema.extend({
  ...clinicCredentialsShape,
  deviceFingerprint: deviceFingerprintField,
});
export type ClinicRegister = z.infer<typeof clinicRegisterSchema>;

// --- rep registration ----------------------------------------------------------------------------

const repFieldsShape = {
  fullName: z.string().trim().min(1, /*i18n*/ 'Full name is required').max(200),
  email: emailField(/*i18n*/ 'Invalid email address'),
  phone: repPhoneSchema,
  company: z.string().trim().min(1, /*i18n*/ 'Company is required').max(200),
  state: z.string().trim().min(1, /*i18n*/ 'State is required').max(100),
  password: passwordSchema,
};

export const repRegisterFormSchema = z
  .object({ ...repFieldsShape, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: /*i18n*/ "Passwords don't match", path: ['confirmPassword'] });
export type RepRegisterForm = z.infer<typeof repRegisterFormSchema>;

/** POST /api/medrep/register (a confirmPassword sent along is ignored) */
export const repRegisterSchema = z.object({ ...repFieldsShape, deviceFingerprint: deviceFingerprintField });
export type RepRegister = z.infer<typeof repRegisterSchema>;

// --- company registration (docs/decisions/087-company-accounts.md) --------------------------------

/** A GSTIN is optional; when given it must be one (src/shared/gstin.ts), and is kept in capitals. */
const gstinField = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string({ error: GSTIN_INVALID }).max(20, GSTIN_INVALID).transform(normalGstin).refine(isValidGstin, GSTIN_INVALID).optional(),
);

const companyFieldsShape = {
  companyName: z.string().trim().min(2, /*i18n*/ 'Company name is required').max(200),
  contactName: z.string().trim().min(1, /*i18n*/ 'Contact name is required').max(200),
  email: emailField(/*i18n*/ 'Invalid email address'),
  phone: repPhoneSchema,
  password: passwordSchema,
  gstin: gstinField,
};

/** POST /api/company/register */
export const companyRegisterSchema = z.object({ ...companyFieldsShape, deviceFingerprint: deviceFingerprintField });
export type CompanyRegister = z.infer<typeof companyRegisterSchema>;

// --- login ---------------------------------------------------------------------------------------

/** POST /api/auth/login and POST /api/medrep/login */
export const loginSchema = z.object({
  email: z
    .string({ error: /*i18n*/ 'Email is required' })
    .trim()
    .min(1, /*i18n*/ 'Email is required')
    .max(254, /*i18n*/ 'Invalid email format')
    .pipe(z.email(/*i18n*/ 'Invalid email format')),
  password: z.string({ error: /*i18n*/ 'Password is required' }).min(1, /*i18n*/ 'Password is required').max(200),
  rememberMe: z.boolean().optional(),
  deviceFingerprint: deviceFingerprintField,
});
export type Login = z.infer<typeof loginSchema>;

// --- password reset ------------------------------------------------------------------------------

/** POST /api/{clinic|medrep}/forgot-password */
export const forgotPasswordSchema = z.object({
  email: z
    .string({ error: /*i18n*/ 'Email is required' })
    .trim()
    .min(1, /*i18n*/ 'Email is required')
    .max(254, /*i18n*/ 'Please enter a valid email address')
    .pipe(z.email(/*i18n*/ 'Please enter a valid email address')),
});
export type ForgotPassword = z.infer<typeof forgotPasswordSchema>;

/** POST /api/{clinic|medrep}/reset-password; the page also checks 'Passwords do not match'. */
export const resetPasswordSchema = z.object({
  token: z.string({ error: /*i18n*/ 'Reset token is required' }).min(1, /*i18n*/ 'Reset token is required').max(200),
  password: passwordPolicy(/*i18n*/ 'Password must be at least 8 characters long'),
});
export type ResetPassword = z.infer<typeof resetPasswordSchema>;

/** The /reset-password page form. */
export const resetPasswordFormSchema = z
  .object({ password: passwordPolicy(/*i18n*/ 'Password must be at least 8 characters long'), confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: /*i18n*/ 'Passwords do not match', path: ['confirmPassword'] });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/** POST /api/{clinic|medrep}/reset-password/check: the page asks about its link before the form (docs/decisions/036). */
export const resetLinkCheckSchema = resetPasswordSchema.pick({ token: true });
export type ResetLinkCheck = z.infer<typeof resetLinkCheckSchema>;
export const resetLinkStatusSchema = z.object({ status: z.enum(['valid', 'expired', 'used', 'invalid']), message: z.string() });
export type ResetLinkStatus = z.infer<typeof resetLinkStatusSchema>;

// --- verification --------------------------------------------------------------------------------

/**
 * The registration token: POST register answers it and the registering browser keeps it (sessionStorage), so the
 * e-mailed code works only there (docs/decisions/030). Optional here so that a missing one gets its own message.
 */
export const registrationTokenSchema = z.string().max(100).optional();

/** POST /api/verify-otp */
export const verifyOtpSchema = z.object({
  email: emailField(/*i18n*/ 'Invalid email address'),
  otp: z
    .string({ error: /*i18n*/ 'Please enter the 6-digit code' })
    .trim()
    .regex(/^\d{6}$/, /*i18n*/ 'Please enter the 6-digit code'),
  type: accountKindSchema.default('medrep'),
  registrationToken: registrationTokenSchema,
});
export type VerifyOtp = z.infer<typeof verifyOtpSchema>;

/** POST /api/resend-verification */
export const resendVerificationSchema = z.object({
  email: emailField(/*i18n*/ 'Invalid email address'),
  type: accountKindSchema.default('medrep'),
});
export type ResendVerification = z.infer<typeof resendVerificationSchema>;

/**
 * POST /api/verify-email (the link /verify-email?token=...&type=...): the person who opened the link chooses the
 * account's password there, so whoever filled in the registration cannot sign in to it (docs/decisions/030).
 */
export const verifyEmailSchema = z.object({
  token: z.string({ error: /*i18n*/ 'Verification token is required' }).min(1, /*i18n*/ 'Verification token is required').max(200),
  type: accountKindSchema.default('medrep'),
  password: passwordSchema,
});
export type VerifyEmail = z.infer<typeof verifyEmailSchema>;

/** The /verify-email page form. */
export const verifyEmailFormSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: /*i18n*/ 'Passwords do not match', path: ['confirmPassword'] });
export type VerifyEmailForm = z.infer<typeof verifyEmailFormSchema>;

/**
 * POST /api/verify-email/check: what the link page shows before asking for a password: the form (pending), success
 * (the link already verified its account; spec part 2, 4) or the failure (docs/decisions/036).
 */
export const verifyLinkCheckSchema = verifyEmailSchema.pick({ token: true, type: true });
export type VerifyLinkCheck = z.infer<typeof verifyLinkCheckSchema>;
export const verifyLinkStatusSchema = z.object({ status: z.enum(['pending', 'verified', 'invalid']), message: z.string() });
export type VerifyLinkStatus = z.infer<typeof verifyLinkStatusSchema>;

// --- availability and terms ----------------------------------------------------------------------

/** POST /api/check-availability */
export const checkAvailabilitySchema = z
  .object({
    field: z.enum(['email', 'phone'], { error: /*i18n*/ "Field must be 'email' or 'phone'" }),
    value: z.string().trim().min(1, /*i18n*/ 'Value is required').max(254),
    // For a phone: the e-mail typed beside it. A number held by a pending registration of that same e-mail is the
    // registrant's own (registering again replaces it), not another account's (docs/decisions/036).
    email: z.string().trim().max(254).optional(),
  })
  // A phone is looked up in its stored form (docs/decisions/032): +91 99060 01202 is 9906001202.
  .transform((v) => (v.field === 'phone' ? { ...v, value: canonicalPhone(v.value) } : v));
export type CheckAvailability = z.infer<typeof checkAvailabilitySchema>;

/** POST /api/accept-terms */
export const acceptTermsSchema = z.object({
  userId: z.coerce.number().int().positive(/*i18n*/ 'Invalid user id'),
  userType: accountKindSchema,
});
export type AcceptTerms = z.infer<typeof acceptTermsSchema>;

// --- response shapes (the routes serialise with these; the client's types are inferred from them) --------

export const clinicUserSchema = z.object({
  id: z.number(),
  contactPerson: z.string(),
  clinicName: z.string(),
  city: z.string(),
  state: z.string(),
  email: z.string(),
  contactNumber: z.string(),
});
export type ClinicUser = z.infer<typeof clinicUserSchema>;

export const repUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  fullName: z.string(),
  phone: z.string(),
  company: z.string(),
  state: z.string(),
});
export type RepUser = z.infer<typeof repUserSchema>;

/** POST /api/clinic/register and /api/medrep/register (201); the browser keeps `registrationToken` for POST /api/verify-otp. */
export const registerResponseSchema = z.object({ message: z.string(), email: z.string(), registrationToken: z.string() });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/**
 * POST /api/check-availability. `pending`: the value is held only by a registration of that kind still waiting for
 * its code; registering again replaces it, and the form links to /verify-otp (docs/decisions/036).
 */
export const availabilityResponseSchema = z.object({ available: z.boolean(), message: z.string(), pending: accountKindSchema.optional() });
export type AvailabilityResponse = z.infer<typeof availabilityResponseSchema>;

/** Who of a clinic is signed in (docs/decisions/072-clinic-team.md): the owner (the clinic account) or a team member. */
export const clinicPersonSchema = z.object({ name: z.string(), role: z.enum(['owner', 'manager', 'reception']) });
export type ClinicPerson = z.infer<typeof clinicPersonSchema>;

/** POST /api/auth/login (clinic): `user` is the clinic's; `person` who signed in. */
export const clinicLoginResponseSchema = z.object({
  user: clinicUserSchema,
  person: clinicPersonSchema,
  termsAccepted: z.boolean(),
  message: z.string(),
  language: savedLanguageSchema,
});
export type ClinicLoginResponse = z.infer<typeof clinicLoginResponseSchema>;

/** POST /api/medrep/login */
export const repLoginResponseSchema = z.object({ user: repUserSchema, termsAccepted: z.boolean(), message: z.string(), language: savedLanguageSchema });
export type RepLoginResponse = z.infer<typeof repLoginResponseSchema>;

/** The hint a refused rep login may carry beside `{ message, code }` (spec part 1, 7). */
export const LOGIN_HINTS = ['password_recently_changed'] as const;
export type LoginHint = (typeof LOGIN_HINTS)[number];
export const loginRefusedSchema = errorResponseSchema.extend({ hint: z.enum(LOGIN_HINTS).optional() });
export type LoginRefusedResponse = z.infer<typeof loginRefusedSchema>;

/** A doctor's own login (docs/decisions/073-doctor-accounts.md). */
export const doctorUserSchema = z.object({ id: z.number(), name: z.string(), email: z.string() });
export type DoctorUser = z.infer<typeof doctorUserSchema>;

/** A pharma company's account (docs/decisions/087): `verified` once an admin has checked the company. */
export const companyUserSchema = z.object({
  id: z.number(),
  companyName: z.string(),
  contactName: z.string(),
  email: z.string(),
  phone: z.string(),
  gstin: z.string().nullable(),
  verified: z.boolean(),
});
export type CompanyUser = z.infer<typeof companyUserSchema>;

/** POST /api/company/login */
export const companyLoginResponseSchema = z.object({
  user: companyUserSchema,
  termsAccepted: z.boolean(),
  message: z.string(),
  language: savedLanguageSchema,
});
export type CompanyLoginResponse = z.infer<typeof companyLoginResponseSchema>;

/** GET /api/company/me: the signed-in company's profile. */
export const companyMeResponseSchema = z.object({ user: companyUserSchema, termsAccepted: z.boolean() });
export type CompanyMeResponse = z.infer<typeof companyMeResponseSchema>;

/** GET /api/auth/me: who is signed in. */
export const meResponseSchema = z.discriminatedUnion('userType', [
  z.object({ userType: z.literal('clinic'), user: clinicUserSchema, person: clinicPersonSchema, termsAccepted: z.boolean() }),
  z.object({ userType: z.literal('medrep'), user: repUserSchema, termsAccepted: z.boolean() }),
  // The doctor's own login (docs/decisions/073): no terms of its own (the inviting clinic accepted the product's).
  z.object({ userType: z.literal('doctor'), user: doctorUserSchema, termsAccepted: z.boolean() }),
  // A pharma company (docs/decisions/087): its profile, with whether an admin has verified it.
  z.object({ userType: z.literal('company'), user: companyUserSchema, termsAccepted: z.boolean() }),
]);
export type MeResponse = z.infer<typeof meResponseSchema>;

/** GET /api/terms-status/:userType/:userId */
export const termsStatusResponseSchema = z.object({ termsAccepted: z.boolean() });
export type TermsStatusResponse = z.infer<typeof termsStatusResponseSchema>;

/** POST /api/accept-terms */
export const acceptTermsResponseSchema = z.object({ message: z.string(), termsAccepted: z.boolean() });
export type AcceptTermsResponse = z.infer<typeof acceptTermsResponseSchema>;
