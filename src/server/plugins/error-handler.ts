import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_MESSAGES, isErrorCode, type ErrorCode } from '../../shared/errors';
import { AppError, isDatabaseUnavailable, isUniqueViolation } from '../errors';
import { withMessageTemplate } from './locale';

/** Fastify's own 4xx codes, answered with the app's codes (src/shared/errors.ts) so clients see one list. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'empty_body',
};

/** One error shape: `{ message, code? }` for every non-2xx answer; internals hidden on 5xx and logged. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | Error, request, reply) => {
    if (err instanceof AppError) {
      // A message with values is translated as its English template with those values (plugins/locale.ts).
      const template = err.values ? { id: err.template, values: err.values } : undefined;
      return reply
        .status(err.status)
        .headers(err.headers)
        .send(withMessageTemplate({ message: err.message, code: err.code }, template));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
      const message = first?.message || /*i18n*/ 'Invalid request';
      return reply.status(400).send({ message, code: 'validation_error', ...(field ? { field } : {}) });
    }
    if (isUniqueViolation(err)) {
      return reply.status(409).send({ message: ERROR_MESSAGES.conflict, code: 'conflict' });
    }
    // A database that is down, hung or overloaded (docs/decisions/012, Database timeouts): the caller may try again.
    if (isDatabaseUnavailable(err)) {
      request.log.error({ err }, 'database unavailable');
      return reply.status(503).send({ message: ERROR_MESSAGES.service_unavailable, code: 'service_unavailable' });
    }
    const status = (err as FastifyError).statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.status(500).send({ message: ERROR_MESSAGES.internal, code: 'internal' });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type, rate limit...).
    const code = (err as FastifyError).code;
    let message = err.message;
    if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) message = ERROR_MESSAGES.invalid_json;
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') message = ERROR_MESSAGES.body_too_large;
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') message = ERROR_MESSAGES.unsupported_media_type;
    if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY') message = ERROR_MESSAGES.empty_body;
    // A code the app set itself (the rate limiter's 'rate_limited') stays; Fastify's are mapped.
    const answered: ErrorCode = isErrorCode(code) ? code : err instanceof SyntaxError ? 'invalid_json' : (FASTIFY_CODES[code ?? ''] ?? 'bad_request');
    return reply.status(status).send({ message, code: answered });
  });
}
