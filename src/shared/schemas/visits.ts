import { z } from 'zod';
import { addDays, isIsoDate } from '../dates';
import { CHECK_IN_MESSAGES, CLINIC_STATUS_MOVES, HISTORY_MAX_DAYS, isCheckInCode, VISIT_STATUSES, VISIT_STATUS_MESSAGES } from '../booking/visit-status';
import { clinicAppointmentSchema } from './clinic';

// Wire contracts of a visit's life after booking (docs/decisions/041-visit-outcomes-and-proof.md): the clinic's status
// moves, the reception's check-in code, the rep's check-in, the signed proof of visit and the visit histories.

const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);
const isoDate = (message: string) => z.string({ error: message }).refine(isIsoDate, message);

// --- the clinic moves a visit ----------------------------------------------------------------------------------

/** POST /api/clinic/appointments/:id/status */
export const visitIdParamsSchema = z.object({ id: id(/*i18n*/ 'Appointment not found') });
export const visitStatusChangeSchema = z.object({
  status: z.enum(CLINIC_STATUS_MOVES, { error: /*i18n*/ 'Please choose confirmed, cancelled, completed or no_show.' }),
  /** Required to cancel (decline): the rep is e-mailed it. */
  reason: z.string({ error: VISIT_STATUS_MESSAGES.reasonRequired }).trim().max(200, /*i18n*/ 'Please keep the reason under 200 characters.').optional(),
});
export type VisitStatusChange = z.infer<typeof visitStatusChangeSchema>;
export const visitStatusChangedResponseSchema = z.object({ message: z.string(), appointment: clinicAppointmentSchema });
export type VisitStatusChangedResponse = z.infer<typeof visitStatusChangedResponseSchema>;

// --- check-in at reception ------------------------------------------------------------------------------------

/** GET /api/clinic/check-in-code?clinicId= */
export const checkInCodeQuerySchema = z.object({ clinicId: id(/*i18n*/ 'Please login to access the clinic dashboard.') });
/** `expiresAt`: ISO instant the code is replaced; the previous code is still accepted one step longer. */
export const checkInCodeResponseSchema = z.object({ code: z.string(), expiresAt: z.string() });
export type CheckInCodeResponse = z.infer<typeof checkInCodeResponseSchema>;

/**
 * POST /api/medrep/check-in. `typedAt`: the ISO instant the code was typed when the check-in waited on the device
 * (offline); the code must have been valid then, on the visit's date. Absent: now.
 */
export const checkInSchema = z.object({
  appointmentId: id(/*i18n*/ 'Appointment not found'),
  code: z
    .string({ error: CHECK_IN_MESSAGES.invalidCode })
    .trim()
    .refine((c) => isCheckInCode(c), CHECK_IN_MESSAGES.invalidCode),
  typedAt: z.iso.datetime({ offset: true, error: /*i18n*/ 'Please give the time the code was typed as an ISO date and time.' }).optional(),
});
export type CheckIn = z.infer<typeof checkInSchema>;
export const checkInResponseSchema = z.object({ message: z.string(), checkedInAt: z.string() });
export type CheckInResponse = z.infer<typeof checkInResponseSchema>;

// --- the signed proof of visit ----------------------------------------------------------------------------------

/** What a proof of visit says, signed by the server (Ed25519). */
export const provenVisitSchema = z.object({
  id: z.number(),
  repName: z.string(),
  company: z.string(),
  doctorName: z.string(),
  doctorSpecialty: z.string(),
  clinicName: z.string(),
  clinicCity: z.string(),
  clinicState: z.string(),
  /** yyyy-mm-dd, the Indian date of the visit */
  date: z.string(),
  /** "HH:MM" where the doctor has visiting hours, else null */
  startTime: z.string().nullable(),
  /** ISO instant of the check-in: the instant the code was typed (earlier than the next one when typed offline) */
  checkedInAt: z.string(),
  /** ISO instant the server accepted the check-in (docs/decisions/046); absent from proofs signed before it was kept */
  checkInReceivedAt: z.string().optional(),
  /** ISO instant the proof was signed */
  issuedAt: z.string(),
});
export type ProvenVisit = z.infer<typeof provenVisitSchema>;

/** GET /api/medrep/visits/:id/receipt: a compact signed token (payload.signature, base64url). */
export const receiptResponseSchema = z.object({ receipt: z.string() });
export type ReceiptResponse = z.infer<typeof receiptResponseSchema>;

export const RECEIPT_MAX_LENGTH = 4096;
/** POST /api/verify-visit (public; also the page /verify-visit?receipt=) */
export const verifyVisitSchema = z.object({
  receipt: z
    .string({ error: /*i18n*/ 'Please give the proof of visit to check.' })
    .trim()
    .min(1, /*i18n*/ 'Please give the proof of visit to check.')
    .max(RECEIPT_MAX_LENGTH)
    // Control characters are a 400, as in every field; any other text that is no receipt is answered 'not valid'.
    // eslint-disable-next-line no-control-regex
    .refine((r) => !/[\u0000-\u001f\u007f-\u009f]/.test(r), /*i18n*/ 'This is not a proof of visit.'),
});
export type VerifyVisit = z.infer<typeof verifyVisitSchema>;
/** `reason`: why a proof whose signature holds is not valid, the visit's outcome since (docs/decisions/046); else null. */
export const verifyVisitResponseSchema = z.object({ valid: z.boolean(), visit: provenVisitSchema.nullable(), reason: z.string().nullable() });
export type VerifyVisitResponse = z.infer<typeof verifyVisitResponseSchema>;

// --- histories and the call report ------------------------------------------------------------------------------

/** from/to (yyyy-mm-dd, inclusive): both optional; at most HISTORY_MAX_DAYS apart. Defaults: the last 30 days to today. */
const rangeFields = {
  from: isoDate(/*i18n*/ 'Please give the from date as yyyy-mm-dd.').optional(),
  to: isoDate(/*i18n*/ 'Please give the to date as yyyy-mm-dd.').optional(),
};
const rangeCheck = (v: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  // zod runs an object's refinement even when a field failed: a date that is no date has its own message already.
  if (!v.from || !v.to || !isIsoDate(v.from) || !isIsoDate(v.to)) return;
  if (v.from > v.to) ctx.addIssue({ code: 'custom', message: /*i18n*/ 'The from date must not be after the to date.', path: ['from'] });
  if (addDays(v.from, HISTORY_MAX_DAYS - 1) < v.to)
    ctx.addIssue({ code: 'custom', message: /*i18n*/ 'Please choose a date range of at most one year.', path: ['to'] });
};

/** GET /api/rep-visits?from=&to= and GET /api/rep-visits.csv?from=&to= */
export const repVisitsQuerySchema = z.object(rangeFields).superRefine(rangeCheck);
export type RepVisitsQuery = z.infer<typeof repVisitsQuerySchema>;

export const repVisitSchema = z.object({
  id: z.number(),
  appointment_date: z.string(),
  start_time: z.string().nullable(),
  doctor_name: z.string(),
  doctor_specialty: z.string(),
  clinic_name: z.string(),
  clinic_city: z.string(),
  status: z.enum(VISIT_STATUSES),
  /** rep | clinic | admin | system, for a cancelled visit */
  cancelled_by: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  checked_in_at: z.string().nullable(),
});
export type RepVisit = z.infer<typeof repVisitSchema>;
/** The rep's visits in the range, newest first; `from`/`to`: the range answered (the defaults filled in). */
export const repVisitsResponseSchema = z.object({ visits: z.array(repVisitSchema), from: z.string(), to: z.string() });
export type RepVisitsResponse = z.infer<typeof repVisitsResponseSchema>;

/** GET /api/clinic/visits?clinicId=&doctorId=&from=&to= and GET /api/clinic/visits.csv with the same query */
export const clinicVisitsQuerySchema = z
  .object({
    clinicId: id(/*i18n*/ 'Please login to access the clinic dashboard.'),
    doctorId: id(/*i18n*/ 'Please select a doctor first.').optional(),
    ...rangeFields,
  })
  .superRefine(rangeCheck);
export type ClinicVisitsQuery = z.infer<typeof clinicVisitsQuerySchema>;

export const clinicVisitSchema = z.object({
  id: z.number(),
  appointment_date: z.string(),
  start_time: z.string().nullable(),
  doctor_id: z.number(),
  doctor_name: z.string(),
  rep_name: z.string(),
  company_name: z.string(),
  status: z.enum(VISIT_STATUSES),
  cancelled_by: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  checked_in_at: z.string().nullable(),
});
export type ClinicVisit = z.infer<typeof clinicVisitSchema>;
export const clinicVisitsResponseSchema = z.object({ visits: z.array(clinicVisitSchema), from: z.string(), to: z.string() });
export type ClinicVisitsResponse = z.infer<typeof clinicVisitsResponseSchema>;
