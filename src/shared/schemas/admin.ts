import { z } from 'zod';
import { VISIT_STATUSES } from '../booking/visit-status';
import { isIsoDate } from '../dates';
import { RECIPIENT_GROUPS } from '../subscription/recipient-groups';
import { listTotalSchema, nextCursorSchema, pageQuerySchema } from './pagination';
import { subscriptionRefundSchema } from './subscription';
import { channelStatsSchema, deliveryStatusSchema, messageChannelFilterSchema, messageChannelSchema } from './whatsapp';
import { schemaMessage } from '../i18n/message';

/*
 * Wire contracts of the admin dashboard and the admin e-mail dashboard (spec part 2, sections 2.5, 2.6, 3, 4,
 * 5, 7 "Admin" and 8; decision 009). The spec's messages live here so the server and the screens say the same.
 */

export const ADMIN_MESSAGES = {
  invalidCredentials: /*i18n*/ 'Invalid admin credentials',
  accessDenied: /*i18n*/ 'Access Denied',
  authRequired: /*i18n*/ 'Admin authentication required',
  adminOff: /*i18n*/ 'The admin side is off. Set ADMIN_PASSWORD to turn it on.',
  passwordRequired: /*i18n*/ 'Please enter the admin password',
  authenticated: /*i18n*/ 'Admin authenticated',
  loggedOut: /*i18n*/ 'Logged out',
  broadcastEmpty: /*i18n*/ 'Please enter a message to broadcast',
  broadcastTooLong: /*i18n*/ 'Message must be at most 500 characters',
  broadcastSent: /*i18n*/ 'Notification sent to all medical representatives',
  broadcastFailed: /*i18n*/ 'Failed to send notification',
  broadcastCleared: /*i18n*/ 'Announcement withdrawn',
  noRecipients: /*i18n*/ 'No Recipients',
  noReregistrationRecipients: /*i18n*/ 'Please select recipients or enter email addresses',
  invalidEmails: /*i18n*/ 'Invalid Emails',
  invalidEmailsText: /*i18n*/ 'Please enter valid email addresses',
  reregistrationFailed: /*i18n*/ 'Failed to send re-registration emails',
  noBulkRecipients: /*i18n*/ 'Please select at least one medical representative',
  missingContent: /*i18n*/ 'Missing Content',
  missingContentText: /*i18n*/ 'Please provide both subject and email content',
  sendEmailsFailed: /*i18n*/ 'Failed to send emails. Please try again.',
  loadRepsFailed: /*i18n*/ 'Failed to load medical representatives',
  loadHistoryFailed: /*i18n*/ 'Failed to load email history',
  restartFailed: /*i18n*/ 'Restart Failed',
  restarting: /*i18n*/ 'Server restart initiated. The server will be back in a few seconds.',
  deleteFailed: /*i18n*/ 'Delete Failed',
  userNotFound: /*i18n*/ 'User not found',
  companyNotFound: /*i18n*/ 'Company not found',
  companyVerified: /*i18n*/ 'Company marked as verified',
  companyUnverified: /*i18n*/ 'Company no longer marked as verified',
  doctorNotFound: /*i18n*/ 'Doctor not found',
  appointmentNotFound: /*i18n*/ 'Appointment not found',
  jobNotFound: /*i18n*/ 'Email job not found',
} as const;

/** spec part 2, 9: the broadcast's limit. */
export const BROADCAST_MAX = 500;
export const BULK_EMAIL_MAX_RECIPIENTS = 5000;
export const SUBJECT_MAX = 200;
export const CONTENT_MAX = 20_000;

export const adminAuthenticateSchema = z.object({
  password: z.string({ error: ADMIN_MESSAGES.passwordRequired }).min(1, ADMIN_MESSAGES.passwordRequired).max(200, ADMIN_MESSAGES.invalidCredentials),
});
export type AdminAuthenticate = z.infer<typeof adminAuthenticateSchema>;

// A pharma company is a third kind of user (docs/decisions/087-company-accounts.md).
export const adminUserTypeSchema = z.enum(['medrep', 'clinic', 'company'], { error: /*i18n*/ 'User type must be medrep, clinic or company' });
export type AdminUserType = z.infer<typeof adminUserTypeSchema>;

export const idParamSchema = z.object({
  id: z.coerce.number({ error: /*i18n*/ 'Invalid id' }).int(/*i18n*/ 'Invalid id').positive(/*i18n*/ 'Invalid id').max(2_147_483_647, /*i18n*/ 'Invalid id'),
});

export const deleteUserSchema = z.object({ userType: adminUserTypeSchema });

/** PATCH /api/admin/users/{id}/status: `status` is the target; without it the account toggles (spec part 2, 4). */
export const updateUserStatusSchema = z.object({
  userType: adminUserTypeSchema,
  status: z.enum(['active', 'inactive'], { error: /*i18n*/ 'Status must be active or inactive' }).optional(),
});

/** spec part 2, 5: trimmed, non-empty, at most 500 characters. */
export const broadcastSchema = z.object({
  message: z.string({ error: ADMIN_MESSAGES.broadcastEmpty }).trim().min(1, ADMIN_MESSAGES.broadcastEmpty).max(BROADCAST_MAX, ADMIN_MESSAGES.broadcastTooLong),
});

/** spec part 2, 5: entries shaped text @ text . text. */
export const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Splits a manual entry on commas, semicolons and line breaks and keeps only e-mail-shaped entries. */
export function parseEmailList(input: string): string[] {
  const seen = new Set<string>();
  for (const part of input.split(/[,;\r\n]+/)) {
    const email = part.trim();
    if (email && SIMPLE_EMAIL.test(email)) seen.add(email.toLowerCase());
  }
  return [...seen];
}

const emailAddressSchema = z.string().trim().max(254).regex(SIMPLE_EMAIL, ADMIN_MESSAGES.invalidEmailsText);

/**
 * `sendToAll` reaches every pending rep, chosen by the server (docs/decisions/023): `except` are the addresses the
 * admin unticked after "Select all", `emails` the typed ones (sent even when in `except`; skipped when not pending).
 */
export const reregistrationSchema = z
  .object({
    sendToAll: z.boolean().optional(),
    emails: z.array(emailAddressSchema).max(1000).optional(),
    except: z.array(emailAddressSchema).max(5000, /*i18n*/ 'At most 5000 addresses can be left out').optional(),
  })
  .refine((b) => b.sendToAll === true || (b.emails?.length ?? 0) > 0, { message: ADMIN_MESSAGES.noReregistrationRecipients });
export type Reregistration = z.infer<typeof reregistrationSchema>;

export const EMAIL_TEMPLATE_TYPES = ['welcome', 'reminder', 'subscription', 'updates', 'custom'] as const;
export type EmailTemplateType = (typeof EMAIL_TEMPLATE_TYPES)[number];

// --- the e-mail dashboard's lists, a page at a time, and sends chosen by a filter (docs/decisions/022, 023) ---

/** The recipient list's filter (spec part 2, 4) and its search by name or e-mail; the server applies both. */
export const emailRecipientsFilterSchema = z.object({
  status: z.enum(RECIPIENT_GROUPS, { error: /*i18n*/ 'Filter must be all, free-trial-active, free-trial-not-activated, subscribed or expired' }).default('all'),
  q: z.string().trim().max(100, /*i18n*/ 'Search text must be at most 100 characters').optional(),
});
export type EmailRecipientsFilter = z.infer<typeof emailRecipientsFilterSchema>;
/** GET /api/admin/medical-reps-with-subscription?limit&cursor&status&q */
export const emailRecipientsQuerySchema = pageQuerySchema.extend(emailRecipientsFilterSchema.shape);
export type EmailRecipientsQuery = z.infer<typeof emailRecipientsQuerySchema>;

const recipientIdSchema = z.number({ error: ADMIN_MESSAGES.noBulkRecipients }).int().positive();

/**
 * "Select All (count)": every rep the filter matches when the server sends, less the ones the admin unticked;
 * the ids never travel (docs/decisions/023).
 */
export const recipientSelectionSchema = z.object({
  all: z.literal(true),
  filter: emailRecipientsFilterSchema,
  except: z
    .array(recipientIdSchema)
    .max(BULK_EMAIL_MAX_RECIPIENTS, schemaMessage(/*i18n*/ { id: 'At most {max} recipients can be left out', values: { max: BULK_EMAIL_MAX_RECIPIENTS } }))
    .default([]),
});
export type RecipientSelection = z.infer<typeof recipientSelectionSchema>;

/** The message of a bulk e-mail: what the compose form checks. */
export const bulkEmailMessageSchema = z.object({
  subject: z
    .string({ error: ADMIN_MESSAGES.missingContentText })
    .trim()
    .min(1, ADMIN_MESSAGES.missingContentText)
    .max(SUBJECT_MAX, schemaMessage(/*i18n*/ { id: 'Subject must be at most {max} characters', values: { max: SUBJECT_MAX } })),
  content: z
    .string({ error: ADMIN_MESSAGES.missingContentText })
    .trim()
    .min(1, ADMIN_MESSAGES.missingContentText)
    .max(CONTENT_MAX, schemaMessage(/*i18n*/ { id: 'Content must be at most {max} characters', values: { max: CONTENT_MAX } })),
  templateType: z.enum(EMAIL_TEMPLATE_TYPES, { error: /*i18n*/ 'Template type must be welcome, reminder, subscription, updates or custom' }).default('custom'),
});

/** POST /api/admin/send-bulk-email: the ticked reps' ids, or a selection by filter; one of the two. */
export const bulkEmailSchema = bulkEmailMessageSchema
  .extend({
    recipientIds: z
      .array(recipientIdSchema, { error: ADMIN_MESSAGES.noBulkRecipients })
      .min(1, ADMIN_MESSAGES.noBulkRecipients)
      .max(BULK_EMAIL_MAX_RECIPIENTS, schemaMessage(/*i18n*/ { id: 'At most {max} recipients per send', values: { max: BULK_EMAIL_MAX_RECIPIENTS } }))
      .optional(),
    selection: recipientSelectionSchema.optional(),
  })
  .refine((b) => b.recipientIds !== undefined || b.selection !== undefined, { message: ADMIN_MESSAGES.noBulkRecipients, path: ['recipientIds'] })
  .refine((b) => b.recipientIds === undefined || b.selection === undefined, {
    message: /*i18n*/ 'Send either recipientIds or a selection, not both',
    path: ['selection'],
  });
export type BulkEmail = z.infer<typeof bulkEmailSchema>;

/** `{{name}}` becomes the recipient's name (spec part 2, 2.6). */
export const personalise = (text: string, name: string) => text.replace(/\{\{\s*name\s*\}\}/g, name);

// --- answers (spec part 2, 3: admin shapes) --------------------------------------------------------------
// The routes declare these as their response schemas, so the server sends exactly these keys and the
// dashboard's types are the same ones.

export const systemHealthSchema = z.enum(['healthy', 'degraded', 'critical']);
export type SystemHealth = z.infer<typeof systemHealthSchema>;

export const adminStatsSchema = z.object({
  totalClinics: z.number(),
  totalMedicalReps: z.number(),
  /** Pharma companies' accounts, and how many of them an admin has verified (docs/decisions/087). */
  totalCompanies: z.number(),
  verifiedCompanies: z.number(),
  totalAppointments: z.number(),
  activeSubscriptions: z.number(),
  systemHealth: systemHealthSchema,
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const adminUserSchema = z.object({
  id: z.number(),
  type: adminUserTypeSchema,
  name: z.string(),
  email: z.string(),
  status: z.string(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  state: z.string(),
  subscriptionStatus: z.string().nullable(),
  contact_person: z.string().nullable(),
  contact_number: z.string().nullable(),
  city: z.string().nullable(),
  created_at: z.string(),
  /** A company's only: whether an admin has verified it (docs/decisions/087). */
  verified: z.boolean().optional(),
  gstin: z.string().nullable().optional(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminDoctorSchema = z.object({
  /** The doctor-at-clinic link (one row per clinic a doctor practises at). */
  id: z.number(),
  doctor_id: z.number(),
  name: z.string(),
  specialty: z.string(),
  city: z.string(),
  state: z.string(),
  clinic_name: z.string(),
  clinic_email: z.string(),
  clinic_phone: z.string(),
  contact_person: z.string(),
});
export type AdminDoctor = z.infer<typeof adminDoctorSchema>;

export const adminAppointmentSchema = z.object({
  id: z.number(),
  appointment_date: z.string(),
  /** "HH:MM" with visiting hours, else null; token: the visit's place in the doctor's day (docs/decisions/039) */
  start_time: z.string().nullable(),
  token: z.number().nullable(),
  status: z.string(),
  /** why a cancelled visit was cancelled (a clinic's reason, an absence's), else null */
  cancel_reason: z.string().nullable(),
  doctor_name: z.string(),
  specialty: z.string(),
  clinic_name: z.string(),
  rep_name: z.string(),
  company: z.string(),
  rep_phone: z.string(),
  booked_at: z.string(),
});
export type AdminAppointment = z.infer<typeof adminAppointmentSchema>;

export const adminSubscriptionSchema = z.object({
  id: z.number(),
  full_name: z.string(),
  email: z.string(),
  company: z.string(),
  subscription_status: z.string(),
  subscription_id: z.string().nullable(),
  subscription_expires_at: z.string().nullable(),
  created_at: z.string(),
  /** The rep's latest refund, if any (docs/decisions/032). */
  refund: subscriptionRefundSchema.nullable(),
});
export type AdminSubscription = z.infer<typeof adminSubscriptionSchema>;

export const pendingRepSchema = z.object({
  id: z.number(),
  full_name: z.string(),
  email: z.string(),
  company: z.string(),
  state: z.string(),
  created_at: z.string(),
  token_expiry: z.string().nullable(),
});
export type PendingRep = z.infer<typeof pendingRepSchema>;

export const adminNotificationSchema = z.object({ id: z.number(), message: z.string(), createdAt: z.string() });
export type AdminNotification = z.infer<typeof adminNotificationSchema>;

export const emailRecipientSchema = z.object({
  id: z.number(),
  fullName: z.string(),
  email: z.string(),
  company: z.string(),
  state: z.string(),
  registrationDate: z.string(),
  subscriptionStatus: z.string(),
  subscriptionExpiresAt: z.string().nullable(),
  freeTrialUsed: z.boolean(),
  isActive: z.boolean(),
});
export type EmailRecipient = z.infer<typeof emailRecipientSchema>;

/**
 * A bulk or re-registration send's progress (docs/decisions/028-outbox.md): kept in the database, so any instance
 * answers it and it survives a restart. `pending` are queued, being sent or waiting to retry; `retrying` of them
 * wait after a failed attempt. `done` when every recipient's e-mail was sent or failed.
 */
export const emailJobSchema = z.object({
  jobId: z.string(),
  total: z.number(),
  sent: z.number(),
  failed: z.number(),
  pending: z.number(),
  retrying: z.number(),
  done: z.boolean(),
});
export type EmailJob = z.infer<typeof emailJobSchema>;

/** The delivery states an e-mail passes through (docs/decisions/028-outbox.md); `replaced`: a newer code went instead. */
export const EMAIL_STATES = ['queued', 'sending', 'sent', 'retrying', 'failed', 'replaced'] as const;

export const emailLogSchema = z.object({
  id: z.number(),
  status: z.string(),
  /** Delivery attempts so far, and when a retrying e-mail is tried next. */
  attempts: z.number(),
  next_attempt_at: z.string().nullable(),
  /** A failed e-mail whose text is kept: the admin can send it again. */
  retryable: z.boolean(),
  job_id: z.string().nullable(),
  queued_at: z.string(),
  recipient_name: z.string().nullable(),
  recipient_email: z.string(),
  subject: z.string(),
  error_message: z.string().nullable(),
  template_type: z.string(),
  email_service: z.string().nullable(),
  sent_at: z.string().nullable(),
  // The Messages history (docs/decisions/044): every channel of the outbox. `recipient_email` stays the account's
  // address for the record; a WhatsApp message also names its number and what WhatsApp reported of it.
  channel: messageChannelSchema,
  /** The WhatsApp number (international digits, no '+'); null for e-mail and push. */
  recipient_phone: z.string().nullable(),
  /** WhatsApp's latest report after the hand-over (sent, delivered, read, failed) and when; null before one, and for e-mail and push. */
  delivery_status: deliveryStatusSchema.nullable(),
  delivery_status_at: z.string().nullable(),
});
export type EmailLog = z.infer<typeof emailLogSchema>;

/** GET /api/admin/email-audit-logs?limit&cursor&channel: `channel` all (default), email, whatsapp or push. */
export const emailLogsQuerySchema = pageQuerySchema.extend({ channel: messageChannelFilterSchema });
export type EmailLogsQuery = z.infer<typeof emailLogsQuerySchema>;

export const emailStatsSchema = z.object({
  /** The spec's cards (sent, failed, last 24 hours), and what is still on its way: queued or sending, and retrying. The total is every row. */
  overview: z.object({
    total_emails: z.number(),
    sent_emails: z.number(),
    failed_emails: z.number(),
    last_24h: z.number(),
    queued_emails: z.number(),
    retrying_emails: z.number(),
    /** Codes a newer one replaced before they went out: listed, never owed. */
    replaced_emails: z.number(),
  }),
  templateStats: z.array(z.object({ template_type: z.string(), sent_count: z.number(), count: z.number() })),
  /** Every channel's counts (docs/decisions/044); `overview` and `templateStats` stay the e-mails' alone. */
  byChannel: z.object({ email: channelStatsSchema, whatsapp: channelStatsSchema, push: channelStatsSchema }),
});
export type EmailStats = z.infer<typeof emailStatsSchema>;

export const adminAnalyticsSchema = z.object({
  overview: z.object({ totalUsers: z.number(), totalReps: z.number(), totalClinics: z.number(), totalDoctors: z.number(), totalAppointments: z.number() }),
  /** `active` is the stats' activeSubscriptions (free trials included); `freeTrials` are part of it (docs/decisions/035). */
  subscriptions: z.object({ active: z.number(), freeTrials: z.number(), expiredOrCancelled: z.number() }),
  /** Appointments booked per IST day, the last 30 days oldest first (every day present). */
  appointmentsPerDay: z.array(z.object({ date: z.string(), count: z.number() })),
  /** Bookings by the clinic's state, most first. */
  bookingsByState: z.array(z.object({ state: z.string(), count: z.number() })),
  /** Reps by subscription status as shown (a lapsed active kind counts as expired). */
  subscriptionsByStatus: z.array(z.object({ status: z.string(), count: z.number() })),
  /**
   * The visits dated from `from` to `to` (the 30 days before today, inclusive) that were not cancelled, and the share of
   * them completed and marked no-show (docs/decisions/041); a rate is 0 to 1, null when there was no such visit.
   */
  visitOutcomes: z.object({
    from: z.string(),
    to: z.string(),
    visits: z.number(),
    completed: z.number(),
    noShow: z.number(),
    completionRate: z.number().nullable(),
    noShowRate: z.number().nullable(),
  }),
});
export type AdminAnalytics = z.infer<typeof adminAnalyticsSchema>;

// --- whole answers of the admin calls -------------------------------------------------------------------

/** GET /api/admin/session */
export const adminSessionResponseSchema = z.object({ authenticated: z.literal(true) });
export type AdminSessionResponse = z.infer<typeof adminSessionResponseSchema>;

/** GET /api/admin/notifications/active: the rep dashboard's banner, null when none. */
export const activeNotificationResponseSchema = z.object({ notification: adminNotificationSchema.nullable() });
export type ActiveNotificationResponse = z.infer<typeof activeNotificationResponseSchema>;

/** POST /api/admin/notifications */
export const broadcastResponseSchema = z.object({ message: z.string(), notification: adminNotificationSchema });
export type BroadcastResponse = z.infer<typeof broadcastResponseSchema>;

// --- the four admin lists, a page at a time (docs/decisions/022) ------------------------------------------
// The screens' filters and searches are the server's: each list takes them with `limit` and `cursor`, and its CSV
// export takes the same filters. The first page (no cursor) carries `total`, the rows matching the filters, and
// `overall`, every row of the list with the filters aside (the tabs' "Showing X of Y", docs/decisions/052).

/** An empty field of a filter form is no filter. */
const blankIsMissing = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
const searchText = blankIsMissing(z.string().trim().max(100, /*i18n*/ 'Search text must be at most 100 characters'));
const filterDate = blankIsMissing(z.string().refine(isIsoDate, /*i18n*/ 'Please give the date as yyyy-mm-dd.'));

/** Medical Reps and Clinics tabs (spec part 2, 2.5): one kind, searched by name or e-mail (a clinic also by contact person). */
export const adminUsersFilterSchema = z.object({ type: blankIsMissing(adminUserTypeSchema), q: searchText });
export type AdminUsersFilter = z.infer<typeof adminUsersFilterSchema>;
/** GET /api/admin/users?limit&cursor&type&q */
export const adminUsersQuerySchema = pageQuerySchema.extend(adminUsersFilterSchema.shape);

/** Doctors tab: doctor name, specialty, clinic name or clinic e-mail containing the text. */
export const adminDoctorsFilterSchema = z.object({ q: searchText });
export type AdminDoctorsFilter = z.infer<typeof adminDoctorsFilterSchema>;
/** GET /api/admin/doctors?limit&cursor&q. Its cursor holds a doctor's name (up to 4 bytes a character in UTF-8), so it may be longer. */
export const adminDoctorsQuerySchema = pageQuerySchema.extend({ ...adminDoctorsFilterSchema.shape, cursor: z.string().min(1).max(1024).optional() });

/** Appointments tab (spec part 2, 2.5): doctor name, from date, to date (appointment dates, inclusive) and status. */
export const adminAppointmentsFilterSchema = z.object({
  doctor: searchText,
  from: filterDate,
  to: filterDate,
  // Every status a visit can have, no_show too (docs/decisions/041).
  status: blankIsMissing(z.enum(VISIT_STATUSES, { error: /*i18n*/ 'Status must be booked, confirmed, completed, no_show or cancelled' })),
});
export type AdminAppointmentsFilter = z.infer<typeof adminAppointmentsFilterSchema>;
/** GET /api/admin/appointments?limit&cursor&doctor&from&to&status */
export const adminAppointmentsQuerySchema = pageQuerySchema.extend(adminAppointmentsFilterSchema.shape);

/** Subscriptions tab: rep name or e-mail containing the text. */
export const adminSubscriptionsFilterSchema = z.object({ q: searchText });
export type AdminSubscriptionsFilter = z.infer<typeof adminSubscriptionsFilterSchema>;
/** GET /api/admin/subscriptions?limit&cursor&q */
export const adminSubscriptionsQuerySchema = pageQuerySchema.extend(adminSubscriptionsFilterSchema.shape);

/** GET /api/admin/users: the reps newest first, then the clinics newest first; `total` on the first page. */
export const adminUsersResponseSchema = z.object({
  users: z.array(adminUserSchema),
  nextCursor: nextCursorSchema,
  total: listTotalSchema.optional(),
  overall: listTotalSchema.optional(),
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

/** PATCH /api/admin/users/{id}/status: the status the account now has. */
export const userStatusResponseSchema = z.object({ status: z.enum(['active', 'inactive']), message: z.string() });
export type UserStatusResponse = z.infer<typeof userStatusResponseSchema>;

/** PATCH /api/admin/companies/{id}/verification: an admin marks a company verified, or takes the mark back (decision 087). */
export const companyVerificationSchema = z.object({ verified: z.boolean({ error: /*i18n*/ 'Verified must be true or false' }) });
export type CompanyVerification = z.infer<typeof companyVerificationSchema>;
export const companyVerificationResponseSchema = z.object({ verified: z.boolean(), message: z.string() });
export type CompanyVerificationResponse = z.infer<typeof companyVerificationResponseSchema>;

/** GET /api/admin/subscriptions: the reps newest first; `total` on the first page. */
export const adminSubscriptionsResponseSchema = z.object({
  subscriptions: z.array(adminSubscriptionSchema),
  nextCursor: nextCursorSchema,
  total: listTotalSchema.optional(),
  overall: listTotalSchema.optional(),
});
export type AdminSubscriptionsResponse = z.infer<typeof adminSubscriptionsResponseSchema>;

/** GET /api/admin/pending-medical-reps?limit&cursor: newest first; `total` on the first page. */
export const pendingRepsResponseSchema = z.object({ pendingReps: z.array(pendingRepSchema), nextCursor: nextCursorSchema, total: listTotalSchema.optional() });
export type PendingRepsResponse = z.infer<typeof pendingRepsResponseSchema>;

/** GET /api/admin/doctors: by doctor name, then doctor, then link; `total` on the first page. */
export const adminDoctorsResponseSchema = z.object({
  doctors: z.array(adminDoctorSchema),
  nextCursor: nextCursorSchema,
  total: listTotalSchema.optional(),
  overall: listTotalSchema.optional(),
});
export type AdminDoctorsResponse = z.infer<typeof adminDoctorsResponseSchema>;

/** GET /api/admin/appointments: latest appointment date first, then latest id; `total` on the first page. */
export const adminAppointmentsResponseSchema = z.object({
  appointments: z.array(adminAppointmentSchema),
  nextCursor: nextCursorSchema,
  total: listTotalSchema.optional(),
  overall: listTotalSchema.optional(),
});
export type AdminAppointmentsResponse = z.infer<typeof adminAppointmentsResponseSchema>;

/** POST /api/admin/send-reregistration-emails */
/** `sent`: e-mails accepted for sending (the job delivers them; its progress is at /api/admin/email-jobs/:jobId). */
export const reregistrationResponseSchema = z.object({ jobId: z.string(), sent: z.number(), failed: z.number(), skipped: z.number(), message: z.string() });
export type ReregistrationResponse = z.infer<typeof reregistrationResponseSchema>;

/** GET /api/admin/medical-reps-with-subscription: newest first; `total` (the filter's, exact) on the first page. */
export const emailRecipientsResponseSchema = z.object({
  medicalReps: z.array(emailRecipientSchema),
  nextCursor: nextCursorSchema,
  total: listTotalSchema.optional(),
});
export type EmailRecipientsResponse = z.infer<typeof emailRecipientsResponseSchema>;

/** POST /api/admin/send-bulk-email: 202 with the job to follow. */
/** POST /api/admin/email-audit-logs/:id/retry and /api/admin/email-jobs/:jobId/retry-failed. */
export const emailRetryResponseSchema = z.object({ retried: z.number(), message: z.string() });
export type EmailRetryResponse = z.infer<typeof emailRetryResponseSchema>;

export const bulkEmailQueuedResponseSchema = z.object({ jobId: z.string(), sent: z.number(), queued: z.number(), message: z.string() });
export type BulkEmailQueuedResponse = z.infer<typeof bulkEmailQueuedResponseSchema>;

/** GET /api/admin/email-audit-logs?limit&cursor&channel: newest first, every channel unless `channel` names one. */
export const emailLogsResponseSchema = z.object({ logs: z.array(emailLogSchema), nextCursor: nextCursorSchema });
export type EmailLogsResponse = z.infer<typeof emailLogsResponseSchema>;
