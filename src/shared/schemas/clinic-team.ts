import { z } from 'zod';
import { passwordSchema } from './auth';

/*
 * Wire contracts of the clinic's team (docs/decisions/072-clinic-team.md): the clinic account is the owner; the owner
 * invites managers and receptionists by e-mail (a single-use link valid 72 hours), who then sign in on the clinic
 * login with their own e-mail and password. The team list shows the owner first, with id 0.
 */

export const CLINIC_MEMBER_ROLES = ['manager', 'reception'] as const;
export const clinicMemberRoleSchema = z.enum(CLINIC_MEMBER_ROLES, { error: /*i18n*/ 'Please choose manager or reception' });
export type ClinicMemberRole = z.infer<typeof clinicMemberRoleSchema>;
export const clinicRoleSchema = z.enum(['owner', ...CLINIC_MEMBER_ROLES]);
export type ClinicRoleName = z.infer<typeof clinicRoleSchema>;

/**
 * Who of a clinic may call what (docs/decisions/072-clinic-team.md), besides the owner, who may do everything: the
 * server's guards (requireClinicRole) and the dashboard's tabs read these.
 */
export const CLINIC_ROLES_MAY = {
  /** The day view, check-in code, confirm / decline, outcomes, the visit history, the live queue. */
  runTheDay: ['manager', 'reception'],
  /** Doctors, call settings and visiting hours, leave, Cancel Today's Calls, preferences, WhatsApp, the team list. */
  manage: ['manager'],
  /** The team's changes, the clinic account's password, its data export and deletion. */
  ownerOnly: [],
} as const satisfies Record<string, readonly ClinicMemberRole[]>;

/** The invitation link lives 72 hours and works once. */
export const CLINIC_INVITE_HOURS = 72;
/** The owner's row in the team list: the clinic account itself, not a clinic_members row. */
export const OWNER_MEMBER_ID = 0;

export const CLINIC_TEAM_MESSAGES = {
  invited: /*i18n*/ 'Invitation sent',
  resent: /*i18n*/ 'Invitation sent again',
  saved: /*i18n*/ 'Team member updated',
  deactivated: /*i18n*/ 'Team member deactivated. Their sessions have ended.',
  reactivated: /*i18n*/ 'Team member reactivated',
  accepted: /*i18n*/ 'Welcome to the team. You are signed in.',
  passwordSet: /*i18n*/ 'Your new password is saved. You are signed in.',
  nameRequired: /*i18n*/ 'Please enter a name',
  emailInvalid: /*i18n*/ 'Please enter a valid e-mail address',
} as const;

const emailField = z
  .string({ error: CLINIC_TEAM_MESSAGES.emailInvalid })
  .trim()
  .toLowerCase()
  .min(1, CLINIC_TEAM_MESSAGES.emailInvalid)
  .max(254, CLINIC_TEAM_MESSAGES.emailInvalid)
  .pipe(z.email(CLINIC_TEAM_MESSAGES.emailInvalid));

export const MEMBER_STATUSES = ['invited', 'active', 'inactive'] as const;

export const clinicTeamMemberSchema = z.object({
  /** 0 for the owner (the clinic account), else the member's id. */
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: clinicRoleSchema,
  status: z.enum(MEMBER_STATUSES),
  /** An ISO instant; null until the first sign-in. */
  lastSignInAt: z.string().nullable(),
});
export type ClinicTeamMember = z.infer<typeof clinicTeamMemberSchema>;

/** GET /api/clinic/team (owner, manager): the owner first, then the members oldest first (a clinic's team is small). */
export const clinicTeamResponseSchema = z.object({ members: z.array(clinicTeamMemberSchema) });
export type ClinicTeamResponse = z.infer<typeof clinicTeamResponseSchema>;

/** POST /api/clinic/team (owner) */
export const inviteMemberSchema = z.object({
  name: z.string({ error: CLINIC_TEAM_MESSAGES.nameRequired }).trim().min(2, CLINIC_TEAM_MESSAGES.nameRequired).max(200),
  email: emailField,
  role: clinicMemberRoleSchema,
});
export type InviteMember = z.infer<typeof inviteMemberSchema>;

export const memberResponseSchema = z.object({ member: clinicTeamMemberSchema, message: z.string() });
export type MemberResponse = z.infer<typeof memberResponseSchema>;

/** PATCH /api/clinic/team/{id} (owner): a new role, deactivate (false) or reactivate (true). */
export const updateMemberSchema = z
  .object({ role: clinicMemberRoleSchema.optional(), active: z.boolean().optional() })
  .refine((v) => v.role !== undefined || v.active !== undefined, { message: /*i18n*/ 'Nothing to change' });
export type UpdateMember = z.infer<typeof updateMemberSchema>;

export const memberIdParamSchema = z.object({ id: z.coerce.number().int().min(0).max(2_147_483_647) });

/** POST /api/clinic/team/accept (public: the token is the proof); the clinic registration's password rule. */
export const acceptMemberInviteSchema = z.object({
  token: z.string({ error: /*i18n*/ 'Invalid link' }).min(20, /*i18n*/ 'Invalid link').max(100, /*i18n*/ 'Invalid link'),
  password: passwordSchema,
});
export type AcceptMemberInvite = z.infer<typeof acceptMemberInviteSchema>;

/** The accepting person is signed in at once: the answer names them like GET /api/auth/me does. */
export const acceptMemberInviteResponseSchema = z.object({
  message: z.string(),
  person: z.object({ name: z.string(), role: clinicRoleSchema }),
  clinicName: z.string(),
});
export type AcceptMemberInviteResponse = z.infer<typeof acceptMemberInviteResponseSchema>;
