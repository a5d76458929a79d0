import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isLocale } from '../../../shared/i18n/locales';
import { z } from 'zod';
import {
  acceptTermsResponseSchema,
  acceptTermsSchema,
  accountKindSchema,
  availabilityResponseSchema,
  checkAvailabilitySchema,
  clinicLoginResponseSchema,
  clinicRegisterSchema,
  companyLoginResponseSchema,
  companyRegisterSchema,
  forgotPasswordSchema,
  type Login,
  loginRefusedSchema,
  loginSchema,
  meResponseSchema,
  registerResponseSchema,
  repLoginResponseSchema,
  repRegisterSchema,
  resendVerificationSchema,
  resetLinkCheckSchema,
  resetLinkStatusSchema,
  resetPasswordSchema,
  termsStatusResponseSchema,
  verifyEmailSchema,
  verifyLinkCheckSchema,
  verifyLinkStatusSchema,
  verifyOtpSchema,
} from '../../../shared/schemas/auth';
import { errorResponses, messageResponseSchema } from '../../../shared/schemas/common';
import { actorOf, endSession, requireUser, startSession } from '../../plugins/auth';
import { originOf } from '../../plugins/security';
import { LIMITS, byEmail, byToken, byValue, rateLimited } from './auth.limits';
import * as auth from './auth.service';
import * as registration from './registration.service';

// The accounts calls (decisions 002 and 005) of clinics, reps and pharma companies (087). Thin: the shared schema parses,
// a guard checks the session, a service acts.

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

const signedIn = requireUser(['clinic', 'medrep', 'company'], { allowWithoutTerms: true });
const signedInOrDoctor = requireUser(['clinic', 'medrep', 'doctor', 'company'], { allowWithoutTerms: true });
const termsParams = z.object({ userType: accountKindSchema, userId: z.coerce.number().int().positive(/*i18n*/ 'Invalid user id') });

export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // A failed query of these routes may carry hashes among its parameters: they never reach a log line.
  // The error then goes on to the app's error handler.
  app.setErrorHandler((err) => {
    throw redactQueryParams(err);
  });
  const limit = (name: keyof typeof LIMITS, key: Parameters<typeof rateLimited>[3]) => rateLimited(app, name, LIMITS[name], key);
  const throttle = app.loginThrottle;

  // --- registration and verification -------------------------------------------------------------
  app.post(
    '/api/check-availability',
    {
      schema: { body: checkAvailabilitySchema, response: { 200: availabilityResponseSchema, ...errorResponses } },
      preHandler: limit('checkAvailability', byValue),
    },
    async (request) => registration.checkAvailability(app, { input: request.body }),
  );

  app.post(
    '/api/clinic/register',
    { schema: { body: clinicRegisterSchema, response: { 201: registerResponseSchema, ...errorResponses } }, preHandler: limit('register', byEmail) },
    async (request, reply) => reply.status(201).send(await registration.registerClinic(app, { input: request.body, locale: await request.getLocale() })),
  );

  app.post(
    '/api/medrep/register',
    { schema: { body: repRegisterSchema, response: { 201: registerResponseSchema, ...errorResponses } }, preHandler: limit('register', byEmail) },
    async (request, reply) => reply.status(201).send(await registration.registerRep(app, { input: request.body, locale: await request.getLocale() })),
  );

  // A pharma company (docs/decisions/087-company-accounts.md): the same code, link and limits.
  app.post(
    '/api/company/register',
    { schema: { body: companyRegisterSchema, response: { 201: registerResponseSchema, ...errorResponses } }, preHandler: limit('register', byEmail) },
    async (request, reply) => reply.status(201).send(await registration.registerCompany(app, { input: request.body, locale: await request.getLocale() })),
  );

  app.post(
    '/api/verify-otp',
    { schema: { body: verifyOtpSchema, response: { 200: messageResponseSchema, ...errorResponses } }, preHandler: limit('verifyOtp', byEmail) },
    async (request) => registration.verifyOtp(app, { input: request.body, origin: originOf(request) }),
  );

  app.post(
    '/api/verify-email',
    { schema: { body: verifyEmailSchema, response: { 200: messageResponseSchema, ...errorResponses } }, preHandler: limit('verifyEmail', byToken) },
    async (request) => registration.verifyEmailLink(app, { input: request.body, origin: originOf(request) }),
  );

  app.post(
    '/api/verify-email/check',
    {
      schema: { body: verifyLinkCheckSchema, response: { 200: verifyLinkStatusSchema, ...errorResponses } },
      preHandler: limit('checkLink', byToken),
    },
    async (request) => registration.checkVerificationLink(app, { input: request.body }),
  );

  app.post(
    '/api/resend-verification',
    { schema: { body: resendVerificationSchema, response: { 200: messageResponseSchema, ...errorResponses } }, preHandler: limit('resend', byEmail) },
    async (request) => registration.resendVerification(app, { input: request.body, locale: await request.getLocale() }),
  );

  // --- sessions ----------------------------------------------------------------------------------
  for (const [path, kind] of [
    ['/api/auth/login', 'clinic'],
    ['/api/medrep/login', 'medrep'],
    ['/api/company/login', 'company'],
  ] as const) {
    const answer = kind === 'clinic' ? clinicLoginResponseSchema : kind === 'company' ? companyLoginResponseSchema : repLoginResponseSchema;
    // The refused rep login carries the spec's hint next to the message (part 1, 7).
    const response = { 200: answer, '4xx': loginRefusedSchema, '5xx': errorResponses['5xx'] };
    // Per address and per account, or per device cookie of the account (decision 031).
    const preHandler = async (request: FastifyRequest) => throttle.countAttempt(request, { kind, login: (request.body as Login).email });
    app.post(path, { schema: { body: loginSchema, response }, preHandler }, async (request, reply) => {
      try {
        const { accountId, memberId, answer } = await auth.logIn(app, { kind, input: request.body, origin: originOf(request) });
        // The session (and its cookie) starts at the edge; the service never sees the request or reply. A clinic team
        // member's is the clinic's session naming the member (decision 072).
        await startSession(app, request, reply, { type: kind, id: accountId, memberId, rememberMe: request.body.rememberMe ?? false });
        throttle.trustDevice(request, reply, { kind, login: request.body.email });
        // Welcomed in the account's own language, when it has chosen one (decision 045).
        if (isLocale(answer.language)) request.setLocale(answer.language);
        return answer;
      } catch (err) {
        if (err instanceof auth.LoginRefused && err.hint) {
          return reply.status(err.status).send({ message: err.message, code: err.code, hint: err.hint });
        }
        throw err;
      }
    });
  }

  app.post('/api/auth/logout', { schema: { response: { 200: messageResponseSchema, ...errorResponses } } }, async (request, reply) => {
    await endSession(app, request, reply);
    return { message: auth.LOGGED_OUT };
  });

  // A doctor's own login is named too (docs/decisions/073).
  app.get('/api/auth/me', { schema: { response: { 200: meResponseSchema, ...errorResponses } }, preHandler: signedInOrDoctor }, async (request) =>
    auth.getMe(app, { actor: await actorOf(request) }),
  );

  // --- terms (spec part 1, 4) --------------------------------------------------------------------
  app.get(
    '/api/terms-status/:userType/:userId',
    { schema: { params: termsParams, response: { 200: termsStatusResponseSchema, ...errorResponses } }, preHandler: signedIn },
    async (request) =>
      auth.getTermsStatus(app, { actor: await actorOf(request), kind: request.params.userType, id: request.params.userId, origin: originOf(request) }),
  );

  app.post(
    '/api/accept-terms',
    { schema: { body: acceptTermsSchema, response: { 200: acceptTermsResponseSchema, ...errorResponses } }, preHandler: signedIn },
    async (request) =>
      auth.acceptTerms(app, { actor: await actorOf(request), kind: request.body.userType, id: request.body.userId, origin: originOf(request) }),
  );

  // --- password reset ----------------------------------------------------------------------------
  const message = { 200: messageResponseSchema, ...errorResponses };
  for (const kind of ['clinic', 'medrep', 'company'] as const) {
    // The clinic's is the clinic team's (it also finds the team's members: docs/decisions/072), which calls this one.
    if (kind !== 'clinic')
      app.post(
        `/api/${kind}/forgot-password`,
        { schema: { body: forgotPasswordSchema, response: message }, preHandler: limit('forgotPassword', byEmail) },
        async (request) => auth.requestPasswordReset(app, { kind, input: request.body, origin: originOf(request) }),
      );
    app.post(
      `/api/${kind}/reset-password`,
      { schema: { body: resetPasswordSchema, response: message }, preHandler: limit('resetPassword', byToken) },
      async (request) => auth.resetPassword(app, { kind, input: request.body, origin: originOf(request) }),
    );
    app.post(
      `/api/${kind}/reset-password/check`,
      { schema: { body: resetLinkCheckSchema, response: { 200: resetLinkStatusSchema, ...errorResponses } }, preHandler: limit('checkLink', byToken) },
      async (request) => auth.checkResetLink(app, { kind, input: request.body }),
    );
  }
}
