import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptTermsSchema,
  checkAvailabilitySchema,
  clinicRegisterSchema,
  forgotPasswordSchema,
  loginSchema,
  repRegisterSchema,
  resendVerificationSchema,
  resetPasswordSchema,
  userKindSchema,
  verifyEmailSchema,
  verifyOtpSchema,
} from '../../../shared/schemas/auth';
import { requireUser } from '../../plugins/auth';
import { LIMITS, byEmail, byToken, byValue, rateLimited } from './auth.limits';
import * as auth from './auth.service';
import * as registration from './registration.service';

// The accounts calls (issue 3). Thin: the shared schema parses, a guard checks the session, a service acts.

/** Drops the parameters (password hashes, code and token hashes) from a drizzle query error. */
export function redactQueryParams<E>(err: E): E {
  if (err instanceof Error && 'params' in err && 'query' in err) {
    const before = err.message;
    const after = `Failed query: ${String(err.query)}\nparams: [redacted]`;
    (err as { params: unknown }).params = '[redacted]';
    err.message = after;
    if (err.stack) err.stack = err.stack.replace(before, after);
  }
  return err;
}

const signedIn = requireUser(['clinic', 'medrep'], { allowWithoutTerms: true });
const termsParams = z.object({ userType: userKindSchema, userId: z.coerce.number().int().positive('Invalid user id') });

export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // A failed query of these routes may carry hashes among its parameters: they never reach a log line.
  // The error then goes on to the app's error handler.
  app.setErrorHandler((err) => {
    throw redactQueryParams(err);
  });
  const limit = (name: keyof typeof LIMITS, key: Parameters<typeof rateLimited>[3]) => rateLimited(app, name, LIMITS[name], key);

  // --- registration and verification -------------------------------------------------------------
  app.post('/api/check-availability', { schema: { body: checkAvailabilitySchema }, preHandler: limit('checkAvailability', byValue) },
    async (request) => registration.checkAvailability({ app, request }, request.body));

  app.post('/api/clinic/register', { schema: { body: clinicRegisterSchema }, preHandler: limit('register', byEmail) },
    async (request, reply) => reply.status(201).send(await registration.registerClinic({ app, request }, request.body)));

  app.post('/api/medrep/register', { schema: { body: repRegisterSchema }, preHandler: limit('register', byEmail) },
    async (request, reply) => reply.status(201).send(await registration.registerRep({ app, request }, request.body)));

  app.post('/api/verify-otp', { schema: { body: verifyOtpSchema }, preHandler: limit('verifyOtp', byEmail) },
    async (request) => registration.verifyOtp({ app, request }, request.body));

  app.post('/api/verify-email', { schema: { body: verifyEmailSchema }, preHandler: limit('verifyEmail', byToken) },
    async (request) => registration.verifyEmailLink({ app, request }, request.body));

  app.post('/api/resend-verification', { schema: { body: resendVerificationSchema }, preHandler: limit('resend', byEmail) },
    async (request) => registration.resendVerification({ app, request }, request.body));

  // --- sessions ----------------------------------------------------------------------------------
  for (const [path, kind] of [['/api/auth/login', 'clinic'], ['/api/medrep/login', 'medrep']] as const) {
    const accountKey = (req: Parameters<typeof byEmail>[0]) => (byEmail(req) ? `${kind}:${byEmail(req)}` : undefined);
    app.post(path, { schema: { body: loginSchema }, preHandler: limit('login', accountKey) }, async (request, reply) => {
      try {
        return await auth.login({ app, request }, reply, kind, request.body);
      } catch (err) {
        // The refused rep login carries the spec's hint next to the message (part 1, 7).
        if (err instanceof auth.LoginRefused && err.hint) {
          return reply.status(err.status).send({ message: err.message, code: err.code, hint: err.hint });
        }
        throw err;
      }
    });
  }

  app.post('/api/auth/logout', async (request, reply) => auth.logout({ app, request }, reply));
  app.get('/api/auth/me', { preHandler: signedIn }, async (request) => auth.me({ app, request }));

  // --- terms (spec part 1, 4) --------------------------------------------------------------------
  app.get('/api/terms-status/:userType/:userId', { schema: { params: termsParams }, preHandler: signedIn },
    async (request) => auth.termsStatus({ app, request }, request.params.userType, request.params.userId));

  app.post('/api/accept-terms', { schema: { body: acceptTermsSchema }, preHandler: signedIn },
    async (request) => auth.acceptTerms({ app, request }, request.body.userType, request.body.userId));

  // --- password reset ----------------------------------------------------------------------------
  for (const kind of ['clinic', 'medrep'] as const) {
    app.post(`/api/${kind}/forgot-password`, { schema: { body: forgotPasswordSchema }, preHandler: limit('forgotPassword', byEmail) },
      async (request) => auth.forgotPassword({ app, request }, kind, request.body));
    app.post(`/api/${kind}/reset-password`, { schema: { body: resetPasswordSchema }, preHandler: limit('resetPassword', byToken) },
      async (request) => auth.resetPassword({ app, request }, kind, request.body));
  }
}
