import { z } from 'zod';
import { daysBetween, isIsoDate } from '../dates';
import { schemaMessage } from '../i18n/message';

// Planned absences (docs/decisions/040-planned-absences.md): a doctor's leave or a whole-clinic closure, entered
// ahead in the clinic's 'Leave & Holidays' panel. The server is the authority; the panel reuses these to be kind.

/** `inForce`: absences not ended and not over a clinic may hold at once, which bounds the panel's list (ARCHITECTURE rule 15). */
export const LEAVE_LIMITS = { maxDays: 365, reasonMin: 3, reasonMax: 200, inForce: 100 } as const;

export const LEAVE_MESSAGES = {
  from: /*i18n*/ 'Please select the first day of the absence.',
  to: /*i18n*/ 'Please select the last day of the absence.',
  order: /*i18n*/ 'The last day cannot be before the first day.',
  past: /*i18n*/ 'The first day cannot be in the past.',
  tooLong: schemaMessage(/*i18n*/ { id: 'An absence can last at most {max} days.', values: { max: LEAVE_LIMITS.maxDays } }),
  reason: schemaMessage(
    /*i18n*/ { id: 'Please give a reason of {min} to {max} characters.', values: { min: LEAVE_LIMITS.reasonMin, max: LEAVE_LIMITS.reasonMax } },
  ),
  notFound: /*i18n*/ 'Absence not found',
  tooMany: schemaMessage(
    /*i18n*/ {
      id: 'A clinic can plan at most {max} absences at a time. Please end one that is no longer needed first.',
      values: {
        max: LEAVE_LIMITS.inForce,
      },
    },
  ),
  created: /*i18n*/ 'Absence saved',
  ended: /*i18n*/ 'Absence ended: its days can be booked again.',
} as const;

const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);
const date = (message: string) => z.string({ error: message }).refine(isIsoDate, message);
const CLINIC = /*i18n*/ 'Please login to access the clinic dashboard.';

/** The days an absence covers, counting both ends. */
export const absenceDays = (from: string, to: string) => daysBetween(from, to) + 1;

const range = z.object({ from: date(LEAVE_MESSAGES.from), to: date(LEAVE_MESSAGES.to) });
const checkRange = (v: { from: string; to: string }, ctx: z.RefinementCtx) => {
  if (v.to < v.from) ctx.addIssue({ code: 'custom', message: LEAVE_MESSAGES.order, path: ['to'] });
  else if (absenceDays(v.from, v.to) > LEAVE_LIMITS.maxDays) ctx.addIssue({ code: 'custom', message: LEAVE_MESSAGES.tooLong, path: ['to'] });
};

/** POST /api/clinic/leave: doctorId null closes the whole clinic. A past `from` is refused by the server (it knows today). */
export const createLeaveSchema = range
  .extend({
    clinicId: id(CLINIC),
    doctorId: id(/*i18n*/ 'Please select a doctor first.').nullable(),
    reason: z
      .string({ error: LEAVE_MESSAGES.reason })
      .trim()
      .min(LEAVE_LIMITS.reasonMin, LEAVE_MESSAGES.reason)
      .max(LEAVE_LIMITS.reasonMax, LEAVE_MESSAGES.reason)
      .regex(/^[^\p{Cc}\p{Cf}]*$/u, LEAVE_MESSAGES.reason),
  })
  .superRefine(checkRange);
export type CreateLeave = z.infer<typeof createLeaveSchema>;

/** GET /api/clinic/leave/preview?clinicId=&doctorId=&from=&to=: what saving would cancel (doctorId absent: whole clinic). */
export const leavePreviewQuerySchema = range
  .extend({ clinicId: id(CLINIC), doctorId: id(/*i18n*/ 'Please select a doctor first.').optional() })
  .superRefine(checkRange);
export const leavePreviewResponseSchema = z.object({ cancelledCount: z.number() });
export type LeavePreviewResponse = z.infer<typeof leavePreviewResponseSchema>;

/** GET /api/clinic/leave?clinicId=[&from=][&to=]: absences not ended that overlap the range (default: today on). */
export const listLeaveQuerySchema = z.object({ clinicId: id(CLINIC), from: date(LEAVE_MESSAGES.from).optional(), to: date(LEAVE_MESSAGES.to).optional() });

/** DELETE /api/clinic/leave/{id} */
export const leaveIdParamsSchema = z.object({ id: id(LEAVE_MESSAGES.notFound) });

export const leaveSchema = z.object({
  id: z.number(),
  clinicId: z.number(),
  /** null: the whole clinic */
  doctorId: z.number().nullable(),
  from: z.string(),
  to: z.string(),
  reason: z.string(),
});
export type Leave = z.infer<typeof leaveSchema>;

export const createLeaveResponseSchema = z.object({
  message: z.string(),
  leave: leaveSchema,
  cancelledCount: z.number(),
  /** reps told (an e-mail each, with a calendar CANCEL, and a push where allowed) */
  notified: z.number(),
});
export type CreateLeaveResponse = z.infer<typeof createLeaveResponseSchema>;

export const listLeaveResponseSchema = z.object({ leaves: z.array(leaveSchema) });
export type ListLeaveResponse = z.infer<typeof listLeaveResponseSchema>;
