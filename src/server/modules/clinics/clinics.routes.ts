import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, forbidden } from '../../errors';
import { actorOf, limitClinicRoles, requireClinicRole, requireUser } from '../../plugins/auth';
import { CLINIC_ROLES_MAY } from '../../../shared/schemas/clinic-team';
import { recordSecurityEvent } from '../../plugins/security';
import {
  cancelledVisitsSchema,
  cancelTodayCallsErrorSchema,
  cancelTodayCallsSchema,
  cancelVisitsSchema,
  changePasswordSchema,
  clinicAppointmentsResponseSchema,
  clinicPreferencesResponseSchema,
  clinicPreferencesSchema,
  doctorAppointmentsQuerySchema,
  visitsCancelledResponseSchema,
} from '../../../shared/schemas/clinic';
import { messageResponseSchema, errorResponses } from '../../../shared/schemas/common';
import { changeClinicPassword, getClinicPreferences, saveClinicPreferences } from './account.service';
import { cancelTodayCalls, cancelVisits, getClinicDay } from './visitors.service';

// The clinic account (password, preferences) and the day's visitors (spec part 1, 7; decision 007); the doctors,
// call settings and leave have their own modules. Every clinicId must be the signed-in clinic's (403) and every
// doctorId one of its doctors (404).

export const CANCEL_CALLS_FAILED = /*i18n*/ "Failed to cancel today's calls. Please try again.";

export async function clinicRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Who of the clinic may (docs/decisions/072-clinic-team.md): reception runs the day; cancelling it and the account
  // settings are the owner's and managers'; the account's password the owner's alone.
  const managers = { preHandler: requireClinicRole(CLINIC_ROLES_MAY.manage) };
  const ownerOnly = { preHandler: requireClinicRole(CLINIC_ROLES_MAY.ownerOnly) };

  // --- the day's visitors ---
  // One path, two dashboards (spec part 1, 7 and part 2, 7). A clinic gets its own doctor's appointments with
  // the reps' details; the rep dashboard's variant belongs to the booking area and is not served here yet.
  app.get(
    '/api/doctor-appointments',
    {
      preHandler: [requireUser(['clinic', 'medrep']), limitClinicRoles(CLINIC_ROLES_MAY.runTheDay)],
      schema: { querystring: doctorAppointmentsQuerySchema, response: { 200: clinicAppointmentsResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const actor = await actorOf(request);
      if (actor.type !== 'clinic') throw forbidden();
      return getClinicDay(app, { actor, ...request.query });
    },
  );

  // The spec's cancel call answers failures as { error } (part 1, 8 General); `message` is kept for the one
  // error shape of the house.
  const cancelAnswers = { 200: cancelledVisitsSchema, '4xx': cancelTodayCallsErrorSchema, '5xx': cancelTodayCallsErrorSchema };
  app.post('/api/clinic/cancel-today-calls', { ...managers, schema: { response: cancelAnswers } }, async (request, reply) => {
    const parsed = cancelTodayCallsSchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? CANCEL_CALLS_FAILED;
      return reply.status(400).send({ error: message, message, code: 'validation_error' });
    }
    try {
      return await cancelTodayCalls(app, { actor: await actorOf(request), input: parsed.data });
    } catch (err) {
      if (err instanceof AppError) return reply.status(err.status).send({ error: err.message, message: err.message, code: err.code });
      request.log.error({ err }, 'cancel today calls failed');
      return reply.status(500).send({ error: CANCEL_CALLS_FAILED, message: CANCEL_CALLS_FAILED, code: 'internal' });
    }
  });

  // The visits new visiting hours leave out, which the clinic chose to cancel (docs/decisions/039).
  app.post(
    '/api/clinic/cancel-visits',
    { ...managers, schema: { body: cancelVisitsSchema, response: { 200: visitsCancelledResponseSchema, ...errorResponses } } },
    async (request) => {
      const result = await cancelVisits(app, { actor: await actorOf(request), input: request.body });
      return { message: result.cancelledCount === 1 ? '1 visit cancelled' : `${result.cancelledCount} visits cancelled`, ...result };
    },
  );

  // --- account settings ---
  app.post(
    '/api/clinic/change-password',
    {
      ...ownerOnly,
      schema: { body: changePasswordSchema, response: { 200: messageResponseSchema, ...errorResponses } },
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
    },
    async (request) => {
      const actor = await actorOf(request);
      await changeClinicPassword(app, {
        actor,
        input: request.body,
        onWrongPassword: () =>
          recordSecurityEvent(app, request, { eventType: 'password_change_wrong_current', userId: actor.id, userType: 'clinic', threatLevel: 'medium' }),
      });
      return { message: /*i18n*/ 'Password changed successfully' };
    },
  );

  app.get('/api/clinic/preferences', { ...managers, schema: { response: { 200: clinicPreferencesResponseSchema, ...errorResponses } } }, async (request) => {
    return getClinicPreferences(app, { actor: await actorOf(request) });
  });

  app.put(
    '/api/clinic/preferences',
    { ...managers, schema: { body: clinicPreferencesSchema, response: { 200: clinicPreferencesResponseSchema, ...errorResponses } } },
    async (request) => {
      return saveClinicPreferences(app, { actor: await actorOf(request), input: request.body });
    },
  );
}
