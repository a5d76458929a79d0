import { z } from 'zod';

/*
 * Wire contracts of the admin dashboard and the admin e-mail dashboard (spec part 2, sections 2.5, 2.6, 3, 4,
 * 5, 7 "Admin" and 8; issue 7). The spec's messages live here so the server and the screens say the same.
 */

export const ADMIN_MESSAGES = {
  invalidCredentials: 'Invalid admin credentials',
  accessDenied: 'Access Denied',
  authRequired: 'Admin authentication required',
  adminOff: 'The admin side is off. Set ADMIN_PASSWORD to turn it on.',
  passwordRequired: 'Please enter the admin password',
  authenticated: 'Admin authenticated',
  loggedOut: 'Logged out',
  broadcastEmpty: 'Please enter a message to broadcast',
  broadcastTooLong: 'Message must be at most 500 characters',
  broadcastSent: 'Notification sent to all medical representatives',
  broadcastFailed: 'Failed to send notification',
  broadcastCleared: 'Announcement cleared',
  noRecipients: 'No Recipients',
  noReregistrationRecipients: 'Please select recipients or enter email addresses',
  invalidEmails: 'Invalid Emails',
  invalidEmailsText: 'Please enter valid email addresses',
  reregistrationFailed: 'Failed to send re-registration emails',
  noBulkRecipients: 'Please select at least one medical representative',
  missingContent: 'Missing Content',
  missingContentText: 'Please provide both subject and email content',
  sendEmailsFailed: 'Failed to send emails. Please try again.',
  loadRepsFailed: 'Failed to load medical representatives',
  loadHistoryFailed: 'Failed to load email history',
  restartFailed: 'Restart Failed',
  restarting: 'Server restart initiated. The server will be back in a few seconds.',
  deleteFailed: 'Delete Failed',
  userNotFound: 'User not found',
  doctorNotFound: 'Doctor not found',
  appointmentNotFound: 'Appointment not found',
  jobNotFound: 'Email job not found',
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

export const adminUserTypeSchema = z.enum(['medrep', 'clinic'], { error: 'User type must be medrep or clinic' });
export type AdminUserType = z.infer<typeof adminUserTypeSchema>;

export const idParamSchema = z.object({
  id: z.coerce.number({ error: 'Invalid id' }).int('Invalid id').positive('Invalid id').max(2_147_483_647, 'Invalid id'),
});

export const deleteUserSchema = z.object({ userType: adminUserTypeSchema });

/** PATCH /api/admin/users/{id}/status: `status` is the target; without it the account toggles (spec part 2, 4). */
export const updateUserStatusSchema = z.object({
  userType: adminUserTypeSchema,
  status: z.enum(['active', 'inactive'], { error: 'Status must be active or inactive' }).optional(),
});

/** spec part 2, 5: trimmed, non-empty, at most 500 characters. */
export const broadcastSchema = z.object({
  message: z
    .string({ error: ADMIN_MESSAGES.broadcastEmpty })
    .trim()
    .min(1, ADMIN_MESSAGES.broadcastEmpty)
    .max(BROADCAST_MAX, ADMIN_MESSAGES.broadcastTooLong),
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

export const reregistrationSchema = z
  .object({
    sendToAll: z.boolean().optional(),
    emails: z.array(z.string().trim().max(254).regex(SIMPLE_EMAIL, ADMIN_MESSAGES.invalidEmailsText)).max(1000).optional(),
  })
  .refine((b) => b.sendToAll === true || (b.emails?.length ?? 0) > 0, { message: ADMIN_MESSAGES.noReregistrationRecipients });
export type Reregistration = z.infer<typeof reregistrationSchema>;

export const EMAIL_TEMPLATE_TYPES = ['welcome', 'reminder', 'subscription', 'updates', 'custom'] as const;
export type EmailTemplateType = (typeof EMAIL_TEMPLATE_TYPES)[number];

export const bulkEmailSchema = z.object({
  recipientIds: z
    .array(z.number({ error: ADMIN_MESSAGES.noBulkRecipients }).int().positive(), { error: ADMIN_MESSAGES.noBulkRecipients })
    .min(1, ADMIN_MESSAGES.noBulkRecipients)
    .max(BULK_EMAIL_MAX_RECIPIENTS, `At most ${BULK_EMAIL_MAX_RECIPIENTS} recipients per send`),
  subject: z.string({ error: ADMIN_MESSAGES.missingContentText }).trim().min(1, ADMIN_MESSAGES.missingContentText).max(SUBJECT_MAX, `Subject must be at most ${SUBJECT_MAX} characters`),
  content: z.string({ error: ADMIN_MESSAGES.missingContentText }).trim().min(1, ADMIN_MESSAGES.missingContentText).max(CONTENT_MAX, `Content must be at most ${CONTENT_MAX} characters`),
  templateType: z.enum(EMAIL_TEMPLATE_TYPES, { error: 'Template type must be welcome, reminder, subscription, updates or custom' }).default('custom'),
});
export type BulkEmail = z.infer<typeof bulkEmailSchema>;

/** `{{name}}` becomes the recipient's name (spec part 2, 2.6). */
export const personalise = (text: string, name: string) => text.replace(/\{\{\s*name\s*\}\}/g, name);

// --- answers (spec part 2, 3: admin shapes) --------------------------------------------------------------

export type SystemHealth = 'healthy' | 'degraded' | 'critical';

export interface AdminStats {
  totalClinics: number;
  totalMedicalReps: number;
  totalAppointments: number;
  activeSubscriptions: number;
  systemHealth: SystemHealth;
}

export interface AdminUser {
  id: number;
  type: AdminUserType;
  name: string;
  email: string;
  status: string;
  company: string | null;
  phone: string | null;
  state: string;
  subscriptionStatus: string | null;
  contact_person: string | null;
  contact_number: string | null;
  city: string | null;
  created_at: string;
}

export interface AdminDoctor {
  /** The doctor-at-clinic link (one row per clinic a doctor practises at). */
  id: number;
  doctor_id: number;
  name: string;
  specialty: string;
  city: string;
  state: string;
  clinic_name: string;
  clinic_email: string;
  clinic_phone: string;
  contact_person: string;
}

export interface AdminAppointment {
  id: number;
  appointment_date: string;
  status: string;
  doctor_name: string;
  specialty: string;
  clinic_name: string;
  rep_name: string;
  company: string;
  rep_phone: string;
  booked_at: string;
}

export interface AdminSubscription {
  id: number;
  full_name: string;
  email: string;
  company: string;
  subscription_status: string;
  subscription_id: string | null;
  subscription_expires_at: string | null;
  created_at: string;
}

export interface PendingRep {
  id: number;
  full_name: string;
  email: string;
  company: string;
  state: string;
  created_at: string;
  token_expiry: string | null;
}

export interface AdminNotification {
  id: number;
  message: string;
  createdAt: string;
}

export interface EmailRecipient {
  id: number;
  fullName: string;
  email: string;
  company: string;
  state: string;
  registrationDate: string;
  subscriptionStatus: string;
  subscriptionExpiresAt: string | null;
  freeTrialUsed: boolean;
  isActive: boolean;
}

export interface EmailJob {
  jobId: string;
  total: number;
  sent: number;
  failed: number;
  done: boolean;
}

export interface EmailLog {
  id: number;
  status: string;
  recipient_name: string | null;
  recipient_email: string;
  subject: string;
  error_message: string | null;
  template_type: string;
  email_service: string;
  sent_at: string;
}

export interface EmailStats {
  overview: { total_emails: number; sent_emails: number; failed_emails: number; last_24h: number };
  templateStats: { template_type: string; sent_count: number; count: number }[];
}

export interface AdminAnalytics {
  overview: { totalUsers: number; totalReps: number; totalClinics: number; totalDoctors: number; totalAppointments: number };
  subscriptions: { active: number; freeTrials: number; expiredOrCancelled: number };
  /** Appointments booked per IST day, the last 30 days oldest first (every day present). */
  appointmentsPerDay: { date: string; count: number }[];
  /** Bookings by the clinic's state, most first. */
  bookingsByState: { state: string; count: number }[];
  /** Reps by subscription status as shown (a lapsed active kind counts as expired). */
  subscriptionsByStatus: { status: string; count: number }[];
}
