import { z } from 'zod';
import { QUEUE_STATUSES } from '../booking/queue-eta';

// Wire contracts of the live queue (docs/decisions/074-live-queue.md): a rep's place in line and its ETA, and the
// clinic's queue board. The streams (text/event-stream) send the same objects as their events' data.

const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

/** GET /api/appointments/:id/queue, GET /api/live/appointments/:id */
export const queueParamsSchema = z.object({ id: id(/*i18n*/ 'Appointment not found') });

/** The queue state of one visit (src/shared/booking/queue-eta.ts `QueueState`). */
export const visitQueueSchema = z.object({
  position: z.number().nullable(),
  ahead: z.number(),
  etaMinutes: z.number().nullable(),
  status: z.enum(QUEUE_STATUSES),
  lateByMinutes: z.number(),
  calledAt: z.string().nullable(),
});
export type VisitQueue = z.infer<typeof visitQueueSchema>;

/** GET /api/clinic/queue-board?clinicId=, GET /api/live/clinic-queue?clinicId= */
export const queueBoardQuerySchema = z.object({ clinicId: id(/*i18n*/ 'Please login to access the clinic dashboard.') });

/** One doctor's day on the board: tokens and counts only, never a rep's name or company (decision 074). */
export const boardDoctorSchema = z.object({
  doctorId: z.number(),
  doctorName: z.string(),
  /** The token in the room (called in, not yet completed); null when none. */
  nowSeeing: z.number().nullable(),
  /** The tokens still to be seen, in the day's order. */
  waitingTokens: z.array(z.number()),
  waiting: z.number(),
  arrived: z.number(),
  done: z.number(),
  lateByMinutes: z.number(),
});
export type BoardDoctor = z.infer<typeof boardDoctorSchema>;
/** `language`: the clinic account's (docs/decisions/045), which the board shows in unless a `?lang=` link says otherwise. */
export const queueBoardSchema = z.object({ date: z.string(), clinicName: z.string(), language: z.string().nullable(), doctors: z.array(boardDoctorSchema) });
export type QueueBoard = z.infer<typeof queueBoardSchema>;
