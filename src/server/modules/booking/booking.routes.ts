import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest } from '../../errors';
import { actorOf, assertSelf, requireUser, sessionRateKey } from '../../plugins/auth';
import {
  appointmentIdParamsSchema,
  bookAppointmentResponseSchema,
  bookAppointmentSchema,
  bookingCalendarQuerySchema,
  bookingCalendarResponseSchema,
  daySlotsQuerySchema,
  daySlotsResponseSchema,
  doctorAvailabilityQuerySchema,
  doctorAvailabilityResponseSchema,
  repAppointmentsQuerySchema,
  repAppointmentsResponseSchema,
} from '../../../shared/schemas/booking';
import { messageResponseSchema, errorResponses } from '../../../shared/schemas/common';
import { BOOKING_MESSAGES } from '../../../shared/booking/booking-rules';
import { getBookingCalendar, getDaySlots, getDoctorAvailability, type CalendarMonth } from './availability.service';
import { memoizedAnswers, sendWritten } from '../../plugins/response-serializer';
import { bookAppointment, cancelAppointment, listRepAppointments } from './booking.service';
import { rescheduleAppointment } from './reschedule.service';
import { rescheduleResponseSchema, rescheduleSchema } from '../../../shared/schemas/waitlist';
import { RESCHEDULE_MESSAGES } from '../../../shared/booking/waitlist';
import { messageOf } from '../../../shared/i18n/message';
import { answerWithMessage } from '../../plugins/locale';

// The rep's booking calls (spec part 2, 7 Rep dashboard). Every repId must be the signed-in rep's (403);
// another rep's appointment is not shown to exist (404). GET /api/doctor-appointments belongs to the clinic
// area; the rep's calendar reads GET /api/booking/calendar.

/** The one error shape (ARCHITECTURE rule 4) for every failure of these calls. */

/** The calendar's answer, written once per cached month and subscription state (response-serializer.ts). */
const calendarAnswer = memoizedAnswers(bookingCalendarResponseSchema, (month: CalendarMonth, subscriptionActive: boolean) => ({
  subscriptionActive,
  ...month,
}));

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{1,200}$/;

export async function bookingRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const rep = requireUser(['medrep']);
  // spec part 2, 5: a booking without a rep's session is refused in the spec's words.
  const bookingRep = requireUser(['medrep'], { unauthorizedMessage: BOOKING_MESSAGES.mustBeLoggedIn });

  app.get(
    '/api/doctor-availability',
    { preHandler: rep, schema: { querystring: doctorAvailabilityQuerySchema, response: { 200: doctorAvailabilityResponseSchema, ...errorResponses } } },
    async (request) => ({
      settings: await getDoctorAvailability(app, request.query),
    }),
  );

  app.get(
    '/api/booking/calendar',
    { preHandler: rep, schema: { querystring: bookingCalendarQuerySchema, response: { 200: bookingCalendarResponseSchema, ...errorResponses } } },
    async (request, reply) => {
      const actor = await actorOf(request);
      const { month, subscriptionActive } = await getBookingCalendar(app, { repId: actor.id, ...request.query });
      return sendWritten(reply, calendarAnswer(month, subscriptionActive));
    },
  );

  // The day's visit times (docs/decisions/039). A session-guarded read like the calendar, and like it not rate
  // limited (the limits guard writes and the unauthenticated calls).
  app.get(
    '/api/booking/day-slots',
    { preHandler: rep, schema: { querystring: daySlotsQuerySchema, response: { 200: daySlotsResponseSchema, ...errorResponses } } },
    async (request) => {
      const actor = await actorOf(request);
      return getDaySlots(app, { repId: actor.id, ...request.query });
    },
  );

  app.post(
    '/api/book-appointment',
    {
      preHandler: bookingRep,
      // A booking is 201; a refusal by the rules (stored and replayed like a booking) is the one error shape.
      schema: { body: bookAppointmentSchema, response: { 201: bookAppointmentResponseSchema, ...errorResponses } },
      config: { rateLimit: { max: 60, timeWindow: '1 minute', keyGenerator: sessionRateKey } },
    },
    async (request, reply) => {
      assertSelf(await actorOf(request), 'medrep', request.body.repId);
      const header = request.headers['idempotency-key'];
      const key = Array.isArray(header) ? header[0] : header;
      if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) throw badRequest(/*i18n*/ 'The Idempotency-Key header must be 1 to 200 letters, digits or -_.:');
      const answer = await bookAppointment(app, { input: request.body, idempotencyKey: key });
      if (answer.replayed) reply.header('Idempotent-Replayed', 'true');
      const { message, ...rest } = answer.body;
      return reply.status(answer.statusCode).send(answerWithMessage(messageOf(message), rest));
    },
  );

  app.get(
    '/api/rep-appointments',
    { preHandler: rep, schema: { querystring: repAppointmentsQuerySchema, response: { 200: repAppointmentsResponseSchema, ...errorResponses } } },
    async (request) => {
      assertSelf(await actorOf(request), 'medrep', request.query.repId);
      return { appointments: await listRepAppointments(app, { repId: request.query.repId }) };
    },
  );

  // Moves the rep's own visit (docs/decisions/043); rate limited like booking, which it is.
  app.post(
    '/api/appointments/:id/reschedule',
    {
      preHandler: bookingRep,
      schema: { params: appointmentIdParamsSchema, body: rescheduleSchema, response: { 200: rescheduleResponseSchema, ...errorResponses } },
      config: { rateLimit: { max: 60, timeWindow: '1 minute', keyGenerator: sessionRateKey } },
    },
    async (request) => {
      const actor = await actorOf(request);
      const appointment = await rescheduleAppointment(app, { repId: actor.id, appointmentId: request.params.id, input: request.body });
      return { message: RESCHEDULE_MESSAGES.rescheduled, appointment };
    },
  );

  app.delete(
    '/api/appointments/:id',
    { preHandler: rep, schema: { params: appointmentIdParamsSchema, response: { 200: messageResponseSchema, ...errorResponses } } },
    async (request) => {
      const actor = await actorOf(request);
      await cancelAppointment(app, { repId: actor.id, appointmentId: request.params.id });
      return { message: BOOKING_MESSAGES.cancelled };
    },
  );
}
