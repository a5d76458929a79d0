import { z } from 'zod';

// The DPDP Act 2023 rights of reps and clinics: a copy of everything held about the account, and erasure
// confirmed by an e-mailed code. Instants are ISO strings; a missing one is null.

/** POST /api/account/delete/confirm */
export const confirmAccountDeletionSchema = z.object({
  code: z
    .string({ error: /*i18n*/ 'Please enter the 6-digit code' })
    .trim()
    .regex(/^\d{6}$/, /*i18n*/ 'Please enter the 6-digit code'),
});
export type ConfirmAccountDeletion = z.infer<typeof confirmAccountDeletionSchema>;

const instant = z.string().nullable();

const exportCommonShape = {
  exportedAt: z.string(),
  controller: z.object({ name: z.string(), address: z.string(), email: z.string(), grievanceOfficer: z.string() }),
  terms: z.object({ accepted: z.boolean(), version: z.string().nullable(), acceptedAt: instant }),
  sessions: z.array(
    z.object({
      signedInAt: instant,
      lastSeenAt: instant,
      expiresAt: instant,
      rememberMe: z.boolean(),
      ipAddress: z.string().nullable(),
      device: z.string().nullable(),
    }),
  ),
  emailsSent: z.array(z.object({ subject: z.string(), kind: z.string(), status: z.string(), sentAt: instant })),
};

/** The WhatsApp consents and opt-outs recorded for the account, with the words shown (docs/decisions/044). */
const whatsappConsentsShape = z.array(z.object({ phone: z.string(), action: z.string(), wording: z.string().nullable(), source: z.string(), at: instant }));

const repExportSchema = z.object({
  ...exportCommonShape,
  accountType: z.literal('medical_rep'),
  profile: z.object({
    id: z.number(),
    fullName: z.string(),
    email: z.string(),
    phone: z.string(),
    company: z.string(),
    state: z.string(),
    status: z.string(),
    emailVerified: z.boolean(),
    deviceFingerprint: z.string().nullable(),
    createdAt: instant,
    updatedAt: instant,
    passwordChangedAt: instant,
  }),
  subscription: z.object({
    status: z.string(),
    subscriptionId: z.string().nullable(),
    expiresAt: instant,
    freeTrialUsedAt: instant,
    orders: z.array(
      z.object({
        orderId: z.string(),
        plan: z.string(),
        amountPaise: z.number(),
        currency: z.string(),
        status: z.string(),
        paymentId: z.string().nullable(),
        createdAt: instant,
        paidAt: instant,
        amountRefundedPaise: z.number(),
        refundedAt: instant,
      }),
    ),
  }),
  notifications: z.object({
    email: z.boolean(),
    push: z.boolean(),
    renewalReminders: z.boolean(),
    pushSubscribedDevice: z.boolean(),
    calendarFeedActive: z.boolean(),
    /** The WhatsApp number messages go to, null when off (docs/decisions/044) */
    whatsappNumber: z.string().nullable(),
  }),
  whatsappConsents: whatsappConsentsShape,
  /** The rep's waitlist places (docs/decisions/043) */
  waitlist: z.array(z.object({ date: z.string(), doctor: z.string().nullable(), clinic: z.string().nullable(), status: z.string(), joinedAt: instant })),
  appointments: z.array(
    z.object({
      id: z.number(),
      date: z.string(),
      /** "HH:MM" with visiting hours, else null (docs/decisions/039) */
      startTime: z.string().nullable(),
      status: z.string(),
      doctor: z.string().nullable(),
      clinic: z.string().nullable(),
      city: z.string().nullable(),
      cancellationReason: z.string().nullable(),
      bookedAt: instant,
      /** When the rep checked in at reception, null if not (docs/decisions/041) */
      checkedInAt: instant,
    }),
  ),
});

const clinicExportSchema = z.object({
  ...exportCommonShape,
  accountType: z.literal('clinic'),
  profile: z.object({
    id: z.number(),
    clinicName: z.string(),
    contactPerson: z.string(),
    email: z.string(),
    contactNumber: z.string(),
    state: z.string(),
    city: z.string(),
    status: z.string(),
    emailVerified: z.boolean(),
    deviceFingerprint: z.string().nullable(),
    createdAt: instant,
    updatedAt: instant,
  }),
  preferences: z.object({ emailNotifications: z.boolean(), smsNotifications: z.boolean(), whatsappNumber: z.string().nullable() }),
  whatsappConsents: whatsappConsentsShape,
  doctors: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      specialty: z.string(),
      callSettings: z
        .object({
          maxSlots: z.number(),
          callFrequency: z.number(),
          availableDays: z.record(z.string(), z.boolean()),
          visitWindows: z.array(z.object({ start: z.string(), end: z.string() })),
          slotMinutes: z.number(),
        })
        .nullable(),
    }),
  ),
  appointments: z.array(
    z.object({
      id: z.number(),
      date: z.string(),
      /** "HH:MM" with visiting hours, else null (docs/decisions/039) */
      startTime: z.string().nullable(),
      status: z.string(),
      doctor: z.string().nullable(),
      rep: z.string().nullable(),
      company: z.string().nullable(),
      cancellationReason: z.string().nullable(),
    }),
  ),
  /** The planned absences the clinic entered, ended ones too (docs/decisions/040); doctor null: the whole clinic. */
  absences: z.array(
    z.object({
      from: z.string(),
      to: z.string(),
      doctor: z.string().nullable(),
      reason: z.string(),
      createdAt: instant,
      endedAt: instant,
    }),
  ),
  /** The clinic's Activity log, oldest first: who of the clinic changed what, and when (docs/decisions/075). */
  activity: z.array(
    z.object({
      at: z.string(),
      actor: z.object({ kind: z.string(), name: z.string() }),
      action: z.string(),
      target: z.string().nullable(),
      details: z.record(z.string(), z.unknown()).nullable(),
    }),
  ),
});

/** GET /api/account/export: the JSON file of the right to access. */
export const accountExportSchema = z.discriminatedUnion('accountType', [repExportSchema, clinicExportSchema]);
export type AccountExport = z.infer<typeof accountExportSchema>;
