import { z } from 'zod';
import { isIsoDate } from '../dates';
import type { DayBlockReason } from '../booking/booking-rules';
import { isClockTime, VISIT_TIME_MESSAGES } from '../booking/visit-windows';
import { visitWindowSchema } from './clinic';
import { nextCursorSchema, pageQuerySchema } from './pagination';

// Wire contracts of the rep's booking area (spec part 2, 7: Rep dashboard calls). The spec's messages live
// in the pure rules (src/shared/booking/booking-rules.ts); these schemas check shapes.

const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);
const text = (message: string) => z.string({ error: message }).trim().min(1, message).max(200, message);

export const isoDateSchema = z.string({ error: /*i18n*/ 'Please select a valid date.' }).refine(isIsoDate, /*i18n*/ 'Please select a valid date.');

/** POST /api/book-appointment (also replayed by the offline queue with an Idempotency-Key header). */
export const bookAppointmentSchema = z.object({
  doctorId: id(/*i18n*/ 'Please select a doctor'),
  clinicId: id(/*i18n*/ 'Please select a clinic'),
  repId: id(/*i18n*/ 'You must be logged in to book an appointment'),
  appointmentDate: isoDateSchema,
  /** "HH:MM": required when the doctor has visiting hours there, refused when not (docs/decisions/039). */
  startTime: z.string({ error: VISIT_TIME_MESSAGES.notOffered }).refine(isClockTime, VISIT_TIME_MESSAGES.notOffered).optional(),
});
export type BookAppointment = z.infer<typeof bookAppointmentSchema>;

/** GET /api/available-states[?bookable=true] */
export const availableStatesQuerySchema = z.object({
  bookable: z.enum(['true', 'false']).optional(),
});

/** GET /api/cities-by-state?state= */
export const citiesByStateQuerySchema = z.object({ state: text(/*i18n*/ 'Please select a state') });

/** GET /api/doctors/specialties?state=&city= */
export const specialtiesQuerySchema = z.object({ state: text(/*i18n*/ 'Please select a state'), city: text(/*i18n*/ 'Please select a city') });

/** GET /api/doctors/locations?state=&city=&specialty=[&q=][&limit=][&cursor=]: a page (50 unless asked), searched by name. */
export const doctorsByLocationQuerySchema = specialtiesQuerySchema.extend({
  specialty: text(/*i18n*/ 'Please select a specialty'),
  q: z.string().trim().max(100, /*i18n*/ 'Search at most 100 characters').optional(),
  ...pageQuerySchema.shape,
});

/**
 * GET /api/clinics-by-doctor?doctorId=[&state=][&city=]: the doctor's bookable clinics, only those in the state
 * and city the rep chose when they are given (the cascade's last step, spec part 2, 2.1).
 */
export const clinicsByDoctorQuerySchema = z.object({
  doctorId: id(/*i18n*/ 'Please select a doctor'),
  state: text(/*i18n*/ 'Please select a state').optional(),
  city: text(/*i18n*/ 'Please select a city').optional(),
});

/** GET /api/doctor-availability?clinicId=&doctorId= */
export const doctorAvailabilityQuerySchema = z.object({ clinicId: id(/*i18n*/ 'Please select a clinic'), doctorId: id(/*i18n*/ 'Please select a doctor') });

/**
 * Rescheduling (docs/decisions/043): the calendar and the day's times of the doctor and clinic of the rep's visit
 * `rescheduleId`, judged as if that visit did not exist (the rules the move is judged by).
 */
const rescheduleQuery = { rescheduleId: id(/*i18n*/ 'Appointment not found').optional() };

/** GET /api/booking/calendar?clinicId=&doctorId=&month=yyyy-mm[&rescheduleId=] */
export const bookingCalendarQuerySchema = doctorAvailabilityQuerySchema.extend({
  ...rescheduleQuery,
  month: z
    .string({ error: /*i18n*/ 'Please give a month as yyyy-mm' })
    .refine((m) => /^\d{4}-\d{2}$/.test(m) && isIsoDate(`${m}-01`), /*i18n*/ 'Please give a month as yyyy-mm'),
});

/** GET /api/booking/day-slots?doctorId=&clinicId=&date=[&rescheduleId=] */
export const daySlotsQuerySchema = doctorAvailabilityQuerySchema.extend({ date: isoDateSchema, ...rescheduleQuery });

/** GET /api/rep-appointments?repId= */
export const repAppointmentsQuerySchema = z.object({ repId: id(/*i18n*/ 'You must be logged in to view appointments') });

/** DELETE /api/appointments/:id */
export const appointmentIdParamsSchema = z.object({ id: id(/*i18n*/ 'Appointment not found') });

// --- response shapes (the routes' response schemas; the rep dashboard's types are the same) --------

export const statesResponseSchema = z.object({ states: z.array(z.string()) });
export type StatesResponse = z.infer<typeof statesResponseSchema>;
export const citiesResponseSchema = z.object({ cities: z.array(z.string()) });
export type CitiesResponse = z.infer<typeof citiesResponseSchema>;
export const specialtiesResponseSchema = z.object({ specialties: z.array(z.string()) });
export type SpecialtiesResponse = z.infer<typeof specialtiesResponseSchema>;
export const doctorOptionSchema = z.object({ id: z.number(), name: z.string(), specialty: z.string() });
export type DoctorOption = z.infer<typeof doctorOptionSchema>;
export const doctorsResponseSchema = z.object({ doctors: z.array(doctorOptionSchema), nextCursor: nextCursorSchema });
export type DoctorsResponse = z.infer<typeof doctorsResponseSchema>;
export const clinicOptionSchema = z.object({ id: z.number(), clinic_name: z.string(), city: z.string(), state: z.string() });
export type ClinicOption = z.infer<typeof clinicOptionSchema>;
export const clinicsResponseSchema = z.object({ clinics: z.array(clinicOptionSchema) });
export type ClinicsResponse = z.infer<typeof clinicsResponseSchema>;

export const doctorAvailabilitySettingsSchema = z.object({
  doctorName: z.string(),
  /** monday..sunday -> available */
  availableDays: z.record(z.string(), z.boolean()),
  maxSlots: z.number(),
  callFrequency: z.number(),
  /** visiting hours, earliest first; [] is the whole day (docs/decisions/039) */
  visitWindows: z.array(visitWindowSchema),
  slotMinutes: z.number(),
});
export type DoctorAvailabilitySettings = z.infer<typeof doctorAvailabilitySettingsSchema>;
export const doctorAvailabilityResponseSchema = z.object({ settings: doctorAvailabilitySettingsSchema });
export type DoctorAvailabilityResponse = z.infer<typeof doctorAvailabilityResponseSchema>;

const dayBlockReasonSchema: z.ZodType<DayBlockReason> = z.enum([
  'past',
  'beyond_horizon',
  'unavailable_weekday',
  'clinic_closed',
  'leave',
  'closed',
  'frequency',
  'full',
  'already_booked',
  'has_future_appointment',
]);

export const calendarDaySchema = z.object({
  date: z.string(),
  selectable: z.boolean(),
  /** null when selectable */
  reason: dayBlockReasonSchema.nullable(),
  slotsLeft: z.number(),
  /** on a 'frequency' day only: the date its message names (call frequency, docs/decisions/034) */
  cutoff: z.string().optional(),
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;

/** GET /api/booking/day-slots: the day's visit times; `slots` is empty when the doctor has no visiting hours. */
export const daySlotsResponseSchema = z.object({
  date: z.string(),
  windows: z.array(visitWindowSchema),
  slotMinutes: z.number(),
  slots: z.array(z.object({ time: z.string(), available: z.boolean() })),
  slotsLeft: z.number(),
});
export type DaySlotsResponse = z.infer<typeof daySlotsResponseSchema>;

export const repFutureAppointmentSchema = z.object({ id: z.number(), appointment_date: z.string(), status: z.string() });
export type RepFutureAppointment = z.infer<typeof repFutureAppointmentSchema>;

export const bookingCalendarResponseSchema = z.object({
  /** today in India, yyyy-mm-dd */
  today: z.string(),
  month: z.string(),
  settings: doctorAvailabilitySettingsSchema,
  days: z.array(calendarDaySchema),
  /** true => show 'Booking Currently Disabled' instead of the calendar */
  hasFutureAppointment: z.boolean(),
  futureAppointment: repFutureAppointmentSchema.nullable(),
  /** the spec's call-frequency cutoff (yyyy-mm-dd), or null; days frozen later carry their own `cutoff` */
  frequencyCutoff: z.string().nullable(),
  /** the last date that can be booked (today plus BOOKING_HORIZON_DAYS, yyyy-mm-dd; docs/decisions/032) */
  lastBookableDate: z.string(),
  /** whether the rep's subscription allows booking now */
  subscriptionActive: z.boolean(),
});
export type BookingCalendarResponse = z.infer<typeof bookingCalendarResponseSchema>;

/** A visit's time and its place in the doctor's day at the clinic (docs/decisions/039). */
const visitOrder = {
  /** "HH:MM" with visiting hours, else null */
  start_time: z.string().nullable(),
  /** 1 for the first visit of the day; null for a cancelled one */
  token: z.number().nullable(),
};

export const repAppointmentSchema = z.object({
  id: z.number(),
  appointment_date: z.string(),
  ...visitOrder,
  status: z.string(),
  doctor_name: z.string(),
  doctor_specialty: z.string(),
  clinic_name: z.string(),
  clinic_id: z.number(),
  doctor_id: z.number(),
  /** When the rep checked in at reception, ISO instant; null before (docs/decisions/041). */
  checked_in_at: z.string().nullable(),
  /** The clinic confirms bookings of this doctor: 'booked' reads 'Awaiting confirmation'. */
  requires_approval: z.boolean(),
});
export type RepAppointment = z.infer<typeof repAppointmentSchema>;
export const repAppointmentsResponseSchema = z.object({ appointments: z.array(repAppointmentSchema) });
export type RepAppointmentsResponse = z.infer<typeof repAppointmentsResponseSchema>;

export const bookedAppointmentSchema = z.object({
  id: z.number(),
  appointment_date: z.string(),
  ...visitOrder,
  status: z.string(),
  doctor_id: z.number(),
  doctor_name: z.string(),
  clinic_id: z.number(),
  clinic_name: z.string(),
  rep_id: z.number(),
  booked_at: z.string(),
  /** Booked where the clinic confirms each booking: the rep reads 'Awaiting confirmation' (decisions 041, 053). */
  requires_approval: z.boolean(),
});
export type BookedAppointment = z.infer<typeof bookedAppointmentSchema>;
export const bookAppointmentResponseSchema = z.object({ message: z.string(), appointment: bookedAppointmentSchema });
export type BookAppointmentResponse = z.infer<typeof bookAppointmentResponseSchema>;
