import { z } from 'zod';
import { savedLanguageSchema } from './account-language';
import { ADMIN_MESSAGES } from './admin';
import { passwordPolicy } from './auth';
import { nextCursorSchema, pageQuerySchema } from './pagination';
import { schemaMessage } from '../i18n/message';

/*
 * Wire contracts of the admin team (docs/decisions/042-admin-team.md): named admins with roles, two-factor sign-in
 * (TOTP, RFC 6238) with recovery codes, invitations by e-mail, the audit trail of admin acts and the security events
 * (spec part 1, 3: security_events). Until a named owner has enrolled, the gate is the spec's single password
 * (part 2, 2.5); from then on it asks for e-mail, password and code. The gate's texts stay ADMIN_MESSAGES'.
 */

export const ADMIN_ROLES = ['owner', 'staff'] as const;
export const adminRoleSchema = z.enum(ADMIN_ROLES, { error: /*i18n*/ 'Role must be owner or staff' });
export type AdminRole = z.infer<typeof adminRoleSchema>;

/** RFC 6238 as authenticator apps read it: 6 digits, 30-second steps, SHA-1. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** An invitation or enrolment link lives 48 hours and is used once. */
export const ADMIN_INVITE_HOURS = 48;
export const ADMIN_PASSWORD_MIN_LENGTH = 12;
/** The single-password session's identity (GET /api/admin/me, audit rows): id 0, an owner while no named owner exists. */
export const SINGLE_PASSWORD_ADMIN = { id: 0, name: /*i18n*/ 'Administrator', role: 'owner' } as const;

export const ADMIN_TEAM_MESSAGES = {
  emailRequired: /*i18n*/ 'Please enter your e-mail address',
  codeHint: /*i18n*/ 'The 6-digit code from your authenticator app, or one of your recovery codes',
  createOwnerBanner:
    /*i18n*/ 'One shared password opens this admin side. Create the named owner in the Admins tab: sign-in will then ask for e-mail, password and code.',
  invited: /*i18n*/ 'Invitation sent',
  resetSent: /*i18n*/ 'A new enrolment link was sent. Their sessions have ended and they sign in again once enrolled.',
  deactivated: /*i18n*/ 'Admin deactivated. Their sessions have ended.',
  reactivated: /*i18n*/ 'Admin reactivated',
  nameRequired: /*i18n*/ 'Please enter a name',
  enrolled: /*i18n*/ 'Two-factor sign-in is on. Keep your recovery codes somewhere safe: each works once.',
  adminPasswordTooShort: schemaMessage(/*i18n*/ { id: 'An admin password must be at least {min} characters', values: { min: ADMIN_PASSWORD_MIN_LENGTH } }),
  codeRequired: /*i18n*/ 'Please enter the 6-digit code from your authenticator app',
} as const;

const emailField = z
  .string({ error: ADMIN_TEAM_MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, ADMIN_TEAM_MESSAGES.emailRequired)
  .max(254, /*i18n*/ 'Please enter a valid e-mail address')
  .pipe(z.email(/*i18n*/ 'Please enter a valid e-mail address'));
/** A TOTP code (6 digits, spaces allowed) or a recovery code (xxxxx-xxxxx); the server tells which. */
const codeField = z.string().trim().max(40, /*i18n*/ 'Invalid code');
const tokenField = z.string({ error: /*i18n*/ 'Invalid link' }).min(20, /*i18n*/ 'Invalid link').max(100, /*i18n*/ 'Invalid link');
/** An admin's password: the accounts' policy, and at least 12 characters for an account that can delete every user. */
export const adminPasswordSchema = passwordPolicy(ADMIN_TEAM_MESSAGES.adminPasswordTooShort).min(
  ADMIN_PASSWORD_MIN_LENGTH,
  ADMIN_TEAM_MESSAGES.adminPasswordTooShort,
);

// --- the gate -------------------------------------------------------------------------------------------------

/**
 * GET /api/admin/gate (public): which form the gate shows. `password`: the single-password setup (spec part 2, 2.5;
 * `adminOff` when ADMIN_PASSWORD is not set, so nothing opens it); `team`: a named owner has enrolled, so the gate asks
 * for e-mail, password and code, and ADMIN_PASSWORD alone opens nothing (`adminOff` is then false).
 */
export const adminGateResponseSchema = z.object({ mode: z.enum(['password', 'team']), adminOff: z.boolean() });
export type AdminGateResponse = z.infer<typeof adminGateResponseSchema>;

/**
 * POST /api/admin/authenticate. Password mode: `{ password }` (ADMIN_PASSWORD). Team mode: `{ email, password, code }`;
 * `code` is a TOTP code or an unused recovery code, and may be left out only by a staff admin without two-factor.
 * Answers 200 `{ message: 'Admin authenticated' }`; 401 'Invalid admin credentials' for any wrong part; 401
 * `admin_team_required` for `{ password }` alone in team mode; 401 `two_factor_required` for any refusal of an attempt
 * without a code, right password or not (docs/decisions/054); 429 when the attempts are spent (the login's budgets).
 */
export const adminSignInSchema = z.object({
  email: emailField.optional(),
  password: z.string({ error: ADMIN_MESSAGES.passwordRequired }).min(1, ADMIN_MESSAGES.passwordRequired).max(200, ADMIN_MESSAGES.invalidCredentials),
  code: codeField.optional(),
});
export type AdminSignIn = z.infer<typeof adminSignInSchema>;

/** The answer of POST /api/admin/authenticate: the admin's saved language too (null: none chosen; decision 045). */
export const adminSignInResponseSchema = z.object({ message: z.string(), language: savedLanguageSchema });
export type AdminSignInResponse = z.infer<typeof adminSignInResponseSchema>;

/** GET /api/admin/me: who is signed in. The single-password session is `SINGLE_PASSWORD_ADMIN` with `email` null. */
export const adminMeResponseSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  role: adminRoleSchema,
  twoFactor: z.boolean(),
});
export type AdminMeResponse = z.infer<typeof adminMeResponseSchema>;

// --- the team (owners only; the single-password session too while no named owner exists) ---------------------

/** `invited`: has not finished the link yet (or had the second factor reset); `inactive`: deactivated by an owner. */
export const ADMIN_STATUSES = ['invited', 'active', 'inactive'] as const;

export const adminTeamMemberSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: adminRoleSchema,
  status: z.enum(ADMIN_STATUSES),
  twoFactor: z.boolean(),
  /** Unused recovery codes left (0 without two-factor). */
  recoveryCodesLeft: z.number(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
export type AdminTeamMember = z.infer<typeof adminTeamMemberSchema>;

/**
 * POST /api/admin/admins: invites by e-mail (a single-use link `/admin/invite?token=...`, 48 hours). The single-password
 * session may invite only the first owner (`role: 'owner'`); 409 `admin_email_taken` for an address already on the team.
 */
export const inviteAdminSchema = z.object({
  name: z
    .string({ error: ADMIN_TEAM_MESSAGES.nameRequired })
    .trim()
    .min(1, ADMIN_TEAM_MESSAGES.nameRequired)
    .max(100, /*i18n*/ 'Name must be at most 100 characters'),
  email: emailField,
  role: adminRoleSchema,
});
export type InviteAdmin = z.infer<typeof inviteAdminSchema>;

/** 201 of POST /api/admin/admins */
export const inviteAdminResponseSchema = z.object({
  admin: z.object({ id: z.number(), name: z.string(), email: z.string(), role: adminRoleSchema }),
});
export type InviteAdminResponse = z.infer<typeof inviteAdminResponseSchema>;

/** GET /api/admin/admins?limit&cursor: the team, oldest first (a page, like every list). */
export const adminTeamQuerySchema = pageQuerySchema;
export const adminTeamResponseSchema = z.object({ admins: z.array(adminTeamMemberSchema), nextCursor: nextCursorSchema });
export type AdminTeamResponse = z.infer<typeof adminTeamResponseSchema>;

/**
 * PATCH /api/admin/admins/{id}: `active: false` deactivates (their sessions end at once), `true` reactivates. 409
 * `admin_last_owner` when no other active owner would remain; 409 `admin_self` for one's own account.
 */
export const updateAdminSchema = z.object({ active: z.boolean({ error: /*i18n*/ 'active must be true or false' }) });
export const adminIdParamSchema = z.object({
  id: z.coerce.number({ error: /*i18n*/ 'Invalid id' }).int(/*i18n*/ 'Invalid id').positive(/*i18n*/ 'Invalid id').max(2_147_483_647, /*i18n*/ 'Invalid id'),
});
export const updateAdminResponseSchema = z.object({ message: z.string(), admin: adminTeamMemberSchema });
export type UpdateAdminResponse = z.infer<typeof updateAdminResponseSchema>;

/**
 * POST /api/admin/admins/{id}/reset-two-factor (no body): the admin's password, second factor and recovery codes are
 * cleared, their sessions end, and a new single-use enrolment link (48 hours) is e-mailed; answers `{ message }`.
 * Also the way to send an invitation again. 409 `admin_self` for one's own account (ask another owner).
 */
export const resetTwoFactorResponseSchema = z.object({ message: z.string() });

// --- the invitation / enrolment link (/admin/invite?token=...) -------------------------------------------------

/** POST /api/admin/invite/check: what the link page shows before its form. */
export const inviteTokenSchema = z.object({ token: tokenField });
export const inviteCheckResponseSchema = z.object({
  name: z.string(),
  email: z.string(),
  role: adminRoleSchema,
  /** Owners must enrol a second factor; staff may skip it (then they sign in without a code). */
  twoFactorRequired: z.boolean(),
  /** The password was chosen already: the page goes on to the QR code (accept again with the same password). */
  accepted: z.boolean(),
});
export type InviteCheckResponse = z.infer<typeof inviteCheckResponseSchema>;

/**
 * POST /api/admin/invite/accept: sets the password and answers the TOTP secret (base32) and its otpauth:// URL for the
 * QR code. A staff admin is active from here (two-factor optional); an owner only after the confirm. Called again with
 * the same password before the confirm, it answers the same secret (a reloaded page). 400 `admin_invite_invalid`.
 */
export const inviteAcceptSchema = z.object({ token: tokenField, password: adminPasswordSchema });
export type InviteAccept = z.infer<typeof inviteAcceptSchema>;
export const inviteAcceptResponseSchema = z.object({ totpSecret: z.string(), otpauthUrl: z.string(), twoFactorRequired: z.boolean() });
export type InviteAcceptResponse = z.infer<typeof inviteAcceptResponseSchema>;

/**
 * POST /api/admin/invite/confirm: the first valid code from the app turns two-factor on, activates the admin, uses the
 * link up and answers the ten recovery codes, shown once (stored hashed). 400 `admin_code_invalid` for a wrong code.
 */
export const inviteConfirmSchema = z.object({ token: tokenField, code: codeField.min(1, ADMIN_TEAM_MESSAGES.codeRequired) });
export type InviteConfirm = z.infer<typeof inviteConfirmSchema>;
export const inviteConfirmResponseSchema = z.object({ message: z.string(), recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT) });
export type InviteConfirmResponse = z.infer<typeof inviteConfirmResponseSchema>;

// --- the audit trail (every admin act; rows never change) -------------------------------------------------------

/** Stable names of admin acts (docs/decisions/042): the Audit tab's filter and its labels. */
export const ADMIN_ACTIONS = [
  'sign_in',
  'sign_in_failed',
  'sign_out',
  'data_exported',
  'user_status_changed',
  'user_deleted',
  'company_verified',
  'company_unverified',
  'doctor_deleted',
  'appointment_deleted',
  'broadcast_sent',
  'broadcast_withdrawn',
  'bulk_email_sent',
  'reregistration_email_sent',
  'email_retried',
  'email_job_retried',
  'server_restarted',
  'admin_invited',
  'admin_deactivated',
  'admin_reactivated',
  'two_factor_reset',
  'admin_enrolled',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

export const ADMIN_ACTION_LABELS: Record<AdminAction, string> = {
  sign_in: /*i18n*/ 'Signed in',
  sign_in_failed: /*i18n*/ 'Failed sign-in',
  sign_out: /*i18n*/ 'Signed out',
  data_exported: /*i18n*/ 'Exported a list (CSV)',
  user_status_changed: /*i18n*/ "Changed a user's status",
  user_deleted: /*i18n*/ 'Deleted a user',
  company_verified: /*i18n*/ 'Verified a company',
  company_unverified: /*i18n*/ "Withdrew a company's verification",
  doctor_deleted: /*i18n*/ 'Deleted a doctor',
  appointment_deleted: /*i18n*/ 'Deleted an appointment',
  broadcast_sent: /*i18n*/ 'Broadcast a message',
  broadcast_withdrawn: /*i18n*/ 'Withdrew the announcement',
  bulk_email_sent: /*i18n*/ 'Sent a bulk e-mail',
  reregistration_email_sent: /*i18n*/ 'Sent re-registration e-mails',
  email_retried: /*i18n*/ 'Sent a failed e-mail again',
  email_job_retried: /*i18n*/ "Sent a bulk send's failed e-mails again",
  server_restarted: /*i18n*/ 'Restarted the server',
  admin_invited: /*i18n*/ 'Invited an admin',
  admin_deactivated: /*i18n*/ 'Deactivated an admin',
  admin_reactivated: /*i18n*/ 'Reactivated an admin',
  two_factor_reset: /*i18n*/ 'Reset a second factor',
  admin_enrolled: /*i18n*/ 'Enrolled (password and second factor)',
};

const blankIsMissing = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** GET /api/admin/audit?limit&cursor&adminId&action: newest first. `adminId=0` is the single-password session. */
export const adminAuditQuerySchema = pageQuerySchema.extend({
  adminId: blankIsMissing(
    z.coerce
      .number({ error: /*i18n*/ 'Invalid admin id' })
      .int(/*i18n*/ 'Invalid admin id')
      .min(0, /*i18n*/ 'Invalid admin id')
      .max(2_147_483_647, /*i18n*/ 'Invalid admin id'),
  ),
  action: blankIsMissing(z.enum(ADMIN_ACTIONS, { error: /*i18n*/ 'Unknown action' })),
});
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;

export const adminAuditEntrySchema = z.object({
  id: z.number(),
  /** null when the sign-in failed before an admin was known (an unknown e-mail). */
  adminId: z.number().nullable(),
  /** The name at the time of the act (kept if the admin is renamed or removed); for a failed sign-in, the e-mail tried. */
  adminName: z.string(),
  action: z.enum(ADMIN_ACTIONS),
  /** The record acted on, `kind:id` (`medrep:12`, `clinic:3`, `doctor_link:5`, `appointment:9`, `admin:2`, `email_job:<id>`), or null. */
  target: z.string().nullable(),
  at: z.string(),
  ip: z.string().nullable(),
  /** What else the act recorded (from/to of a status change, a recipient count); never a secret. */
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;
export const adminAuditResponseSchema = z.object({ entries: z.array(adminAuditEntrySchema), nextCursor: nextCursorSchema });
export type AdminAuditResponse = z.infer<typeof adminAuditResponseSchema>;

// --- security events (spec part 1, 3: security_events) -----------------------------------------------------------

export const THREAT_LEVELS = ['low', 'medium', 'high', 'critical'] as const;
export const threatLevelSchema = z.enum(THREAT_LEVELS, { error: /*i18n*/ 'Level must be low, medium, high or critical' });
export type ThreatLevel = z.infer<typeof threatLevelSchema>;

/** GET /api/admin/security-events?limit&cursor&type&level: newest first. */
export const securityEventsQuerySchema = pageQuerySchema.extend({
  type: blankIsMissing(z.string().trim().max(60, /*i18n*/ 'Unknown event type')),
  level: blankIsMissing(threatLevelSchema),
});
export type SecurityEventsQuery = z.infer<typeof securityEventsQuerySchema>;

export const securityEventSchema = z.object({
  id: z.number(),
  eventType: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  userId: z.number().nullable(),
  userType: z.string().nullable(),
  requestPath: z.string().nullable(),
  requestMethod: z.string().nullable(),
  threatLevel: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
  timestamp: z.string(),
  blocked: z.boolean(),
  /** How many times it happened from this address in the minute of `timestamp` (1 for most kinds; docs/decisions/049). */
  count: z.number(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

/** Counts over a window, whatever the filters: by type (most first) and by threat level (every level present). */
export const securityEventCountsSchema = z.object({
  total: z.number(),
  blocked: z.number(),
  byType: z.array(z.object({ type: z.string(), count: z.number() })),
  byLevel: z.object({ low: z.number(), medium: z.number(), high: z.number(), critical: z.number() }),
});
export type SecurityEventCounts = z.infer<typeof securityEventCountsSchema>;

/** `counts` over the last 24 hours and the last 30 days, on the first page only (no cursor), like a list's total. */
export const securityEventsResponseSchema = z.object({
  events: z.array(securityEventSchema),
  nextCursor: nextCursorSchema,
  counts: z.object({ last24h: securityEventCountsSchema, last30d: securityEventCountsSchema }).optional(),
});
export type SecurityEventsResponse = z.infer<typeof securityEventsResponseSchema>;
