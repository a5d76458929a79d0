import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../shared/schemas/common';
import { sendUpdateOtpResponseSchema, sendUpdateOtpSchema, verifyUpdateOtpResponseSchema, verifyUpdateOtpSchema } from '../../../shared/schemas/profile';
import { actorOf, assertSelf, requireUser } from '../../plugins/auth';
import { originOf } from '../../plugins/security';
import { sessionRateKey } from '../booking/booking.routes';
import { sendUpdateCode, verifyUpdateCode } from './rep-profile.service';

// spec part 2, 7: POST /api/medrep/send-update-otp and /api/medrep/verify-update-otp, the signed-in rep's own.

export async function repProfileRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const rep = requireUser(['medrep']);
  // Per session: each code costs an e-mail, and guesses are limited per code too.
  const bySession = sessionRateKey;

  app.post(
    '/api/medrep/send-update-otp',
    {
      preHandler: rep,
      schema: { body: sendUpdateOtpSchema, response: { 200: sendUpdateOtpResponseSchema, ...errorResponses } },
      config: { rateLimit: { max: 10, timeWindow: '10 minutes', keyGenerator: bySession } },
    },
    async (request) => {
      assertSelf(await actorOf(request), 'medrep', request.body.userId);
      return sendUpdateCode(app, { input: request.body });
    },
  );

  app.post(
    '/api/medrep/verify-update-otp',
    {
      preHandler: rep,
      schema: { body: verifyUpdateOtpSchema, response: { 200: verifyUpdateOtpResponseSchema, ...errorResponses } },
      config: { rateLimit: { max: 20, timeWindow: '10 minutes', keyGenerator: bySession } },
    },
    async (request) => {
      const actor = await actorOf(request);
      assertSelf(actor, 'medrep', request.body.userId);
      return verifyUpdateCode(app, { actor, input: request.body, origin: originOf(request) });
    },
  );
}
