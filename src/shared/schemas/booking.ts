import { z } from 'zod';
import { isIsoDate } from '../dates';
import type { DayBlockReason } from '../booking/booking-rules';

// Wire contracts of the rep's booking area (spec part 2, 7: Rep dashboard calls). The spec's messages live
// in the pure rules (src/shared/booking/booking-rules.ts); these schemas check shapes.

const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);
const text = (message: string) => z.string({ error: message }).trim().min(1, message).max(200, message);

export const isoDateSchema = z
  .string({ error: 'Please select a valid date.' })
  .refine(isIsoDate, 'Please select a valid date.');

/** POST /api/book-appointment (also replayed by the offline queue with an Idempotency-Key header). */
export const bookAppointmentSchema = z.object({
  doctorId: id('Please select a doctor'),
  clinicId: id('Please select a clinic'),
  repId: id('You must be logged in to book an appointment'),
  appointmentDate: isoDateSchema,
});
export type BookAppointment = z.infer<typeof bookAppointmentSchema>;

/** GET /api/available-states[?bookable=true] */
export const availableStatesQuerySchema = z.object({
  bookable: z.enum(['true', 'false']).optional(),
});

/** GET /api/cities-by-state?state= */
export const citiesByStateQuerySchema = z.object({ state: text('Please select a state') });

/** GET /api/doctors/specialties?state=&city= */
export const specialtiesQuerySchema = z.object({ state: text('Please select a state'), city: text('Please select a city') });

/** GET /api/doctors/locations?state=&city=&specialty= */
export const doctorsByLocationQuerySchema = specialtiesQuerySchema.extend({ specialty: text('Please select a specialty') });

/** GET /api/clinics-by-doctor?doctorId= */
export const clinicsByDoctorQuerySchema = z.object({ doctorId: id('Please select a doctor') });

/** GET /api/doctor-availability?clinicId=&doctorId= */
export const doctorAvailabilityQuerySchema = z.object({ clinicId: id('Please select a clinic'), doctorId: id('Please select a doctor') });

/** GET /api/booking/calendar?clinicId=&doctorId=&month=yyyy-mm */
export const bookingCalendarQuerySchema = doctorAvailabilityQuerySchema.extend({
  month: z
    .string({ error: 'Please give a month as yyyy-mm' })
    .refine((m) => /^\d{4}-\d{2}$/.test(m) && isIsoDate(`${m}-01`), 'Please give a month as yyyy-mm'),
});

/** GET /api/rep-appointments?repId= */
export const repAppointmentsQuerySchema = z.object({ repId: id('You must be logged in to view appointments') });

/** DELETE /api/appointments/:id */
export const appointmentIdParamsSchema = z.object({ id: id('Appointment not found') });

// --- response shapes -----------------------------------------------------------------------------

export type StatesResponse = { states: string[] };
export type CitiesResponse = { cities: string[] };
export type SpecialtiesResponse = { specialties: string[] };
export type DoctorOption = { id: number; name: string; specialty: string };
export type DoctorsResponse = { doctors: DoctorOption[] };
export type ClinicOption = { id: number; clinic_name: string; city: string; state: string };
export type ClinicsResponse = { clinics: ClinicOption[] };

export type DoctorAvailabilitySettings = {
  doctorName: string;
  /** monday..sunday -> available */
  availableDays: Record<string, boolean>;
  maxSlots: number;
  callFrequency: number;
};
export type DoctorAvailabilityResponse = { settings: DoctorAvailabilitySettings };

export type CalendarDay = {
  date: string;
  selectable: boolean;
  /** null when selectable */
  reason: DayBlockReason | null;
  slotsLeft: number;
};

export type RepFutureAppointment = { id: number; appointment_date: string; status: string };

export type BookingCalendarResponse = {
  /** today in India, yyyy-mm-dd */
  today: string;
  month: string;
  settings: DoctorAvailabilitySettings;
  days: CalendarDay[];
  /** true => show 'Booking Currently Disabled' instead of the calendar */
  hasFutureAppointment: boolean;
  futureAppointment: RepFutureAppointment | null;
  /** first date call frequency allows (yyyy-mm-dd), or null when nothing is frozen */
  frequencyCutoff: string | null;
  /** whether the rep's subscription allows booking now */
  subscriptionActive: boolean;
};

export type RepAppointment = {
  id: number;
  appointment_date: string;
  status: string;
  doctor_name: string;
  doctor_specialty: string;
  clinic_name: string;
  clinic_id: number;
  doctor_id: number;
};
export type RepAppointmentsResponse = { appointments: RepAppointment[] };

export type BookedAppointment = {
  id: number;
  appointment_date: string;
  status: string;
  doctor_id: number;
  doctor_name: string;
  clinic_id: number;
  clinic_name: string;
  rep_id: number;
  booked_at: string;
};
export type BookAppointmentResponse = { message: string; appointment: BookedAppointment };
export type MessageResponse = { message: string };
