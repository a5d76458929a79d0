import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountLanguageResponseSchema, accountLanguageSchema } from '../../../shared/schemas/account-language';
import { errorResponses } from '../../../shared/schemas/common';
import { actorOf, requireUser } from '../../plugins/auth';
import { saveAccountLanguage } from './account-language.service';

// The signed-in account's language (docs/decisions/045): any rep, clinic or admin, terms accepted or not (the
// terms themselves are read in it).
export async function accountLanguageRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.put(
    '/api/account/language',
    {
      preHandler: requireUser(['clinic', 'medrep', 'admin'], { allowWithoutTerms: true }),
      schema: { body: accountLanguageSchema, response: { 200: accountLanguageResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const answer = await saveAccountLanguage(app, { actor: await actorOf(request), language: request.body.language });
      // Said in the language just chosen.
      request.setLocale(answer.language);
      return answer;
    },
  );
}
