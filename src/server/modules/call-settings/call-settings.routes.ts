import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, requireUser } from '../../plugins/auth';
import { doctorSettingsResponseSchema, doctorSettingsSavedResponseSchema, saveDoctorSettingsSchema } from '../../../shared/schemas/clinic';
import { errorResponses } from '../../../shared/schemas/common';
import { clinicParams, settingsQuery } from '../clinics/clinic-params';
import { getDoctorSettings, saveDoctorSettings } from './call-settings.service';

// A doctor's call settings at the clinic (spec part 1, 9; decision 039). Every clinicId must be the signed-in
// clinic's (403) and every doctorId one of its doctors (404).

export async function callSettingsRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const clinicOnly = { preHandler: requireUser(['clinic']) };

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
}
