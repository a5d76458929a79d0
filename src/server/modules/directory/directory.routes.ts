import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/auth';
import {
  availableStatesQuerySchema,
  citiesByStateQuerySchema,
  citiesResponseSchema,
  clinicsByDoctorQuerySchema,
  clinicsResponseSchema,
  doctorsByLocationQuerySchema,
  doctorsResponseSchema,
  specialtiesQuerySchema,
  specialtiesResponseSchema,
  statesResponseSchema,
} from '../../../shared/schemas/booking';
import { errorResponses } from '../../../shared/schemas/common';
import { PAGE_LIMIT_DEFAULT } from '../../../shared/schemas/pagination';
import { memoizedAnswers, sendWritten } from '../../plugins/response-serializer';
import type { DirectoryPlace } from './directory-place';
import { listCities, listClinicsOfDoctor, listDoctors, listSpecialties, listStates, readPlace } from './directory.service';

// The find-a-doctor cascade (spec part 2, 2.1 and 7): State -> City -> Specialty -> Doctor -> Clinic, listing
// only what leads to a bookable doctor. Read-only; a rep session is needed, except for the plain state list
// that rep registration reads (spec part 1, 7). The doctors come a page at a time (ARCHITECTURE rule 15),
// searched by name (docs/decisions/027-directory-partitions.md).

/**
 * The first page of a specialty's doctors, without a search, is the same answer for every rep of the place: written
 * once per cached partition and kept with it (memoizedAnswers). Only for the page size the app asks for and a
 * specialty the place has, so what a caller can make it keep is bounded by the place's own specialties.
 */
const firstPages = memoizedAnswers(doctorsResponseSchema, (place: DirectoryPlace, specialty: string) => place.page(specialty, { limit: PAGE_LIMIT_DEFAULT }));

export async function directoryRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const rep = requireUser(['medrep']);

  app.get(
    '/api/available-states',
    { schema: { querystring: availableStatesQuerySchema, response: { 200: statesResponseSchema, ...errorResponses } } },
    async (request, reply) => {
      const bookable = request.query.bookable === 'true';
      if (bookable) await rep.call(app, request, reply);
      return { states: await listStates(app, { bookable }) };
    },
  );

  app.get(
    '/api/cities-by-state',
    { preHandler: rep, schema: { querystring: citiesByStateQuerySchema, response: { 200: citiesResponseSchema, ...errorResponses } } },
    async (request) => ({
      cities: await listCities(app, request.query),
    }),
  );

  app.get(
    '/api/doctors/specialties',
    { preHandler: rep, schema: { querystring: specialtiesQuerySchema, response: { 200: specialtiesResponseSchema, ...errorResponses } } },
    async (request) => ({
      specialties: await listSpecialties(app, request.query),
    }),
  );

  app.get(
    '/api/doctors/locations',
    { preHandler: rep, schema: { querystring: doctorsByLocationQuerySchema, response: { 200: doctorsResponseSchema, ...errorResponses } } },
    async (request, reply) => {
      const o = request.query;
      if (!o.q && !o.cursor && o.limit === PAGE_LIMIT_DEFAULT) {
        const place = await readPlace(app, o);
        if (place.has(o.specialty)) return sendWritten(reply, firstPages(place, o.specialty));
      }
      return listDoctors(app, o);
    },
  );

  app.get(
    '/api/clinics-by-doctor',
    { preHandler: rep, schema: { querystring: clinicsByDoctorQuerySchema, response: { 200: clinicsResponseSchema, ...errorResponses } } },
    async (request) => ({
      clinics: await listClinicsOfDoctor(app, request.query),
    }),
  );
}
