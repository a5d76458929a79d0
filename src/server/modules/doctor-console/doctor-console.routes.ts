import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isLocale } from '../../../shared/i18n/locales';
import { loginRefusedSchema, loginSchema, type Login } from '../../../shared/schemas/auth';
import { doctorSettingsResponseSchema, doctorSettingsSavedResponseSchema, saveDoctorSettingsSchema } from '../../../shared/schemas/clinic';
import { errorResponses } from '../../../shared/schemas/common';
import {
  acceptDoctorInviteResponseSchema,
  acceptDoctorInviteSchema,
  doctorCancelTodayResponseSchema,
  doctorCancelTodaySchema,
  doctorDayQuerySchema,
  doctorDayResponseSchema,
  doctorLoginResponseSchema,
  doctorSettingsParamsSchema,
  inviteDoctorResponseSchema,
  inviteDoctorSchema,
  queueNextResponseSchema,
  queueNextSchema,
  runningLateResponseSchema,
  runningLateSchema,
} from '../../../shared/schemas/doctor-console';
import { actorOf, requireClinicRole, requireUser, startSession } from '../../plugins/auth';
import { originOf } from '../../plugins/security';
import { acceptDoctorInvite, inviteDoctor, logInDoctor } from './doctor-account.service';
import { cancelDoctorToday, getDoctorDay, getDoctorOwnSettings, saveDoctorOwnSettings } from './doctor-day.service';
import { callNextVisit, setRunningLate } from './doctor-queue.service';

// The doctor's own login and console (docs/decisions/073-doctor-accounts.md). Thin: the shared schema parses, a guard
// names who may call, a service acts. Sign-out is the one POST /api/auth/logout of every session.

const doctorParams = z.object({ doctorId: z.coerce.number({ error: /*i18n*/ 'Invalid doctor id' }).int().positive().max(2_147_483_647) });

export async function doctorConsoleRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const doctorOnly = { preHandler: requireUser(['doctor']) };
  const answers = <T extends z.ZodType>(ok: T) => ({ 200: ok, ...errorResponses });

  // --- the clinic invites its doctor (owner or manager) ---
  app.post(
    '/api/clinic/doctors/:doctorId/invite',
    {
      preHandler: requireClinicRole(['manager']),
      schema: { params: doctorParams, body: inviteDoctorSchema, response: { 201: inviteDoctorResponseSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const actor = await actorOf(request);
      const answer = await inviteDoctor(app, { actor, clinicId: actor.id, doctorId: request.params.doctorId, input: request.body });
      return reply.status(201).send(answer);
    },
  );

  // --- the doctor's login ---
  app.post(
    '/api/doctor/invite/accept',
    {
      schema: { body: acceptDoctorInviteSchema, response: { 200: acceptDoctorInviteResponseSchema, ...errorResponses } },
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
    },
    async (request) => acceptDoctorInvite(app, { input: request.body, origin: originOf(request) }),
  );

  const throttle = app.loginThrottle;
  app.post(
    '/api/doctor/login',
    {
      schema: { body: loginSchema, response: { 200: doctorLoginResponseSchema, '4xx': loginRefusedSchema, '5xx': errorResponses['5xx'] } },
      // The sign-ins' one throttle, per address and per account (decisions 005 and 031).
      preHandler: async (request: FastifyRequest) => throttle.countAttempt(request, { kind: 'doctor', login: (request.body as Login).email }),
    },
    async (request, reply) => {
      const { accountId, answer } = await logInDoctor(app, { input: request.body, origin: originOf(request) });
      await startSession(app, request, reply, { type: 'doctor', id: accountId, rememberMe: request.body.rememberMe ?? false });
      throttle.trustDevice(request, reply, { kind: 'doctor', login: request.body.email });
      if (isLocale(answer.language)) request.setLocale(answer.language);
      return answer;
    },
  );

  // --- the doctor's day ---
  app.get('/api/doctor/day', { ...doctorOnly, schema: { querystring: doctorDayQuerySchema, response: answers(doctorDayResponseSchema) } }, async (request) =>
    getDoctorDay(app, { actor: await actorOf(request), date: request.query.date }),
  );

  app.post('/api/doctor/queue/next', { ...doctorOnly, schema: { body: queueNextSchema, response: answers(queueNextResponseSchema) } }, async (request) =>
    callNextVisit(app, { actor: await actorOf(request), input: request.body }),
  );

  app.post('/api/doctor/running-late', { ...doctorOnly, schema: { body: runningLateSchema, response: answers(runningLateResponseSchema) } }, async (request) =>
    setRunningLate(app, { actor: await actorOf(request), input: request.body }),
  );

  app.post(
    '/api/doctor/cancel-today',
    { ...doctorOnly, schema: { body: doctorCancelTodaySchema, response: answers(doctorCancelTodayResponseSchema) } },
    async (request) => cancelDoctorToday(app, { actor: await actorOf(request), input: request.body }),
  );

  // --- the call settings, where the clinic lets the doctor manage them ---
  app.get(
    '/api/doctor/settings/:clinicId',
    { ...doctorOnly, schema: { params: doctorSettingsParamsSchema, response: answers(doctorSettingsResponseSchema) } },
    async (request) => ({ settings: await getDoctorOwnSettings(app, { actor: await actorOf(request), clinicId: request.params.clinicId }) }),
  );

  app.put(
    '/api/doctor/settings/:clinicId',
    {
      ...doctorOnly,
      schema: { params: doctorSettingsParamsSchema, body: saveDoctorSettingsSchema, response: answers(doctorSettingsSavedResponseSchema) },
    },
    async (request) => {
      const saved = await saveDoctorOwnSettings(app, { actor: await actorOf(request), clinicId: request.params.clinicId, input: request.body });
      return { ...saved, message: /*i18n*/ 'Settings saved successfully' };
    },
  );
}
