import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, requireClinicRole } from '../../plugins/auth';
import { CLINIC_ROLES_MAY } from '../../../shared/schemas/clinic-team';
import { doctorSettingsResponseSchema, doctorSettingsSavedResponseSchema, saveDoctorSettingsSchema } from '../../../shared/schemas/clinic';
import { errorResponses } from '../../../shared/schemas/common';
import { clinicParams, settingsQuery } from '../clinics/clinic-params';
import { getDoctorSettings, saveDoctorSettings } from './call-settings.service';

// A doctor's call settings at the clinic (spec part 1, 9; decision 039). Every clinicId must be the signed-in
// clinic's (403) and every doctorId one of its doctors (404).

export async function callSettingsRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // The owner's and managers', not reception's (docs/decisions/072-clinic-team.md).
  const managers = { preHandler: requireClinicRole(CLINIC_ROLES_MAY.manage) };

  app.get(
    '/api/clinic/settings/:clinicId',
    { ...managers, schema: { params: clinicParams, querystring: settingsQuery, response: { 200: doctorSettingsResponseSchema, ...errorResponses } } },
    async (request) => {
      const settings = await getDoctorSettings(app, { actor: await actorOf(request), ...request.params, ...request.query });
      return { settings };
    },
  );

  app.post(
    '/api/clinic/settings',
    { ...managers, schema: { body: saveDoctorSettingsSchema, response: { 200: doctorSettingsSavedResponseSchema, ...errorResponses } } },
    async (request) => {
      const saved = await saveDoctorSettings(app, { actor: await actorOf(request), input: request.body });
      return { ...saved, message: /*i18n*/ 'Settings saved successfully' };
    },
  );
}
