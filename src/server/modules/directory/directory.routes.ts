import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/auth';
import {
  availableStatesQuerySchema,
  citiesByStateQuerySchema,
  clinicsByDoctorQuerySchema,
  doctorsByLocationQuerySchema,
  specialtiesQuerySchema,
} from '../../../shared/schemas/booking';
import { listCities, listClinicsOfDoctor, listDoctors, listSpecialties, listStates } from './directory.service';

// The find-a-doctor cascade (spec part 2, 2.1 and 7): State -> City -> Specialty -> Doctor -> Clinic, listing
// only what leads to a bookable doctor. Read-only; a rep session is needed, except for the plain state list
// that rep registration reads (spec part 1, 7).

export async function directoryRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const rep = requireUser(['medrep']);

  app.get('/api/available-states', { schema: { querystring: availableStatesQuerySchema } }, async (request, reply) => {
    const bookable = request.query.bookable === 'true';
    if (bookable) await rep.call(app, request, reply);
    return { states: await listStates(app, { bookable }) };
  });

  app.get('/api/cities-by-state', { preHandler: rep, schema: { querystring: citiesByStateQuerySchema } }, async (request) => ({
    cities: await listCities(app, request.query),
  }));

  app.get('/api/doctors/specialties', { preHandler: rep, schema: { querystring: specialtiesQuerySchema } }, async (request) => ({
    specialties: await listSpecialties(app, request.query),
  }));

  app.get('/api/doctors/locations', { preHandler: rep, schema: { querystring: doctorsByLocationQuerySchema } }, async (request) => ({
    doctors: await listDoctors(app, request.query),
  }));

  app.get('/api/clinics-by-doctor', { preHandler: rep, schema: { querystring: clinicsByDoctorQuerySchema } }, async (request) => ({
    clinics: await listClinicsOfDoctor(app, request.query),
  }));
}
