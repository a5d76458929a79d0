import { z } from 'zod';
import { CALL_FREQUENCIES, CANCELLATION_REASONS, LIMITS, SPECIALTIES, WEEKDAYS, type Weekday } from '../constants';
import { isIsoDate } from '../dates';
import { SLOT_MINUTES, VISIT_WINDOW_MESSAGES, visitWindowProblems, sortWindows, VISIT_WINDOWS_MAX } from '../booking/visit-windows';
import { VISIT_STATUSES } from '../booking/visit-status';
import { passwordSchema } from './auth';
import { errorResponseSchema } from './common';
import { whatsappPreferenceInputSchema, whatsappPreferenceStatusSchema } from './whatsapp';
import { schemaMessage } from '../i18n/message';

/*
 * Wire contracts of the clinic dashboard (spec part 1, sections 3, 5 and 7). The messages are the spec's
 * where it has one; the server is the authority, the forms reuse these schemas to be kind.
 */

/** A row id: a positive 32-bit integer (larger numbers would overflow the database column). */
const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

// --- doctors -------------------------------------------------------------------------------------

export const MISSING_DOCTOR_INFO = /*i18n*/ 'Please provide both doctor name and specialty.';

/** POST /api/clinic/doctors. The doctor practises at the clinic, so the server uses the clinic's state and city. */
export const addDoctorSchema = z.object({
  clinicId: id(/*i18n*/ 'Please login to access the clinic dashboard.'),
  name: z
    .string({ error: MISSING_DOCTOR_INFO })
    .trim()
    .min(1, MISSING_DOCTOR_INFO)
    .max(120, /*i18n*/ 'Doctor name must be at most 120 characters')
    .regex(/^[^\p{Cc}\p{Cf}]*$/u, /*i18n*/ 'Doctor name contains characters that are not allowed.'),
  specialty: z.enum(SPECIALTIES, { error: MISSING_DOCTOR_INFO }),
  state: z.string().max(100).optional(),
  city: z.string().max(100).optional(),
});
export type AddDoctor = z.infer<typeof addDoctorSchema>;

export const addExistingDoctorSchema = z.object({
  clinicId: id(/*i18n*/ 'Please login to access the clinic dashboard.'),
  doctorId: id(/*i18n*/ 'Please select a doctor first.'),
});
export type AddExistingDoctor = z.infer<typeof addExistingDoctorSchema>;

/** Doctor shape of the screens (spec part 1, 3). */
export const clinicDoctorSchema = z.object({ id: z.number(), name: z.string(), specialty: z.string(), city: z.string(), state: z.string() });
export type ClinicDoctor = z.infer<typeof clinicDoctorSchema>;

/** A doctor another clinic of the same state has, offered under 'Add Existing Doctor'. */
export const availableDoctorSchema = clinicDoctorSchema.extend({ clinicNames: z.array(z.string()) });
export type AvailableDoctor = z.infer<typeof availableDoctorSchema>;

/** GET /api/clinic/doctors/{clinicId} */
export const clinicDoctorsResponseSchema = z.object({ doctors: z.array(clinicDoctorSchema) });
export type ClinicDoctorsResponse = z.infer<typeof clinicDoctorsResponseSchema>;

/** GET /api/available-doctors/{clinicId} */
export const availableDoctorsResponseSchema = z.object({ doctors: z.array(availableDoctorSchema) });
export type AvailableDoctorsResponse = z.infer<typeof availableDoctorsResponseSchema>;

/** POST /api/clinic/doctors (201) and POST /api/clinic/add-existing-doctor */
export const doctorAddedResponseSchema = z.object({ doctor: clinicDoctorSchema, message: z.string() });
export type DoctorAddedResponse = z.infer<typeof doctorAddedResponseSchema>;

/** What cancelling visits did: how many were cancelled and how many reps were e-mailed. */
export const cancelledVisitsSchema = z.object({ cancelledCount: z.number(), emailsSent: z.number() });
export type CancelledVisits = z.infer<typeof cancelledVisitsSchema>;

/** DELETE /api/clinic/doctors/{clinicId}/{doctorId} */
export const doctorRemovedResponseSchema = cancelledVisitsSchema.extend({ message: z.string() });
export type DoctorRemovedResponse = z.infer<typeof doctorRemovedResponseSchema>;

// --- call settings (spec part 1, 3: Doctor settings; 5: stepper and frequency) --------------------

export type AvailableDays = Record<Weekday, boolean>;

/** One visiting window, "HH:MM" to "HH:MM" in Indian time (docs/decisions/039). */
export const visitWindowSchema = z.object({ start: z.string(), end: z.string() });

/** Monday to Friday: the days a doctor takes calls until the clinic says otherwise (docs/decisions). */
export const DEFAULT_AVAILABLE_DAYS: AvailableDays = {
  monday: true,
  tuesday: true,
  wednesday: true,
  thursday: true,
  friday: true,
  saturday: false,
  sunday: false,
};

export const MAX_SLOTS_MESSAGE = schemaMessage(
  /*i18n*/ { id: 'Max slots must be between {min} and {max}.', values: { min: LIMITS.maxSlotsMin, max: LIMITS.maxSlotsMax } },
);
export const CALL_FREQUENCY_MESSAGE = /*i18n*/ 'Call frequency must be 7, 14, 21 or 28 days.';
export const AVAILABLE_DAYS_MESSAGE = /*i18n*/ 'Available days must list the seven weekdays as true or false.';

/**
 * Settings may arrive (and be stored) with snake_case names, and availableDays as a JSON string (spec part 1,
 * 3). This turns any of those spellings into the camelCase object; values are checked by the schema after it.
 */
export function normalizeDoctorSettings(raw: unknown): Record<string, unknown> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const r = raw as Record<string, unknown>;
  const pick = (camel: string, snake: string) => (r[camel] !== undefined ? r[camel] : r[snake]);
  const parsed = (value: unknown) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return 'invalid';
    }
  };
  const days = parsed(pick('availableDays', 'available_days'));
  const out: Record<string, unknown> = {
    clinicId: pick('clinicId', 'clinic_id'),
    doctorId: pick('doctorId', 'doctor_id'),
    doctorName: pick('doctorName', 'doctor_name'),
    maxSlots: pick('maxSlots', 'max_slots'),
    callFrequency: pick('callFrequency', 'call_frequency'),
    availableDays: days,
    visitWindows: parsed(pick('visitWindows', 'visit_windows')),
    slotMinutes: pick('slotMinutes', 'slot_minutes'),
    requiresApproval: pick('requiresApproval', 'requires_approval'),
    doctorManagesSettings: pick('doctorManagesSettings', 'doctor_manages_settings'),
  };
  for (const k of Object.keys(out)) if (out[k] === undefined || out[k] === null) delete out[k];
  return out;
}

const REQUIRES_APPROVAL_MESSAGE = /*i18n*/ 'Confirming each booking must be true or false.';

const numberish = (message: string) =>
  z.union([z.number({ error: message }), z.string({ error: message }).trim().regex(/^\d+$/, message).transform(Number)], { error: message });

const availableDaysSchema = z.record(z.string(), z.unknown(), { error: AVAILABLE_DAYS_MESSAGE }).transform((v, ctx) => {
  const days = {} as AvailableDays;
  for (const day of WEEKDAYS) {
    const value = v[day] ?? false;
    if (typeof value !== 'boolean') {
      ctx.addIssue({ code: 'custom', message: AVAILABLE_DAYS_MESSAGE });
      return z.NEVER;
    }
    days[day] = value;
  }
  return days;
});

const settingsFields = z.object({
  clinicId: id(/*i18n*/ 'Please login to access the clinic dashboard.'),
  doctorId: id(/*i18n*/ 'Please select a doctor before saving settings.'),
  doctorName: z.string().trim().max(120).optional(),
  maxSlots: numberish(MAX_SLOTS_MESSAGE)
    .pipe(z.number().int(MAX_SLOTS_MESSAGE).min(LIMITS.maxSlotsMin, MAX_SLOTS_MESSAGE).max(LIMITS.maxSlotsMax, MAX_SLOTS_MESSAGE))
    .default(LIMITS.maxSlotsDefault),
  callFrequency: numberish(CALL_FREQUENCY_MESSAGE)
    .pipe(z.number().refine((n) => (CALL_FREQUENCIES as readonly number[]).includes(n), CALL_FREQUENCY_MESSAGE))
    .default(LIMITS.callFrequencyDefault),
  availableDays: availableDaysSchema.default(DEFAULT_AVAILABLE_DAYS),
  /** Absent: the stored visiting hours stay (an older client never wipes them); [] is the whole day. */
  visitWindows: z
    .array(z.object({ start: z.string({ error: VISIT_WINDOW_MESSAGES.time }), end: z.string({ error: VISIT_WINDOW_MESSAGES.time }) }), {
      error: VISIT_WINDOW_MESSAGES.time,
    })
    .max(VISIT_WINDOWS_MAX, VISIT_WINDOW_MESSAGES.tooMany)
    .transform(sortWindows)
    .optional(),
  slotMinutes: numberish(VISIT_WINDOW_MESSAGES.slotMinutes)
    .pipe(
      z
        .number()
        .int(VISIT_WINDOW_MESSAGES.slotMinutes)
        .min(SLOT_MINUTES.min, VISIT_WINDOW_MESSAGES.slotMinutes)
        .max(SLOT_MINUTES.max, VISIT_WINDOW_MESSAGES.slotMinutes),
    )
    .optional(),
  /** The clinic confirms each new booking (docs/decisions/041). Absent: the stored choice stays. */
  requiresApproval: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], { error: REQUIRES_APPROVAL_MESSAGE }).optional(),
  /** The doctor's own login may edit these settings (docs/decisions/073). Absent: the stored choice stays. */
  doctorManagesSettings: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], { error: /*i18n*/ 'Doctor manages these settings must be true or false.' })
    .optional(),
});

/** Each window problem at its field (visitWindows.N.start|end), so a form shows it beside that field. */
const settingsWithWindows = settingsFields.superRefine((v, ctx) => {
  if (v.visitWindows === undefined) return;
  for (const p of visitWindowProblems(v.visitWindows, v.slotMinutes ?? SLOT_MINUTES.default)) {
    if (p.field === 'slotMinutes') continue; // the field's own check says it
    ctx.addIssue({ code: 'custom', message: p.message, path: p.index === null ? ['visitWindows'] : ['visitWindows', p.index, p.field] });
  }
});

/**
 * POST /api/clinic/settings: camelCase or snake_case, availableDays and visitWindows as objects or JSON strings.
 * The windows arrive in any order and are kept earliest first (an index in an error is then the sorted one).
 */
export const saveDoctorSettingsSchema = z.preprocess(normalizeDoctorSettings, settingsWithWindows);
export type SaveDoctorSettings = z.infer<typeof saveDoctorSettingsSchema>;

/** The settings the server answers with, always camelCase. */
export const doctorSettingsSchema = z.object({
  clinicId: z.number(),
  doctorId: z.number(),
  doctorName: z.string(),
  maxSlots: z.number(),
  callFrequency: z.number(),
  availableDays: z.object(Object.fromEntries(WEEKDAYS.map((d) => [d, z.boolean()])) as Record<Weekday, z.ZodBoolean>),
  /** Visiting hours, earliest first; [] is the whole day (docs/decisions/039). */
  visitWindows: z.array(visitWindowSchema),
  slotMinutes: z.number(),
  /** New bookings wait for the clinic's confirmation (docs/decisions/041). */
  requiresApproval: z.boolean(),
  /** The doctor's own login edits these settings for themself (docs/decisions/073). */
  doctorManagesSettings: z.boolean(),
});
export type DoctorSettings = z.infer<typeof doctorSettingsSchema>;

/** GET /api/clinic/settings/{clinicId}?doctorId= */
export const doctorSettingsResponseSchema = z.object({ settings: doctorSettingsSchema });
export type DoctorSettingsResponse = z.infer<typeof doctorSettingsResponseSchema>;

/** Reads settings in any stored spelling (server answer or device cache); null when they do not make sense. */
export function parseDoctorSettings(raw: unknown): DoctorSettings | null {
  const parsed = saveDoctorSettingsSchema.safeParse(raw);
  if (!parsed.success) return null;
  const { visitWindows = [], slotMinutes = SLOT_MINUTES.default, requiresApproval = false, doctorManagesSettings = false, ...rest } = parsed.data;
  return { ...rest, doctorName: parsed.data.doctorName ?? '', visitWindows, slotMinutes, requiresApproval, doctorManagesSettings };
}

// --- the day's visitors and cancelling today's calls --------------------------------------------

export const SELECT_DOCTOR_FIRST = /*i18n*/ 'Please select a doctor first.';
export const SELECT_REASON = /*i18n*/ 'Please select a reason for cancellation.';

const isoDate = z.string().refine(isIsoDate, /*i18n*/ 'Please give the date as yyyy-mm-dd.');

/** GET /api/doctor-appointments?doctorId=&date=&clinicId= */
export const doctorAppointmentsQuerySchema = z.object({
  doctorId: id(SELECT_DOCTOR_FIRST),
  date: isoDate.optional(),
  clinicId: id(/*i18n*/ 'Please login to access the clinic dashboard.').optional(),
});

/** Appointment, clinic view (spec part 1, 3). */
export const clinicAppointmentSchema = z.object({
  id: z.number(),
  appointment_date: z.string(),
  /** "HH:MM" with visiting hours, else null; token: the visit's place in the doctor's day (docs/decisions/039) */
  start_time: z.string().nullable(),
  token: z.number().nullable(),
  rep_id: z.number(),
  doctor_id: z.number(),
  clinic_id: z.number(),
  rep_name: z.string(),
  company_name: z.string(),
  contact_number: z.string(),
  status: z.enum(VISIT_STATUSES),
  /** When the rep checked in at reception, ISO instant; null before (docs/decisions/041). */
  checked_in_at: z.string().nullable(),
  /** When that check-in reached the server (later for one typed offline), ISO instant (docs/decisions/046). */
  check_in_received_at: z.string().nullable().optional(),
  /** When and by whom (clinic | system) it was marked completed or no-show: the clinic may undo its own for 10 minutes. */
  outcome_at: z.string().nullable().optional(),
  outcome_by: z.string().nullable().optional(),
  /** Booked while the doctor's 'Confirm each booking' was on: 'booked' reads 'Awaiting confirmation' (decision 053). */
  requires_approval: z.boolean(),
});
export type ClinicAppointment = z.infer<typeof clinicAppointmentSchema>;

/** POST /api/clinic/settings; `outsideWindows`: booked visits from today on whose time the new hours no longer offer. */
export const doctorSettingsSavedResponseSchema = doctorSettingsResponseSchema.extend({
  message: z.string(),
  outsideWindows: z.array(clinicAppointmentSchema),
});
export type DoctorSettingsSavedResponse = z.infer<typeof doctorSettingsSavedResponseSchema>;

/** GET /api/doctor-appointments */
export const clinicAppointmentsResponseSchema = z.object({
  appointments: z.array(clinicAppointmentSchema),
  /** How many reps wait on the waitlist for this doctor's day (docs/decisions/043). */
  waiting: z.number(),
});
export type ClinicAppointmentsResponse = z.infer<typeof clinicAppointmentsResponseSchema>;

/** POST /api/clinic/cancel-visits: cancels chosen visits (those outside new visiting hours), e-mailing each rep. */
export const cancelVisitsSchema = z.object({
  clinicId: id(/*i18n*/ 'Please login to access the clinic dashboard.'),
  doctorId: id(SELECT_DOCTOR_FIRST),
  appointmentIds: z
    .array(id(/*i18n*/ 'Appointment not found'), { error: /*i18n*/ 'Please select the visits to cancel.' })
    .min(1, /*i18n*/ 'Please select the visits to cancel.')
    .max(500),
});
export type CancelVisits = z.infer<typeof cancelVisitsSchema>;

/** POST /api/clinic/cancel-visits answer */
export const visitsCancelledResponseSchema = cancelledVisitsSchema.extend({ message: z.string() });
export type VisitsCancelledResponse = z.infer<typeof visitsCancelledResponseSchema>;

export const cancelTodayCallsSchema = z.object({
  clinicId: id(/*i18n*/ 'Please login to access the clinic dashboard.'),
  doctorId: id(SELECT_DOCTOR_FIRST),
  date: isoDate,
  reason: z.enum(CANCELLATION_REASONS, { error: SELECT_REASON }),
  /** Also cancel the visits of reps who have checked in at reception; only when the clinic ticks it (docs/decisions/046). */
  includeCheckedIn: z.boolean({ error: /*i18n*/ 'Please say whether to include the reps who have arrived.' }).optional(),
});
export type CancelTodayCalls = z.infer<typeof cancelTodayCallsSchema>;

/** The cancel call's failures also carry the message as `error` (spec part 1, 8 General). */
export const cancelTodayCallsErrorSchema = errorResponseSchema.extend({ error: z.string().optional() });
export type CancelTodayCallsError = z.infer<typeof cancelTodayCallsErrorSchema>;

// --- account settings ----------------------------------------------------------------------------

export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: /*i18n*/ 'Please enter your current password.' }).min(1, /*i18n*/ 'Please enter your current password.').max(200),
  newPassword: passwordSchema,
});
export type ChangePassword = z.infer<typeof changePasswordSchema>;

/** The Change Password form: the confirmation must match (spec part 1, 5 wording). */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { message: /*i18n*/ 'Passwords do not match', path: ['confirmPassword'] });

/** PUT /api/clinic/preferences; the WhatsApp fields are optional, absent leaves WhatsApp as it is (docs/decisions/044). */
export const clinicPreferencesSchema = z.object({
  emailNotifications: z.boolean({ error: /*i18n*/ 'Email notifications must be true or false.' }),
  smsNotifications: z.boolean({ error: /*i18n*/ 'SMS notifications must be true or false.' }),
  ...whatsappPreferenceInputSchema.shape,
});
export type ClinicPreferences = z.infer<typeof clinicPreferencesSchema>;

/** What GET/PUT /api/clinic/preferences answer: the choices and WhatsApp's state (whatsappNumber in display form or null). */
export const clinicPreferencesResponseSchema = z.object({
  emailNotifications: z.boolean(),
  smsNotifications: z.boolean(),
  ...whatsappPreferenceStatusSchema.shape,
});
export type ClinicPreferencesResponse = z.infer<typeof clinicPreferencesResponseSchema>;
