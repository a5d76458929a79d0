import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { companyMeResponseSchema } from '../../../shared/schemas/auth';
import { errorResponses } from '../../../shared/schemas/common';
import { actorOf, requireCompany } from '../../plugins/auth';
import { getCompanyProfile } from './companies.service';

// A pharma company's own calls (docs/decisions/087-company-accounts.md). Registering, signing in and resetting the
// password are the accounts routes' (modules/auth/auth.routes.ts), beside the clinics' and reps'.

export async function companyRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Before the terms are accepted too: the company's screen asks for them with what this answers.
  const signedInCompany = requireCompany({ allowWithoutTerms: true });

  app.get('/api/company/me', { schema: { response: { 200: companyMeResponseSchema, ...errorResponses } }, preHandler: signedInCompany }, async (request) =>
    getCompanyProfile(app, { actor: await actorOf(request) }),
  );
}
