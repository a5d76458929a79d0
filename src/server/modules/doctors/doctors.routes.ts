import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, requireClinicRole } from '../../plugins/auth';
import { CLINIC_ROLES_MAY } from '../../../shared/schemas/clinic-team';
import {
  addDoctorSchema,
  addExistingDoctorSchema,
  availableDoctorsResponseSchema,
  clinicDoctorsResponseSchema,
  doctorAddedResponseSchema,
  doctorRemovedResponseSchema,
} from '../../../shared/schemas/clinic';
import { errorResponses } from '../../../shared/schemas/common';
import { clinicParams, doctorParams } from '../clinics/clinic-params';
import { addExistingDoctor, addNewDoctor, listAvailableDoctors, listDoctors, removeDoctor } from './doctors.service';

// The clinic's doctors (spec part 1, 7 and 9; decision 007). Every clinicId must be the signed-in clinic's (403) and
// every doctorId one of its doctors (404).

export async function doctorRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // The list is the day view's doctor switcher too (reception); changing the doctors is the owner's and managers' (decision 072).
  const everyone = { preHandler: requireClinicRole(CLINIC_ROLES_MAY.runTheDay) };
  const managers = { preHandler: requireClinicRole(CLINIC_ROLES_MAY.manage) };

  app.get(
    '/api/clinic/doctors/:clinicId',
    { ...everyone, schema: { params: clinicParams, response: { 200: clinicDoctorsResponseSchema, ...errorResponses } } },
    async (request) => {
      const doctors = await listDoctors(app, { actor: await actorOf(request), clinicId: request.params.clinicId });
      return { doctors };
    },
  );

  app.post(
    '/api/clinic/doctors',
    { ...managers, schema: { body: addDoctorSchema, response: { 201: doctorAddedResponseSchema, ...errorResponses } } },
    async (request, reply) => {
      const doctor = await addNewDoctor(app, { actor: await actorOf(request), input: request.body });
      return reply.status(201).send({ doctor, message: /*i18n*/ 'Doctor added successfully' });
    },
  );

  app.get(
    '/api/available-doctors/:clinicId',
    { ...managers, schema: { params: clinicParams, response: { 200: availableDoctorsResponseSchema, ...errorResponses } } },
    async (request) => {
      const doctors = await listAvailableDoctors(app, { actor: await actorOf(request), clinicId: request.params.clinicId });
      return { doctors };
    },
  );

  app.post(
    '/api/clinic/add-existing-doctor',
    { ...managers, schema: { body: addExistingDoctorSchema, response: { 200: doctorAddedResponseSchema, ...errorResponses } } },
    async (request) => {
      const doctor = await addExistingDoctor(app, { actor: await actorOf(request), ...request.body });
      return { doctor, message: /*i18n*/ 'Doctor added successfully' };
    },
  );

  app.delete(
    '/api/clinic/doctors/:clinicId/:doctorId',
    { ...managers, schema: { params: doctorParams, response: { 200: doctorRemovedResponseSchema, ...errorResponses } } },
    async (request) => {
      const result = await removeDoctor(app, { actor: await actorOf(request), ...request.params });
      return { message: /*i18n*/ 'Doctor removed from your clinic', ...result };
    },
  );
}
