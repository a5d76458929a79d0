import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, messageResponseSchema } from '../../../shared/schemas/common';
import {
  restoreEmailSchema,
  sendUpdateOtpResponseSchema,
  sendUpdateOtpSchema,
  verifyUpdateOtpResponseSchema,
  verifyUpdateOtpSchema,
} from '../../../shared/schemas/profile';
import { actorOf, assertSelf, requireUser } from '../../plugins/auth';
import { originOf } from '../../plugins/security';
import { sessionRateKey } from '../../plugins/auth';
import { LIMITS, byToken, rateLimited } from '../auth/auth.limits';
import { restoreEmail } from './email-restore.service';
import { sendUpdateCode, verifyUpdateCode } from './rep-profile.service';

// spec part 2, 7: POST /api/medrep/send-update-otp and /api/medrep/verify-update-otp, the signed-in rep's own;
// POST /api/medrep/restore-email, the undo link of an e-mail change (decision 031).

export async function repProfileRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const rep = requireUser(['medrep']);
  // Per session: each code costs an e-mail, and guesses are limited per code too.
  const bySession = sessionRateKey;
  const throttle = app.loginThrottle;

  app.post(
    '/api/medrep/send-update-otp',
    {
      preHandler: rep,
      schema: { body: sendUpdateOtpSchema, response: { 200: sendUpdateOtpResponseSchema, ...errorResponses } },
      config: { rateLimit: { max: 10, timeWindow: '10 minutes', keyGenerator: bySession } },
    },
    async (request) => {
      assertSelf(await actorOf(request), 'medrep', request.body.userId);
      // A wrong current password counts like a wrong sign-in password, per device cookie or per account and address.
      const countPasswordAttempt = (login: string) => throttle.countAttempt(request, { kind: 'medrep', login });
      return sendUpdateCode(app, { input: request.body, countPasswordAttempt, origin: originOf(request) });
    },
  );

  // The undo link e-mailed to the old address after an e-mail change (decision 031): no session needed, the token is the proof.
  app.post(
    '/api/medrep/restore-email',
    {
      schema: { body: restoreEmailSchema, response: { 200: messageResponseSchema, ...errorResponses } },
      preHandler: rateLimited(app, 'restoreEmail', LIMITS.resetPassword, byToken),
    },
    async (request) => restoreEmail(app, { token: request.body.token, origin: originOf(request) }),
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
