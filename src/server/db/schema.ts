import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Spec part 1, section 3: the stored entities. Calendar dates are SQL `date` (Indian calendar days);
// instants are `timestamptz`. Codes and tokens are stored only as hashes.

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();
const updatedAt = () => ts('updated_at').notNull().defaultNow();
/**
 * The admin searches' trigram indexes on tables that take few writes (docs/decisions/022) are written at each insert
 * instead of through GIN's pending list: only (auto)vacuum empties that list, the embedded database never runs it,
 * and a long pending list makes the planner pass the index by.
 */
const TRIGRAM_INDEX = { fastupdate: false };

/** Legacy admin users table of the spec (id, username, password). Kept; the gate uses ADMIN_PASSWORD, then `admins` (decision 042). */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  password: text('password').notNull(),
});

export const clinicUsers = pgTable(
  'clinic_users',
  {
    id: serial('id').primaryKey(),
    clinicName: text('clinic_name').notNull(),
    contactPerson: text('contact_person').notNull(),
    state: text('state').notNull(),
    city: text('city').notNull(),
    contactNumber: text('contact_number').notNull(),
    email: text('email').notNull(),
    password: text('password').notNull(),
    /** The account's language (docs/decisions/045): its e-mails, reminders, pushes and answers come in it; null until chosen. */
    language: text('language'),
    emailVerified: boolean('email_verified').notNull().default(false),
    verificationOtp: text('verification_otp'),
    otpExpiry: ts('otp_expiry'),
    otpAttempts: integer('otp_attempts').notNull().default(0),
    deviceFingerprint: text('device_fingerprint'),
    /** SHA-256 of the verification link the account was made from: opened again, it says 'already verified' (docs/decisions/036). */
    verifiedLinkHash: text('verified_link_hash'),
    termsAccepted: boolean('terms_accepted').notNull().default(false),
    termsAcceptedAt: ts('terms_accepted_at'),
    termsVersion: text('terms_version'),
    status: text('status').notNull().default('active'), // active | inactive
    emailNotifications: boolean('email_notifications').notNull().default(true),
    smsNotifications: boolean('sms_notifications').notNull().default(false),
    /** The number WhatsApp messages go to, international form without '+' (e.g. 919876543210); null: WhatsApp off (docs/decisions/044). */
    whatsappNumber: text('whatsapp_number'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('clinic_users_email_uq').on(sql`lower(${t.email})`),
    uniqueIndex('clinic_users_contact_number_uq').on(t.contactNumber),
    // A STOP reply finds every account with its number (docs/decisions/044).
    index('clinic_users_whatsapp_number_idx')
      .on(t.whatsappNumber)
      .where(sql`whatsapp_number is not null`),
    index('clinic_users_state_city_idx').on(t.state, t.city),
    index('clinic_users_verified_link_idx').on(t.verifiedLinkHash),
    // The admin Clinics search: name, e-mail or contact person containing the text (docs/decisions/022).
    index('clinic_users_clinic_name_trgm_idx').using('gin', t.clinicName.op('gin_trgm_ops')).with(TRIGRAM_INDEX),
    index('clinic_users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')).with(TRIGRAM_INDEX),
    index('clinic_users_contact_person_trgm_idx').using('gin', t.contactPerson.op('gin_trgm_ops')).with(TRIGRAM_INDEX),
  ],
);

/**
 * The e-mailed link of a pending registration that a later registration of the same address replaced, with the
 * details that registration was made with: the link still finishes the registration whose mail it was, not the
 * later one (docs/decisions/051).
 */
export interface EarlierRegistrationLink {
  tokenHash: string;
  /** ISO instant */
  tokenExpiry: string;
  details: Record<string, string | null>;
}

export const pendingClinicUsers = pgTable(
  'pending_clinic_users',
  {
    id: serial('id').primaryKey(),
    clinicName: text('clinic_name').notNull(),
    contactPerson: text('contact_person').notNull(),
    state: text('state').notNull(),
    city: text('city').notNull(),
    contactNumber: text('contact_number').notNull(),
    email: text('email').notNull(),
    password: text('password').notNull(),
    deviceFingerprint: text('device_fingerprint'),
    verificationOtp: text('verification_otp').notNull(),
    otpExpiry: ts('otp_expiry').notNull(),
    otpAttempts: integer('otp_attempts').notNull().default(0),
    verifyTokenHash: text('verify_token_hash'),
    verifyTokenExpiry: ts('verify_token_expiry'),
    /** SHA-256 of the token the registering browser keeps: the code works only there (docs/decisions/030). */
    registrationTokenHash: text('registration_token_hash'),
    /** Links of registrations of this address this one replaced, each with its details (docs/decisions/051). */
    earlierLinks: jsonb('earlier_links').$type<EarlierRegistrationLink[]>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('pending_clinic_users_email_uq').on(sql`lower(${t.email})`),
    index('pending_clinic_users_contact_number_idx').on(t.contactNumber),
    index('pending_clinic_users_token_idx').on(t.verifyTokenHash),
  ],
);

export const medicalReps = pgTable(
  'medical_reps',
  {
    id: serial('id').primaryKey(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    company: text('company').notNull(),
    state: text('state').notNull(),
    password: text('password').notNull(),
    deviceFingerprint: text('device_fingerprint'),
    /** The account's language (docs/decisions/045): its e-mails, reminders, pushes and answers come in it; null until chosen. */
    language: text('language'),
    emailVerified: boolean('email_verified').notNull().default(false),
    verificationOtp: text('verification_otp'),
    otpExpiry: ts('otp_expiry'),
    otpAttempts: integer('otp_attempts').notNull().default(0),
    /** SHA-256 of the verification link the account was made from: opened again, it says 'already verified' (docs/decisions/036). */
    verifiedLinkHash: text('verified_link_hash'),
    subscriptionId: text('subscription_id'),
    subscriptionStatus: text('subscription_status').notNull().default('inactive'),
    subscriptionExpiresAt: ts('subscription_expires_at'),
    freeTrialUsedAt: ts('free_trial_used_at'),
    resetToken: text('reset_token'),
    resetTokenExpires: ts('reset_token_expires'),
    termsAccepted: boolean('terms_accepted').notNull().default(false),
    termsAcceptedAt: ts('terms_accepted_at'),
    termsVersion: text('terms_version'),
    pushSubscription: jsonb('push_subscription'),
    status: text('status').notNull().default('active'), // active | inactive
    emailNotifications: boolean('email_notifications').notNull().default(true),
    // Each reminder kind can be turned off; the calendar feed token is stored hashed.
    pushNotifications: boolean('push_notifications').notNull().default(true),
    renewalReminders: boolean('renewal_reminders').notNull().default(true),
    /** The number WhatsApp messages go to, international form without '+' (e.g. 919876543210); null: WhatsApp off (docs/decisions/044). */
    whatsappNumber: text('whatsapp_number'),
    calendarFeedTokenHash: text('calendar_feed_token_hash').unique(),
    calendarFeedCreatedAt: ts('calendar_feed_created_at'),
    passwordChangedAt: ts('password_changed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('medical_reps_email_uq').on(sql`lower(${t.email})`),
    uniqueIndex('medical_reps_phone_uq').on(t.phone),
    index('medical_reps_whatsapp_number_idx')
      .on(t.whatsappNumber)
      .where(sql`whatsapp_number is not null`),
    index('medical_reps_verified_link_idx').on(t.verifiedLinkHash),
    // The admin Medical Reps and Subscriptions searches: name or e-mail containing the text (docs/decisions/022).
    index('medical_reps_full_name_trgm_idx').using('gin', t.fullName.op('gin_trgm_ops')),
    index('medical_reps_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    // The admin's subscription counts read this index alone (docs/decisions/024-admin-stats-summaries.md).
    index('medical_reps_subscription_idx').on(t.subscriptionStatus, t.subscriptionExpiresAt),
    // The three above also serve the e-mail dashboard's recipient search and groups (docs/decisions/023).
  ],
);

export const pendingMedicalReps = pgTable(
  'pending_medical_reps',
  {
    id: serial('id').primaryKey(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    company: text('company').notNull(),
    state: text('state').notNull(),
    password: text('password').notNull(),
    deviceFingerprint: text('device_fingerprint'),
    verificationOtp: text('verification_otp').notNull(),
    otpExpiry: ts('otp_expiry').notNull(),
    otpAttempts: integer('otp_attempts').notNull().default(0),
    verifyTokenHash: text('verify_token_hash'),
    verifyTokenExpiry: ts('verify_token_expiry'),
    /** SHA-256 of the token the registering browser keeps: the code works only there (docs/decisions/030). */
    registrationTokenHash: text('registration_token_hash'),
    /** Links of registrations of this address this one replaced, each with its details (docs/decisions/051). */
    earlierLinks: jsonb('earlier_links').$type<EarlierRegistrationLink[]>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('pending_medical_reps_email_uq').on(sql`lower(${t.email})`),
    index('pending_medical_reps_phone_idx').on(t.phone),
    index('pending_medical_reps_token_idx').on(t.verifyTokenHash),
  ],
);

/**
 * A doctor is one person, whatever the number of clinics he practises at (docs/decisions/001-one-doctor-many-clinics.md).
 * The spec's clinic_doctors rows are the links below.
 */
export const doctors = pgTable(
  'doctors',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    specialty: text('specialty').notNull(),
    state: text('state').notNull(),
    city: text('city').notNull(),
    createdByClinicId: integer('created_by_clinic_id').references(() => clinicUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('doctors_state_city_specialty_idx').on(t.state, t.city, t.specialty),
    // The admin Doctors list in name order, a page at a time, and the Appointments doctor filter (docs/decisions/022).
    index('doctors_name_id_idx').on(t.name, t.id),
    index('doctors_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')).with(TRIGRAM_INDEX),
  ],
);

/** spec clinic_doctors: a doctor linked to a clinic; originalDoctorId is the shared doctor. */
export const clinicDoctors = pgTable(
  'clinic_doctors',
  {
    id: serial('id').primaryKey(),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinicUsers.id, { onDelete: 'cascade' }),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => doctors.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('clinic_doctors_clinic_doctor_uq').on(t.clinicId, t.doctorId), index('clinic_doctors_doctor_idx').on(t.doctorId)],
);

export const clinicDoctorSettings = pgTable(
  'clinic_doctor_settings',
  {
    id: serial('id').primaryKey(),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinicUsers.id, { onDelete: 'cascade' }),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => doctors.id, { onDelete: 'cascade' }),
    doctorName: text('doctor_name').notNull(),
    maxSlots: integer('max_slots').notNull().default(3),
    callFrequency: integer('call_frequency').notNull().default(7),
    availableDays: jsonb('available_days').$type<Record<string, boolean>>().notNull(),
    /** Visiting hours, the same on every available weekday; [] is the whole day (docs/decisions/039). */
    visitWindows: jsonb('visit_windows').$type<{ start: string; end: string }[]>().notNull().default([]),
    slotMinutes: integer('slot_minutes').notNull().default(15),
    /** The clinic confirms each new booking: 'booked' reads 'Awaiting confirmation' to the rep (docs/decisions/041). */
    requiresApproval: boolean('requires_approval').notNull().default(false),
    /** The clinic lets the doctor's own login edit these settings (docs/decisions/073-doctor-accounts.md). */
    doctorManagesSettings: boolean('doctor_manages_settings').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('clinic_doctor_settings_clinic_doctor_uq').on(t.clinicId, t.doctorId),
    check('clinic_doctor_settings_slot_minutes_ck', sql`${t.slotMinutes} between 5 and 60`),
  ],
);

export const doctorAppointments = pgTable(
  'doctor_appointments',
  {
    id: serial('id').primaryKey(),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => doctors.id, { onDelete: 'cascade' }),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinicUsers.id, { onDelete: 'cascade' }),
    repId: integer('rep_id')
      .notNull()
      .references(() => medicalReps.id, { onDelete: 'cascade' }),
    appointmentDate: date('appointment_date', { mode: 'string' }).notNull(),
    /** "HH:MM" (Indian time) when the doctor has visiting hours there; null for a whole-day visit (decision 039). */
    startTime: text('start_time'),
    status: text('status').notNull().default('booked'), // booked | confirmed | completed | no_show | cancelled
    cancelReason: text('cancel_reason'),
    cancelledBy: text('cancelled_by'), // rep | clinic | admin | system
    cancelledAt: ts('cancelled_at'),
    /** When the clinic confirmed the visit (docs/decisions/041). */
    confirmedAt: ts('confirmed_at'),
    /**
     * The doctor's 'Confirm each booking' was on when this visit was booked (or moved): while 'booked' it reads
     * 'Awaiting confirmation'. Per visit, so ticking the box later changes no visit booked before (decision 053).
     */
    awaitsConfirmation: boolean('awaits_confirmation').notNull().default(false),
    /** When the rep checked in at reception with the clinic's code: the instant the code was typed, also offline. */
    checkedInAt: ts('checked_in_at'),
    /** When that check-in reached the server: later than checked_in_at for one typed offline (docs/decisions/046). */
    checkInReceivedAt: ts('check_in_received_at'),
    /** When the visit was marked completed or no-show, and by whom: clinic | system (the end-of-day close). */
    outcomeAt: ts('outcome_at'),
    outcomeBy: text('outcome_by'),
    /** When the doctor called this visit in (Call next; docs/decisions/074-live-queue.md): the visit in the room. */
    calledAt: ts('called_at'),
    /** How many times the rep moved the visit: its calendar file's SEQUENCE (RFC 5546; docs/decisions/043). */
    revision: integer('revision').notNull().default(0),
    bookedAt: ts('booked_at').notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // spec part 2, 5: one appointment per rep per doctor per date (cancelled ones free the date).
    uniqueIndex('doctor_appointments_rep_doctor_date_uq')
      .on(t.repId, t.doctorId, t.appointmentDate)
      .where(sql`${t.status} <> 'cancelled'`),
    // One rep per visit time of a doctor's day at a clinic, whatever the race (ARCHITECTURE rule 5, decision 039).
    uniqueIndex('doctor_appointments_visit_time_uq')
      .on(t.clinicId, t.doctorId, t.appointmentDate, t.startTime)
      .where(sql`${t.status} <> 'cancelled' and ${t.startTime} is not null`),
    check('doctor_appointments_start_time_ck', sql`${t.startTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('doctor_appointments_status_ck', sql`${t.status} in ('booked', 'confirmed', 'completed', 'no_show', 'cancelled')`),
    // The end-of-day close: checked-in visits not yet marked (docs/decisions/041).
    index('doctor_appointments_checked_in_open_idx')
      .on(t.appointmentDate)
      .where(sql`${t.checkedInAt} is not null and ${t.status} in ('booked', 'confirmed')`),
    index('doctor_appointments_clinic_doctor_date_idx').on(t.clinicId, t.doctorId, t.appointmentDate),
    index('doctor_appointments_rep_date_idx').on(t.repId, t.appointmentDate),
    // The admin Appointments list, latest date first, a page at a time: whole, by status, by doctor (docs/decisions/022).
    // (date, id) also serves what the date index it replaced did: a day's reminders, the purge's cut-off.
    index('doctor_appointments_date_id_idx').on(t.appointmentDate, t.id),
    index('doctor_appointments_status_date_id_idx').on(t.status, t.appointmentDate, t.id),
    index('doctor_appointments_doctor_date_id_idx').on(t.doctorId, t.appointmentDate, t.id),
  ],
);

/**
 * A rep waiting for a full day of a doctor at a clinic (docs/decisions/043): first come, first served by `id`. When a
 * slot of that day frees, the first waiting entry is offered it and holds it (its time with visiting hours) until
 * `offer_expires_at`; nobody else can book the held slot meanwhile. Statuses: waiting | offered | accepted | declined | expired.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: serial('id').primaryKey(),
    repId: integer('rep_id')
      .notNull()
      .references(() => medicalReps.id, { onDelete: 'cascade' }),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => doctors.id, { onDelete: 'cascade' }),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinicUsers.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('waiting'),
    offeredAt: ts('offered_at'),
    offerExpiresAt: ts('offer_expires_at'),
    /** The held visit time ("HH:MM") where the doctor has visiting hours; null for a whole-day visit. */
    heldStartTime: text('held_start_time'),
    /** The visit booked by accepting the offer. */
    appointmentId: integer('appointment_id').references(() => doctorAppointments.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('waitlist_entries_status_ck', sql`${t.status} in ('waiting', 'offered', 'accepted', 'declined', 'expired')`),
    check('waitlist_entries_offer_ck', sql`${t.status} <> 'offered' or ${t.offerExpiresAt} is not null`),
    // One open place per rep per doctor's day at a clinic.
    uniqueIndex('waitlist_entries_open_uq')
      .on(t.repId, t.clinicId, t.doctorId, t.date)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    // The line of a day, and the holds a day's slots count.
    index('waitlist_entries_day_idx')
      .on(t.clinicId, t.doctorId, t.date, t.id)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    // The sweep: open entries of past days.
    index('waitlist_entries_open_date_idx')
      .on(t.date)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    index('waitlist_entries_rep_date_idx').on(t.repId, t.date),
    // The sweep: offers whose hold ran out.
    index('waitlist_entries_offer_expiry_idx')
      .on(t.offerExpiresAt)
      .where(sql`${t.status} = 'offered'`),
  ],
);

/**
 * Each clinic's check-in secret (docs/decisions/041): the reception's 6-digit code is a TOTP of it (2-minute steps).
 * Made on first use; kept apart from clinic_users so no account read or export carries it.
 */
export const clinicCheckInSecrets = pgTable('clinic_check_in_secrets', {
  clinicId: integer('clinic_id')
    .primaryKey()
    .references(() => clinicUsers.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});

/** A day the clinic cancelled a doctor's calls ("Cancel Today's Calls"): closed to new bookings there. */
export const doctorDayClosures = pgTable(
  'doctor_day_closures',
  {
    id: serial('id').primaryKey(),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinicUsers.id, { onDelete: 'cascade' }),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => doctors.id, { onDelete: 'cascade' }),
    closedDate: date('closed_date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('doctor_day_closures_clinic_doctor_date_uq').on(t.clinicId, t.doctorId, t.closedDate)],
);

/**
 * A planned absence (docs/decisions/040-planned-absences.md): one doctor's leave at a clinic, or the whole clinic closed
 * (doctor_id null), from a date to a date inclusive. No booking there on those days while it is not ended; the
 * visits it covered were cancelled when it was added. Ending it (ended_at) opens the days again.
 */
export const clinicAbsences = pgTable(
  'clinic_absences',
  {
    id: serial('id').primaryKey(),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinicUsers.id, { onDelete: 'cascade' }),
    doctorId: integer('doctor_id').references(() => doctors.id, { onDelete: 'cascade' }),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
    endedAt: ts('ended_at'),
  },
  (t) => [index('clinic_absences_clinic_to_idx').on(t.clinicId, t.toDate), check('clinic_absences_range_ck', sql`${t.toDate} >= ${t.fromDate}`)],
);

/** Server-side sessions (docs/decisions/002-server-sessions.md): the cookie holds a random token, the table its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(), // sha256 of the cookie token
    userType: text('user_type').notNull(), // clinic | medrep | admin
    userId: integer('user_id').notNull(), // 0 for the admin; the clinic's id for its team members; the doctor account's id
    /** A clinic team member's session (docs/decisions/072-clinic-team.md): who of the clinic signed in; null for the owner. */
    memberId: integer('member_id'),
    rememberMe: boolean('remember_me').notNull().default(false),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    /**
     * The device's online spells as the server saw them (docs/decisions/046): the first request after a silence of
     * more than a few minutes starts a spell at `online_since`, and the last request before that silence is kept in
     * `seen_before_online_at`. An offline check-in may not claim a time before the device's last contact.
     */
    onlineSince: ts('online_since'),
    seenBeforeOnlineAt: ts('seen_before_online_at'),
    expiresAt: ts('expires_at').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('sessions_user_idx').on(t.userType, t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
    index('sessions_member_idx')
      .on(t.memberId)
      .where(sql`member_id is not null`),
  ],
);

/** Password-reset links (docs/decisions/005-accounts-codes-and-limits.md): random token, stored hashed, single use, one hour. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userType: text('user_type').notNull(),
    userId: integer('user_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userType, t.userId)],
);

/** Profile changes confirmed by a code (spec part 2, 2.1): 6 digits, 10 minutes, 3 attempts. */
export const profileUpdateCodes = pgTable(
  'profile_update_codes',
  {
    id: serial('id').primaryKey(),
    repId: integer('rep_id')
      .notNull()
      .references(() => medicalReps.id, { onDelete: 'cascade' }),
    updateType: text('update_type').notNull(), // name | email | phone | company | password
    newValue: text('new_value'),
    codeHash: text('code_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('profile_update_codes_rep_type_uq').on(t.repId, t.updateType)],
);

/**
 * The undo links of e-mail changes (docs/decisions/031-account-holder-proof-and-device-cookies.md): sent to the old
 * address, stored hashed, single use, 72 hours; using one puts the old address back and ends every session.
 */
export const emailChangeRestores = pgTable(
  'email_change_restores',
  {
    id: serial('id').primaryKey(),
    repId: integer('rep_id')
      .notNull()
      .references(() => medicalReps.id, { onDelete: 'cascade' }),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('email_change_restores_rep_idx').on(t.repId)],
);

/** Razorpay orders bound to a rep and plan (docs/decisions/006-test-checkout.md). */
export const subscriptionOrders = pgTable(
  'subscription_orders',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id').notNull().unique(),
    // Payment records outlive the account (kept by law): deleting a rep leaves the order with no rep.
    repId: integer('rep_id').references(() => medicalReps.id, { onDelete: 'set null' }),
    planType: text('plan_type').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('INR'),
    receipt: text('receipt').notNull(),
    status: text('status').notNull().default('created'), // created | paid | refunded
    paymentId: text('payment_id').unique(),
    createdAt: createdAt(),
    paidAt: ts('paid_at'),
    // Refunds of the order's payment (docs/decisions/032): the total Razorpay reports refunded (paise), when the
    // latest refund was made and its id. A full refund ends the period the order bought and sets status 'refunded'.
    amountRefunded: integer('amount_refunded').notNull().default(0),
    refundedAt: ts('refunded_at'),
    refundId: text('refund_id'),
  },
  (t) => [index('subscription_orders_rep_idx').on(t.repId)],
);

/** Each Razorpay refund once (refund.processed and payment.refunded, replayed or both): docs/decisions/032. */
export const subscriptionRefunds = pgTable(
  'subscription_refunds',
  {
    id: serial('id').primaryKey(),
    refundId: text('refund_id').notNull().unique(),
    orderId: text('order_id')
      .notNull()
      .references(() => subscriptionOrders.orderId),
    // Kept with the payment records when the account is deleted (as the orders are).
    repId: integer('rep_id').references(() => medicalReps.id, { onDelete: 'set null' }),
    paymentId: text('payment_id').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('INR'),
    refundedAt: ts('refunded_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('subscription_refunds_order_idx').on(t.orderId)],
);

/** Idempotent replays of offline bookings (decision 008): the first answer to a key is the answer. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').notNull(),
    repId: integer('rep_id').notNull(),
    statusCode: integer('status_code').notNull(),
    responseBody: jsonb('response_body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('idempotency_keys_rep_key_uq').on(t.repId, t.key)],
);

export const adminNotifications = pgTable('admin_notifications', {
  id: serial('id').primaryKey(),
  message: text('message').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  /** The name of the admin who broadcast it (docs/decisions/042-admin-team.md); null before named admins. */
  createdBy: text('created_by'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Every message the product sends, e-mail and web push (docs/decisions/028-outbox.md): written in the transaction of
 * the change that causes it, delivered by the outbox worker, retried until `deadline_at`. The e-mail rows are the
 * admin's Email History (spec part 2, 7).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').notNull(), // email | push | whatsapp
    templateType: text('template_type').notNull(),
    adminUser: text('admin_user'),
    recipientId: integer('recipient_id'),
    recipientEmail: text('recipient_email').notNull(),
    recipientName: text('recipient_name'),
    subject: text('subject').notNull(),
    /** What the worker delivers (the e-mail's text, html and attachments, or the push's payload); emptied once sent. */
    body: jsonb('body'),
    status: text('status').notNull(), // queued | sending | sent | retrying | failed | replaced
    attempts: integer('attempts').notNull().default(0),
    errorMessage: text('error_message'),
    /** smtp or log: how it went out (known once sent). */
    emailService: text('email_service'),
    /** A newer message with the same key replaces one not yet sent (a resent verification code). */
    replaceKey: text('replace_key'),
    jobId: uuid('job_id'),
    queuedAt: ts('queued_at').notNull(),
    /** When the worker may take it next: the retry's time, or while sending, when its claim runs out. */
    nextAttemptAt: ts('next_attempt_at').notNull(),
    deadlineAt: ts('deadline_at').notNull(),
    sentAt: ts('sent_at'),
    /** A WhatsApp message's number (international form without '+'; docs/decisions/044). */
    recipientPhone: text('recipient_phone'),
    /** The provider's id of a handed-over message (WhatsApp's wamid): its delivery statuses arrive by webhook. */
    providerMessageId: text('provider_message_id'),
    /** The latest delivery status the provider reported: sent | delivered | read | failed. */
    deliveryStatus: text('delivery_status'),
    deliveryStatusAt: ts('delivery_status_at'),
  },
  (t) => [
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status in ('queued', 'retrying', 'sending')`),
    index('outbox_job_idx')
      .on(t.jobId, t.status)
      .where(sql`job_id is not null`),
    index('outbox_replace_key_idx')
      .on(t.replaceKey, t.status)
      .where(sql`replace_key is not null`),
    index('outbox_email_id_idx')
      .on(t.id)
      .where(sql`channel = 'email'`),
    index('outbox_queued_at_idx').on(t.queuedAt),
    uniqueIndex('outbox_provider_message_id_uq')
      .on(t.providerMessageId)
      .where(sql`provider_message_id is not null`),
    index('outbox_channel_id_idx').on(t.channel, t.id),
    // The WhatsApp codes sent to a number in the last day, from any account (docs/decisions/048: its daily limit).
    index('outbox_whatsapp_code_phone_idx')
      .on(t.recipientPhone, t.queuedAt)
      .where(sql`template_type = 'whatsapp_code'`),
  ],
);

/**
 * Consent to WhatsApp messages (docs/decisions/044): every opt-in with the exact wording shown, every opt-out (in
 * Settings or by replying STOP). Append-only: the record of what the person agreed to and when.
 */
export const whatsappConsents = pgTable(
  'whatsapp_consents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountType: text('account_type').notNull(), // rep | clinic
    accountId: integer('account_id').notNull(),
    phone: text('phone').notNull(),
    action: text('action').notNull(), // opt_in | opt_out
    /** opt_in: the exact wording shown; opt_out: how (settings | stop_reply) */
    wording: text('wording'),
    source: text('source').notNull(), // settings | stop_reply | proof_required (migration 0028, docs/decisions/048)
    createdAt: createdAt(),
  },
  (t) => [
    check('whatsapp_consents_account_type_ck', sql`${t.accountType} in ('rep', 'clinic')`),
    check('whatsapp_consents_action_ck', sql`${t.action} in ('opt_in', 'opt_out')`),
    index('whatsapp_consents_account_idx').on(t.accountType, t.accountId, t.id),
    index('whatsapp_consents_phone_idx').on(t.phone),
  ],
);

/** A code sent by WhatsApp to confirm a number other than the account's own (hashed; docs/decisions/044). */
export const whatsappNumberCodes = pgTable(
  'whatsapp_number_codes',
  {
    accountType: text('account_type').notNull(),
    accountId: integer('account_id').notNull(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountType, t.accountId] })],
);

/**
 * The spec's email_audit_log (part 1, 3): the outbox's e-mails, with the delivery state the history shows (the view
 * is made by migration 0014; drizzle-kit leaves it alone).
 */
export const emailAuditLog = pgView('email_audit_log', {
  id: bigint('id', { mode: 'number' }).notNull(),
  adminUser: text('admin_user'),
  recipientId: integer('recipient_id'),
  recipientEmail: text('recipient_email').notNull(),
  recipientName: text('recipient_name'),
  subject: text('subject').notNull(),
  templateType: text('template_type').notNull(),
  status: text('status').notNull(),
  sentAt: ts('sent_at'),
  errorMessage: text('error_message'),
  emailService: text('email_service'),
  attempts: integer('attempts').notNull(),
  queuedAt: ts('queued_at').notNull(),
  nextAttemptAt: ts('next_attempt_at').notNull(),
  jobId: uuid('job_id'),
  /** False once sent: a failed e-mail can be retried only while its text is kept. */
  retryable: boolean('retryable').notNull(),
}).existing();

/**
 * A bulk or re-registration e-mail send (spec part 2, 2.5 (b) and 2.6; docs/decisions/028-outbox.md): what was asked,
 * and how far its recipients have been written to the outbox. Any instance expands it a batch at a time and answers
 * its progress; a restart resumes it at `cursor`.
 */
export const emailJobs = pgTable('email_jobs', {
  id: uuid('id').primaryKey(),
  kind: text('kind').notNull(), // bulk | reregistration
  /** The request, with the selection fixed when it was accepted (the newest matching id, the instant of the filter). */
  input: jsonb('input').notNull(),
  total: integer('total').notNull(),
  /** The last recipient id written to the outbox. */
  cursor: integer('cursor').notNull().default(0),
  expanded: boolean('expanded').notNull().default(false),
  /** The name of the admin who asked for the send (its e-mails carry it as admin_user; decision 042). */
  createdBy: text('created_by'),
  createdAt: ts('created_at').notNull(),
});

export const securityEvents = pgTable(
  'security_events',
  {
    id: serial('id').primaryKey(),
    eventType: text('event_type').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: integer('user_id'),
    userType: text('user_type'),
    requestPath: text('request_path'),
    requestMethod: text('request_method'),
    threatLevel: text('threat_level').notNull().default('low'),
    details: jsonb('details'),
    timestamp: ts('timestamp').notNull().defaultNow(),
    blocked: boolean('blocked').notNull().default(false),
    /** How many times this event happened in its minute (a repeat adds one here, not a row; docs/decisions/049). */
    count: integer('count').notNull().default(1),
    /** kind|address|minute for the events that repeat without bound (refused origins, 429s); null for the others. */
    repeatKey: text('repeat_key'),
  },
  (t) => [
    index('security_events_timestamp_idx').on(t.timestamp),
    uniqueIndex('security_events_repeat_key_uq').on(t.repeatKey),
    index('security_events_type_idx').on(t.eventType),
    // The Security tab's pages, newest first by id, filtered by type or by threat level (docs/decisions/022, 042).
    index('security_events_type_id_idx').on(t.eventType, t.id),
    index('security_events_level_id_idx').on(t.threatLevel, t.id),
  ],
);

/**
 * Named admins (docs/decisions/042-admin-team.md): owners manage the team, staff do the rest. E-mails are stored
 * lower-cased. No password until the invitation link is used (or after a reset of the second factor); the TOTP secret
 * (base32) is kept readable, as a verifier must, and `totp_last_step` refuses a code used before. An owner with
 * `enrolled_at` switches the gate from ADMIN_PASSWORD to the team for good (a reset keeps it).
 */
export const admins = pgTable(
  'admins',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    role: text('role').notNull(), // owner | staff
    passwordHash: text('password_hash'),
    /** The account's language (docs/decisions/045): its e-mails, reminders, pushes and answers come in it; null until chosen. */
    language: text('language'),
    totpSecret: text('totp_secret'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    active: boolean('active').notNull().default(true),
    enrolledAt: ts('enrolled_at'),
    lastSignInAt: ts('last_sign_in_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('admins_email_uq').on(t.email),
    check('admins_role_ck', sql`${t.role} in ('owner', 'staff')`),
    check('admins_email_lower_ck', sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * Invitation and enrolment links of admins (decision 042): 32 random bytes, stored as SHA-256, 48 hours, single use.
 * `accepted_at`: the password was chosen (the link then only confirms the first code); `used_at`: finished.
 */
export const adminEnrolmentLinks = pgTable(
  'admin_enrolment_links',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose').notNull(), // invite | reset
    expiresAt: ts('expires_at').notNull(),
    acceptedAt: ts('accepted_at'),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('admin_enrolment_links_admin_idx').on(t.adminId)],
);

/** Ten one-time recovery codes per admin with two-factor (decision 042), stored as SHA-256 (50 random bits each). */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('admin_recovery_codes_admin_idx').on(t.adminId)],
);

/**
 * Every admin act, one row each (decision 042): who (id and the name at the time, kept if the admin row goes; 0 is the
 * single-password session, null an unknown e-mail's failed sign-in), what, which record, when, from which address.
 * Append-only: a trigger (migration 0023) refuses UPDATE, and DELETE outside the nightly purge, which keeps a year.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: integer('admin_id'),
    adminName: text('admin_name').notNull(),
    action: text('action').notNull(),
    target: text('target'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    at: ts('at').notNull(),
    details: jsonb('details'),
  },
  (t) => [
    index('admin_audit_log_admin_idx').on(t.adminId, t.id),
    index('admin_audit_log_action_idx').on(t.action, t.id),
    index('admin_audit_log_at_idx').on(t.at),
  ],
);

/**
 * The change feed as rows, for instances behind a pooler in transaction mode without a direct LISTEN connection
 * (docs/decisions/058-behind-a-pooler.md): a writer adds the keys it changed in its own transaction, every instance
 * polls for ids past the last it read, and rows older than a few minutes are deleted by whichever instance polls.
 */
export const cacheChanges = pgTable(
  'cache_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('cache_changes_at_idx').on(t.at)],
);

/** Scheduled job runs (decision 011): one row per run, what it did and whether it failed; the admin reads the last. */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    startedAt: ts('started_at').notNull(),
    finishedAt: ts('finished_at'),
    status: text('status').notNull(), // running | succeeded | failed | skipped
    counts: jsonb('counts').$type<Record<string, number>>(),
    error: text('error'),
  },
  (t) => [index('job_runs_name_started_idx').on(t.name, t.startedAt)],
);

/** A reminder claimed before it is sent (decision 011): the unique index makes a second send impossible. */
export const remindersSent = pgTable(
  'reminders_sent',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(), // visit_email | visit_push | clinic_visitors | renewal_email
    subjectKey: text('subject_key').notNull(), // e.g. appointment:12, clinic:3:2026-03-02
    recipient: text('recipient').notNull(), // e.g. medrep:5, clinic:3
    sentAt: ts('sent_at').notNull(),
  },
  (t) => [uniqueIndex('reminders_sent_kind_subject_recipient_uq').on(t.kind, t.subjectKey, t.recipient), index('reminders_sent_sent_at_idx').on(t.sentAt)],
);

/** Secrets the app makes for itself on first start (the VAPID key pair when not configured). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * Rate-limit counters shared by every instance on one PostgreSQL (decision 012): one row per limit key and
 * window, counted with an upsert. The embedded database serves one process and keeps them in memory.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: ts('window_ends_at').notNull(),
  },
  (t) => [index('rate_limit_counters_window_idx').on(t.windowEndsAt)],
);

/**
 * Appointments per clinic, all time (docs/decisions/024-admin-stats-summaries.md): kept by the statement triggers on
 * doctor_appointments (drizzle/*_appointment-tally-triggers.sql) in the writing transaction, so every writer,
 * cascade and purge counts.
 */
export const clinicAppointmentTallies = pgTable('clinic_appointment_tallies', {
  clinicId: integer('clinic_id')
    .primaryKey()
    .references(() => clinicUsers.id, { onDelete: 'cascade' }),
  appointments: integer('appointments').notNull(),
});

/**
 * Appointments per IST day of booking, split in 16 shards by clinic (clinic_id % 16) so that one day's bookings
 * do not queue on one row (decision 024). Kept by the same triggers.
 */
export const dailyAppointmentTallies = pgTable(
  'daily_appointment_tallies',
  {
    bookedOn: date('booked_on', { mode: 'string' }).notNull(),
    shard: integer('shard').notNull(),
    appointments: integer('appointments').notNull(),
  },
  (t) => [uniqueIndex('daily_appointment_tallies_day_shard_uq').on(t.bookedOn, t.shard)],
);

/**
 * The people of a clinic's team (docs/decisions/072-clinic-team.md). The clinic account itself is the owner; a member
 * is a manager or a receptionist with a login of their own. Invited by the owner: the e-mailed link (32 random bytes,
 * kept as SHA-256, 72 hours, single use) sets the password. Statuses: invited | active | inactive.
 */
export const clinicMembers = pgTable(
  'clinic_members',
  {
    id: serial('id').primaryKey(),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinicUsers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    role: text('role').notNull(), // manager | reception
    passwordHash: text('password_hash'),
    status: text('status').notNull().default('invited'),
    inviteTokenHash: text('invite_token_hash'),
    inviteExpiresAt: ts('invite_expires_at'),
    /** The account's language (docs/decisions/045); null until chosen. */
    language: text('language'),
    acceptedAt: ts('accepted_at'),
    lastSignInAt: ts('last_sign_in_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('clinic_members_email_uq').on(sql`lower(${t.email})`),
    uniqueIndex('clinic_members_invite_token_uq').on(t.inviteTokenHash),
    index('clinic_members_clinic_idx').on(t.clinicId, t.id),
    check('clinic_members_role_ck', sql`${t.role} in ('manager', 'reception')`),
    check('clinic_members_status_ck', sql`${t.status} in ('invited', 'active', 'inactive')`),
  ],
);

/**
 * Every change a clinic makes, with the person who made it (docs/decisions/072-clinic-team.md): written in the
 * transaction of the change. `actor_kind`: owner | manager | reception | doctor; the name is kept as it was then.
 */
export const clinicActivity = pgTable(
  'clinic_activity',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinicUsers.id, { onDelete: 'cascade' }),
    actorKind: text('actor_kind').notNull(),
    actorId: integer('actor_id'),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    target: text('target'),
    details: jsonb('details'),
    at: ts('at').notNull(),
  },
  (t) => [index('clinic_activity_clinic_idx').on(t.clinicId, t.id)],
);

/**
 * A doctor's own login (docs/decisions/073-doctor-accounts.md): one account per e-mail, linked to every clinic that
 * lists the doctor and invited that e-mail. Statuses: active | inactive.
 */
export const doctorAccounts = pgTable(
  'doctor_accounts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    status: text('status').notNull().default('active'),
    language: text('language'),
    lastSignInAt: ts('last_sign_in_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('doctor_accounts_email_uq').on(sql`lower(${t.email})`)],
);

/** Which clinic's doctor a doctor account is: one account per (clinic, doctor), many clinics per account. */
export const doctorAccountLinks = pgTable(
  'doctor_account_links',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => doctorAccounts.id, { onDelete: 'cascade' }),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinicUsers.id, { onDelete: 'cascade' }),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => doctors.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('doctor_account_links_clinic_doctor_uq').on(t.clinicId, t.doctorId), index('doctor_account_links_account_idx').on(t.accountId)],
);

/** A clinic's invitation of its doctor's e-mail (decision 073): 32 random bytes kept as SHA-256, 72 hours, single use. */
export const doctorInvites = pgTable(
  'doctor_invites',
  {
    id: serial('id').primaryKey(),
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinicUsers.id, { onDelete: 'cascade' }),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => doctors.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('doctor_invites_clinic_doctor_idx').on(t.clinicId, t.doctorId)],
);

/**
 * A doctor running late at a clinic on a day (docs/decisions/074-live-queue.md): every ETA of that day moves by
 * `minutes`; `notified_minutes` is the lateness the reps were last told of (told again only for a change of 15+).
 */
export const doctorDayLateness = pgTable(
  'doctor_day_lateness',
  {
    clinicId: integer('clinic_id')
      .notNull()
      .references(() => clinicUsers.id, { onDelete: 'cascade' }),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => doctors.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    minutes: integer('minutes').notNull(),
    notifiedMinutes: integer('notified_minutes').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.clinicId, t.doctorId, t.date] }), check('doctor_day_lateness_minutes_ck', sql`${t.minutes} between 0 and 180`)],
);

/**
 * A pharma company's account (docs/decisions/087-company-accounts.md): registered with an e-mailed code like a clinic
 * or a rep, and `verified` once an admin has checked the company (who and when kept beside it; the act is in the audit
 * trail). The GSTIN is optional and stored in capitals. Statuses: active | inactive.
 */
export const companyAccounts = pgTable(
  'company_accounts',
  {
    id: serial('id').primaryKey(),
    companyName: text('company_name').notNull(),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    gstin: text('gstin'),
    password: text('password').notNull(),
    deviceFingerprint: text('device_fingerprint'),
    /** The account's language (docs/decisions/045): its e-mails and answers come in it; null until chosen. */
    language: text('language'),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** SHA-256 of the verification link the account was made from: opened again, it says 'already verified' (docs/decisions/036). */
    verifiedLinkHash: text('verified_link_hash'),
    termsAccepted: boolean('terms_accepted').notNull().default(false),
    termsAcceptedAt: ts('terms_accepted_at'),
    termsVersion: text('terms_version'),
    status: text('status').notNull().default('active'),
    verified: boolean('verified').notNull().default(false),
    verifiedAt: ts('verified_at'),
    /** The admin who verified (0: the single-password session); null while not verified. */
    verifiedBy: integer('verified_by'),
    passwordChangedAt: ts('password_changed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('company_accounts_email_uq').on(sql`lower(${t.email})`),
    uniqueIndex('company_accounts_phone_uq').on(t.phone),
    index('company_accounts_verified_link_idx').on(t.verifiedLinkHash),
    // The admin Users search: company name, e-mail or contact name containing the text (docs/decisions/022).
    index('company_accounts_company_name_trgm_idx').using('gin', t.companyName.op('gin_trgm_ops')).with(TRIGRAM_INDEX),
    index('company_accounts_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')).with(TRIGRAM_INDEX),
    check('company_accounts_status_ck', sql`${t.status} in ('active', 'inactive')`),
  ],
);

/** A company's registration waiting for its e-mailed code: the pending clinics' and reps' columns (docs/decisions/087). */
export const pendingCompanyAccounts = pgTable(
  'pending_company_accounts',
  {
    id: serial('id').primaryKey(),
    companyName: text('company_name').notNull(),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    gstin: text('gstin'),
    password: text('password').notNull(),
    deviceFingerprint: text('device_fingerprint'),
    verificationOtp: text('verification_otp').notNull(),
    otpExpiry: ts('otp_expiry').notNull(),
    otpAttempts: integer('otp_attempts').notNull().default(0),
    verifyTokenHash: text('verify_token_hash'),
    verifyTokenExpiry: ts('verify_token_expiry'),
    /** SHA-256 of the token the registering browser keeps: the code works only there (docs/decisions/030). */
    registrationTokenHash: text('registration_token_hash'),
    /** Links of registrations of this address this one replaced, each with its details (docs/decisions/051). */
    earlierLinks: jsonb('earlier_links').$type<EarlierRegistrationLink[]>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('pending_company_accounts_email_uq').on(sql`lower(${t.email})`),
    index('pending_company_accounts_phone_idx').on(t.phone),
    index('pending_company_accounts_token_idx').on(t.verifyTokenHash),
  ],
);
