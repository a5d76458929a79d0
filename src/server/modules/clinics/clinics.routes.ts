import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, forbidden } from '../../errors';
import { actorOf, requireUser } from '../../plugins/auth';
import { recordSecurityEvent } from '../../plugins/security';
import {
  addDoctorSchema,
  addExistingDoctorSchema,
  availableDoctorsResponseSchema,
  cancelledVisitsSchema,
  cancelTodayCallsErrorSchema,
  cancelTodayCallsSchema,
  cancelVisitsSchema,
  changePasswordSchema,
  clinicAppointmentsResponseSchema,
  clinicDoctorsResponseSchema,
  clinicPreferencesResponseSchema,
  clinicPreferencesSchema,
  doctorAddedResponseSchema,
  doctorAppointmentsQuerySchema,
  doctorRemovedResponseSchema,
  doctorSettingsResponseSchema,
  doctorSettingsSavedResponseSchema,
  saveDoctorSettingsSchema,
  visitsCancelledResponseSchema,
} from '../../../shared/schemas/clinic';
import { messageResponseSchema, errorResponses } from '../../../shared/schemas/common';
import {
  createLeaveResponseSchema,
  createLeaveSchema,
  LEAVE_MESSAGES,
  leaveIdParamsSchema,
  leavePreviewQuerySchema,
  leavePreviewResponseSchema,
  listLeaveQuerySchema,
  listLeaveResponseSchema,
} from '../../../shared/schemas/leave';
import { changeClinicPassword, getClinicPreferences, saveClinicPreferences } from './account.service';
import { addExistingDoctor, addNewDoctor, listAvailableDoctors, listDoctors, removeDoctor } from './doctors.service';
import { createLeave, endLeave, listLeave, previewLeave } from './leave.service';
import { getDoctorSettings, saveDoctorSettings } from './settings.service';
import { cancelTodayCalls, cancelVisits, countDoctorWaitlist, listDoctorAppointmentsForClinic } from './visitors.service';

// Clinic dashboard calls (spec part 1, 7; decision 007). Every clinicId must be the signed-in clinic's (403) and
// every doctorId one of its doctors (404).

const positiveId = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);
const clinicParams = z.object({ clinicId: positiveId(/*i18n*/ 'Invalid clinic id') });
const doctorParams = clinicParams.extend({ doctorId: positiveId(/*i18n*/ 'Invalid doctor id') });
const settingsQuery = z.object({ doctorId: positiveId(/*i18n*/ 'Please select a doctor first.') });

/** The one error shape (ARCHITECTURE rule 4) for every failure of these calls. */

export const CANCEL_CALLS_FAILED = /*i18n*/ "Failed to cancel today's calls. Please try again.";

export async function clinicRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const clinicOnly = { preHandler: requireUser(['clinic']) };

  // --- doctors ---
  app.get(
    '/api/clinic/doctors/:clinicId',
    { ...clinicOnly, schema: { params: clinicParams, response: { 200: clinicDoctorsResponseSchema, ...errorResponses } } },
    async (request) => {
      const doctors = await listDoctors(app, { actor: await actorOf(request), clinicId: request.params.clinicId });
      return { doctors };
    },
  );

  app.post(
    '/api/clinic/doctors',
    { ...clinicOnly, schema: { body: addDoctorSchema, response: { 201: doctorAddedResponseSchema, ...errorResponses } } },
    async (request, reply) => {
      const doctor = await addNewDoctor(app, { actor: await actorOf(request), input: request.body });
      return reply.status(201).send({ doctor, message: /*i18n*/ 'Doctor added successfully' });
    },
  );

  app.get(
    '/api/available-doctors/:clinicId',
    { ...clinicOnly, schema: { params: clinicParams, response: { 200: availableDoctorsResponseSchema, ...errorResponses } } },
    async (request) => {
      const doctors = await listAvailableDoctors(app, { actor: await actorOf(request), clinicId: request.params.clinicId });
      return { doctors };
    },
  );

  app.post(
    '/api/clinic/add-existing-doctor',
    { ...clinicOnly, schema: { body: addExistingDoctorSchema, response: { 200: doctorAddedResponseSchema, ...errorResponses } } },
    async (request) => {
      const doctor = await addExistingDoctor(app, { actor: await actorOf(request), ...request.body });
      return { doctor, message: /*i18n*/ 'Doctor added successfully' };
    },
  );

  app.delete(
    '/api/clinic/doctors/:clinicId/:doctorId',
    { ...clinicOnly, schema: { params: doctorParams, response: { 200: doctorRemovedResponseSchema, ...errorResponses } } },
    async (request) => {
      const result = await removeDoctor(app, { actor: await actorOf(request), ...request.params });
      return { message: /*i18n*/ 'Doctor removed from your clinic', ...result };
    },
  );

  // --- call settings ---
  app.get(
    '/api/clinic/settings/:clinicId',
    { ...clinicOnly, schema: { params: clinicParams, querystring: settingsQuery, response: { 200: doctorSettingsResponseSchema, ...errorResponses } } },
    async (request) => {
      const settings = await getDoctorSettings(app, { actor: await actorOf(request), ...request.params, ...request.query });
      return { settings };
    },
  );

  app.post(
    '/api/clinic/settings',
    { ...clinicOnly, schema: { body: saveDoctorSettingsSchema, response: { 200: doctorSettingsSavedResponseSchema, ...errorResponses } } },
    async (request) => {
      const saved = await saveDoctorSettings(app, { actor: await actorOf(request), input: request.body });
      return { ...saved, message: /*i18n*/ 'Settings saved successfully' };
    },
  );

  // --- the day's visitors ---
  // One path, two dashboards (spec part 1, 7 and part 2, 7). A clinic gets its own doctor's appointments with
  // the reps' details; the rep dashboard's variant belongs to the booking area and is not served here yet.
  app.get(
    '/api/doctor-appointments',
    {
      preHandler: requireUser(['clinic', 'medrep']),
      schema: { querystring: doctorAppointmentsQuerySchema, response: { 200: clinicAppointmentsResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const actor = await actorOf(request);
      if (actor.type !== 'clinic') throw forbidden();
      const appointments = await listDoctorAppointmentsForClinic(app, { actor, ...request.query });
      return { appointments, waiting: await countDoctorWaitlist(app, { actor, ...request.query }) };
    },
  );

  // The spec's cancel call answers failures as { error } (part 1, 8 General); `message` is kept for the one
  // error shape of the house.
  const cancelAnswers = { 200: cancelledVisitsSchema, '4xx': cancelTodayCallsErrorSchema, '5xx': cancelTodayCallsErrorSchema };
  app.post('/api/clinic/cancel-today-calls', { ...clinicOnly, schema: { response: cancelAnswers } }, async (request, reply) => {
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
    { ...clinicOnly, schema: { body: cancelVisitsSchema, response: { 200: visitsCancelledResponseSchema, ...errorResponses } } },
    async (request) => {
      const result = await cancelVisits(app, { actor: await actorOf(request), input: request.body });
      return { message: result.cancelledCount === 1 ? '1 visit cancelled' : `${result.cancelledCount} visits cancelled`, ...result };
    },
  );

  // --- planned absences: a doctor's leave, clinic holidays (docs/decisions/040-planned-absences.md) ---
  app.get(
    '/api/clinic/leave/preview',
    { ...clinicOnly, schema: { querystring: leavePreviewQuerySchema, response: { 200: leavePreviewResponseSchema, ...errorResponses } } },
    async (request) => previewLeave(app, { actor: await actorOf(request), query: request.query }),
  );

  app.get(
    '/api/clinic/leave',
    { ...clinicOnly, schema: { querystring: listLeaveQuerySchema, response: { 200: listLeaveResponseSchema, ...errorResponses } } },
    async (request) => listLeave(app, { actor: await actorOf(request), query: request.query }),
  );

  app.post(
    '/api/clinic/leave',
    { ...clinicOnly, schema: { body: createLeaveSchema, response: { 201: createLeaveResponseSchema, ...errorResponses } } },
    async (request, reply) => {
      const created = await createLeave(app, { actor: await actorOf(request), input: request.body });
      return reply.status(201).send({ message: LEAVE_MESSAGES.created, ...created });
    },
  );

  app.delete(
    '/api/clinic/leave/:id',
    { ...clinicOnly, schema: { params: leaveIdParamsSchema, response: { 200: messageResponseSchema, ...errorResponses } } },
    async (request) => {
      await endLeave(app, { actor: await actorOf(request), id: request.params.id });
      return { message: LEAVE_MESSAGES.ended };
    },
  );

  // --- account settings ---
  app.post(
    '/api/clinic/change-password',
    {
      ...clinicOnly,
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

  app.get('/api/clinic/preferences', { ...clinicOnly, schema: { response: { 200: clinicPreferencesResponseSchema, ...errorResponses } } }, async (request) => {
    return getClinicPreferences(app, { actor: await actorOf(request) });
  });

  app.put(
    '/api/clinic/preferences',
    { ...clinicOnly, schema: { body: clinicPreferencesSchema, response: { 200: clinicPreferencesResponseSchema, ...errorResponses } } },
    async (request) => {
      return saveClinicPreferences(app, { actor: await actorOf(request), input: request.body });
    },
  );
}
