import { z } from 'zod';
import { isClockTime, VISIT_TIME_MESSAGES } from '../booking/visit-windows';
import { WAITLIST_STATUSES } from '../booking/waitlist';
import { bookedAppointmentSchema, isoDateSchema } from './booking';

// Wire contracts of rescheduling and the waitlist (docs/decisions/043-rescheduling-and-waitlist.md). The messages
// live in the pure rules (src/shared/booking/waitlist.ts); these schemas check shapes.

const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

/** POST /api/appointments/:id/reschedule */
export const rescheduleSchema = z.object({
  appointmentDate: isoDateSchema,
  /** "HH:MM": required when the doctor has visiting hours there, refused when not (docs/decisions/039). */
  startTime: z.string({ error: VISIT_TIME_MESSAGES.notOffered }).refine(isClockTime, VISIT_TIME_MESSAGES.notOffered).optional(),
});
export type Reschedule = z.infer<typeof rescheduleSchema>;

export const rescheduleResponseSchema = z.object({ message: z.string(), appointment: bookedAppointmentSchema });
export type RescheduleResponse = z.infer<typeof rescheduleResponseSchema>;

/** POST /api/waitlist */
export const joinWaitlistSchema = z.object({
  doctorId: id(/*i18n*/ 'Please select a doctor'),
  clinicId: id(/*i18n*/ 'Please select a clinic'),
  date: isoDateSchema,
});
export type JoinWaitlist = z.infer<typeof joinWaitlistSchema>;

/** DELETE /api/waitlist/:id, POST /api/waitlist/:id/accept and /decline */
export const waitlistIdParamsSchema = z.object({ id: id(/*i18n*/ 'Waitlist entry not found') });

export const waitlistStatusSchema = z.enum(WAITLIST_STATUSES);

export const waitlistEntrySchema = z.object({
  id: z.number(),
  doctorId: z.number(),
  clinicId: z.number(),
  /** yyyy-mm-dd */
  date: z.string(),
  /** 1 for the first waiting rep; null once no longer waiting */
  position: z.number().nullable(),
  status: waitlistStatusSchema,
  /** ISO instant while an offer holds its slot, else null */
  offerExpiresAt: z.string().nullable(),
  /** what My Appointments shows */
  doctorName: z.string(),
  doctorSpecialty: z.string(),
  clinicName: z.string(),
  /** "HH:MM" of the held visit time with visiting hours, else null */
  heldStartTime: z.string().nullable(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

export const joinWaitlistResponseSchema = z.object({
  message: z.string(),
  entry: z.object({ id: z.number(), position: z.number(), status: z.literal('waiting') }),
});
export type JoinWaitlistResponse = z.infer<typeof joinWaitlistResponseSchema>;

export const waitlistResponseSchema = z.object({ entries: z.array(waitlistEntrySchema) });
export type WaitlistResponse = z.infer<typeof waitlistResponseSchema>;

export const acceptOfferResponseSchema = z.object({
  message: z.string(),
  appointment: bookedAppointmentSchema,
  /** the rep's other places in the lines of that doctor's days, given up with the visit booked (docs/decisions/050) */
  released: z.number().int(),
});
export type AcceptOfferResponse = z.infer<typeof acceptOfferResponseSchema>;
