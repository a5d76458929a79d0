import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_MESSAGES, isErrorCode, type ErrorCode } from '../../shared/errors';
import { AppError, databaseUnavailableKind, isUniqueViolation } from '../errors';
import { messageOf } from '../../shared/i18n/message';
import { answerWithMessage } from './locale';

/** Fastify's own 4xx codes, answered with the app's codes (src/shared/errors.ts) so clients see one list. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'empty_body',
};

/**
 * Retry-After where an answer names no wait of its own (docs/decisions/049): a 503 of a database that is away (its
 * timeouts are seconds; decision 012) and a 429 whose limit does not say (a code's attempts).
 */
export const RETRY_AFTER_SECONDS = { 429: 60, 503: 5 } as const;

/** One error shape: `{ message, code? }` for every non-2xx answer; internals hidden on 5xx and logged. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | Error, request, reply) => {
    if (err instanceof AppError) {
      // The error's descriptor, translated on the way out (plugins/locale.ts, docs/decisions/068).
      return reply
        .status(err.status)
        .headers(err.headers)
        .send(answerWithMessage(err.descriptor, { code: err.code }));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
      // A schema's message with values is declared with its descriptor (schemaMessage, src/shared/i18n/message.ts).
      const message = messageOf(first?.message || /*i18n*/ 'Invalid request');
      return reply.status(400).send(answerWithMessage(message, { code: 'validation_error' as const, ...(field ? { field } : {}) }));
    }
    if (isUniqueViolation(err)) {
      return reply.status(409).send({ message: ERROR_MESSAGES.conflict, code: 'conflict' });
    }
    // A database that is down, hung or overloaded (docs/decisions/012, Database timeouts): the caller may try again.
    const unavailable = databaseUnavailableKind(err);
    if (unavailable) {
      request.log.error({ err }, 'database unavailable');
      app.metrics?.databaseUnavailable.inc({ kind: unavailable });
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS[503]))
        .send({ message: ERROR_MESSAGES.service_unavailable, code: 'service_unavailable' });
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

/** Every 429 and 503 tells when to try again: the wait its source named, else RETRY_AFTER_SECONDS. */
export function registerRetryAfter(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    const status = reply.statusCode;
    if ((status === 429 || status === 503) && !reply.hasHeader('retry-after')) reply.header('retry-after', String(RETRY_AFTER_SECONDS[status]));
    return payload;
  });
}

const CLIENT_ERRORS = {
  HPE_HEADER_OVERFLOW: { status: 431, reason: 'Request Header Fields Too Large', code: 'headers_too_large' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', code: 'request_timeout' },
} satisfies Record<string, { status: number; reason: string; code: ErrorCode }>;

/**
 * What the HTTP parser refuses before Fastify sees a request (headers too large, a bad or doubled Content-Length, a
 * malformed request line): the app's `{ message, code }` (ARCHITECTURE rule 4), in English, as no request was read to
 * choose a language from. Fastify's own answer had `{ error, message, statusCode }` and no code.
 */
export function answerClientError(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const known = CLIENT_ERRORS[err.code as keyof typeof CLIENT_ERRORS];
  const { status, reason, code } = known ?? { status: 400, reason: 'Bad Request', code: 'bad_request' as const };
  const body = JSON.stringify({ message: ERROR_MESSAGES[code], code });
  this.log.debug({ code: err.code }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
