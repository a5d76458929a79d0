import { z } from 'zod';
import { CANCELLATION_REASONS } from '../constants';
import { isIsoDate } from '../dates';
import { SELECT_REASON } from './clinic';
import { savedLanguageSchema } from './account-language';
import { doctorUserSchema } from './auth';

// The doctor's own login and console (docs/decisions/073-doctor-accounts.md): the clinic invites its doctor by e-mail,
// the doctor accepts, signs in, and steers their own day at every clinic that invited them.

const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);
const clinicIdField = id(/*i18n*/ 'Please choose a clinic.');
const emailField = z
  .string({ error: /*i18n*/ 'Please enter a valid email address' })
  .trim()
  .min(1, /*i18n*/ 'Email is required')
  .max(254, /*i18n*/ 'Please enter a valid email address')
  .pipe(z.email(/*i18n*/ 'Please enter a valid email address'));

/** The invitation's lifetime: 72 hours, single use (decision 073). */
export const DOCTOR_INVITE_LIFETIME_MS = 72 * 3_600_000;

/** POST /api/clinic/doctors/{doctorId}/invite */
export const inviteDoctorSchema = z.object({ email: emailField });
export type InviteDoctor = z.infer<typeof inviteDoctorSchema>;
export const inviteDoctorResponseSchema = z.object({ message: z.string(), email: z.string(), expiresAt: z.string() });
export type InviteDoctorResponse = z.infer<typeof inviteDoctorResponseSchema>;

/** POST /api/doctor/invite/accept: a new account's password, or the existing account's own (decision 073). */
export const acceptDoctorInviteSchema = z.object({
  token: z.string({ error: /*i18n*/ 'This invitation link is invalid.' }).trim().min(20, /*i18n*/ 'This invitation link is invalid.').max(200),
  password: z.string({ error: /*i18n*/ 'Password is required' }).min(1, /*i18n*/ 'Password is required').max(200),
});
export type AcceptDoctorInvite = z.infer<typeof acceptDoctorInviteSchema>;
export const acceptDoctorInviteResponseSchema = z.object({
  message: z.string(),
  email: z.string(),
  /** true: the invitation linked an account the doctor already had (its password was asked). */
  linkedExisting: z.boolean(),
});
export type AcceptDoctorInviteResponse = z.infer<typeof acceptDoctorInviteResponseSchema>;

/** POST /api/doctor/login */
export const doctorLoginResponseSchema = z.object({ user: doctorUserSchema, message: z.string(), language: savedLanguageSchema });
export type DoctorLoginResponse = z.infer<typeof doctorLoginResponseSchema>;

/** GET /api/doctor/day?date= (default today, Indian date). */
export const doctorDayQuerySchema = z.object({
  date: z.string().refine(isIsoDate, /*i18n*/ 'Please give the date as yyyy-mm-dd.').optional(),
});

/** One visit of the doctor's day, in the day's order (docs/decisions/039): time or token, who, arrived, called. */
export const doctorVisitSchema = z.object({
  id: z.number(),
  clinicId: z.number(),
  doctorId: z.number(),
  date: z.string(),
  startTime: z.string().nullable(),
  token: z.number().nullable(),
  repName: z.string(),
  companyName: z.string(),
  status: z.string(),
  checkedInAt: z.string().nullable(),
  calledAt: z.string().nullable(),
});
export type DoctorVisit = z.infer<typeof doctorVisitSchema>;

export const doctorDayClinicSchema = z.object({
  clinicId: z.number(),
  clinicName: z.string(),
  city: z.string(),
  doctorId: z.number(),
  doctorName: z.string(),
  /** Minutes the doctor said they run late here today (0: on time). */
  lateByMinutes: z.number(),
  /** The clinic lets the doctor edit their call settings there (doctorManagesSettings). */
  managesSettings: z.boolean(),
  /** The day closed to rep visits (No rep visits today, or the clinic's Cancel Today's Calls). */
  closed: z.boolean(),
  visits: z.array(doctorVisitSchema),
  /** The next seven days: visits booked per day (not cancelled). */
  week: z.array(z.object({ date: z.string(), count: z.number() })),
});
export type DoctorDayClinic = z.infer<typeof doctorDayClinicSchema>;

export const doctorDayResponseSchema = z.object({ date: z.string(), today: z.string(), clinics: z.array(doctorDayClinicSchema) });
export type DoctorDayResponse = z.infer<typeof doctorDayResponseSchema>;

/** POST /api/doctor/queue/next */
export const queueNextSchema = z.object({ clinicId: clinicIdField });
export type QueueNext = z.infer<typeof queueNextSchema>;
/** `current`: the visit just called (null: nobody has arrived); `next`: the one the next press would call. */
export const queueNextResponseSchema = z.object({
  message: z.string(),
  completed: doctorVisitSchema.nullable(),
  current: doctorVisitSchema.nullable(),
  next: doctorVisitSchema.nullable(),
});
export type QueueNextResponse = z.infer<typeof queueNextResponseSchema>;

/** Running late: 5 to 180 minutes, or 0 to say the doctor is on time again (decision 073). */
export const RUNNING_LATE = { min: 5, max: 180 } as const;
export const RUNNING_LATE_MESSAGE = /*i18n*/ 'Enter between 5 and 180 minutes, or 0 to clear.';
/** A change of lateness smaller than this is not told to the reps again. */
export const RUNNING_LATE_RETELL_MINUTES = 15;

export const runningLateSchema = z.object({
  clinicId: clinicIdField,
  minutes: z.coerce
    .number({ error: RUNNING_LATE_MESSAGE })
    .int(RUNNING_LATE_MESSAGE)
    .refine((m) => m === 0 || (m >= RUNNING_LATE.min && m <= RUNNING_LATE.max), RUNNING_LATE_MESSAGE),
});
export type RunningLate = z.infer<typeof runningLateSchema>;
export const runningLateResponseSchema = z.object({ message: z.string(), clinicId: z.number(), minutes: z.number(), repsTold: z.number() });
export type RunningLateResponse = z.infer<typeof runningLateResponseSchema>;

/** POST /api/doctor/cancel-today: the clinic's Cancel Today's Calls, as the doctor's act. */
export const doctorCancelTodaySchema = z.object({
  clinicId: clinicIdField,
  reason: z.enum(CANCELLATION_REASONS, { error: SELECT_REASON }),
});
export type DoctorCancelToday = z.infer<typeof doctorCancelTodaySchema>;
export const doctorCancelTodayResponseSchema = z.object({ message: z.string(), cancelledCount: z.number(), emailsSent: z.number() });
export type DoctorCancelTodayResponse = z.infer<typeof doctorCancelTodayResponseSchema>;

/** GET/PUT /api/doctor/settings/{clinicId} */
export const doctorSettingsParamsSchema = z.object({ clinicId: clinicIdField });
