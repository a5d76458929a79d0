import { ERROR_MESSAGES, type ErrorCode } from '../shared/errors';
import { messageOf, type Message, type MessageValues } from '../shared/i18n/message';
import { i18nFor } from './i18n';

/**
 * The one error services throw (ARCHITECTURE rule 4); the error handler maps it to `{ message, code }`. The code
 * is one of src/shared/errors.ts; the message defaults to that code's text there. The message travels as its
 * descriptor (docs/decisions/068): a text of the code, a shared rule's descriptor, or a text with values given as
 * its English template and the values (`'Please wait {seconds} seconds...', { seconds }`). `message` is the English;
 * the answer is the descriptor translated into the caller's language (plugins/locale.ts).
 */
export class AppError extends Error {
  /** The message as worded in the code, translated where the error is answered. */
  readonly descriptor: Message;
  constructor(
    readonly code: ErrorCode,
    message: string | Message = ERROR_MESSAGES[code],
    readonly status = 400,
    readonly headers: Record<string, string> = {},
    values?: MessageValues,
  ) {
    const descriptor = typeof message === 'string' && values ? { id: message, values } : messageOf(message);
    super(i18nFor('en')._(descriptor));
    this.name = 'AppError';
    this.descriptor = descriptor;
  }
}

/**
 * Retry-After of a 503 a setting causes (no ADMIN_PASSWORD, no Razorpay keys in production): an operator must act, so
 * an hour. A database outage's 503 says a few seconds (RETRY_AFTER_SECONDS in plugins/error-handler.ts).
 */
export const CONFIGURATION_RETRY_SECONDS = 3600;

export const notFound = (message: string | Message = ERROR_MESSAGES.not_found) => new AppError('not_found', message, 404);
export const forbidden = (message: string | Message = ERROR_MESSAGES.forbidden) => new AppError('forbidden', message, 403);
export const unauthorized = (message: string | Message = ERROR_MESSAGES.unauthorized) => new AppError('unauthorized', message, 401);
export const conflict = (message: string | Message, code: ErrorCode = 'conflict') => new AppError(code, message, 409);
export const badRequest = (message: string | Message, code: ErrorCode = 'bad_request', values?: MessageValues) => new AppError(code, message, 400, {}, values);

/** True for a PostgreSQL unique violation, as thrown by both pg and PGlite (wrapped or not by drizzle). */
export function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

// What says the database cannot answer now, rather than that a request was wrong: answered 503 service_unavailable
// (docs/decisions/012-performance-and-scaling.md, Database timeouts). SQLSTATEs from PostgreSQL's Appendix A.
const UNAVAILABLE_SQLSTATES = new Set([
  '57014', // query_canceled: the statement_timeout
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  '53300', // too_many_connections
  // and class 08, connection_exception (08000, 08003, 08006...)
]);
// Socket errors on the way to the database (Node's codes).
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// node-postgres' own, which carry no code: no connection within connectionTimeoutMillis (pool and client), no
// answer within query_timeout, a connection that ended, and a client used after its connection was lost.
const UNAVAILABLE_DRIVER_MESSAGE =
  /^(timeout exceeded when trying to connect|timeout expired|Query read timeout|Connection terminated\b|Client (has encountered a connection error|was closed) and is not queryable)/;

/** Why the database could not answer, for the metrics (repvisit_db_unavailable_total, docs/decisions/059). */
export type DatabaseUnavailableKind = 'statement_timeout' | 'connect_timeout' | 'overloaded' | 'connection';

/** True when `err`, or an error it wraps (drizzle's DrizzleQueryError, pg-pool's timeout), says the database is unavailable. */
export function isDatabaseUnavailable(err: unknown): boolean {
  return databaseUnavailableKind(err) !== undefined;
}

/**
 * The kind of an error that says the database is unavailable (undefined for any other): a statement past its timeout
 * (57014, node-postgres' query_timeout), no connection in time (the pool's or the socket's timeout), a server that
 * refuses more work (too many connections, starting or shutting down), or a connection lost or refused.
 */
export function databaseUnavailableKind(err: unknown): DatabaseUnavailableKind | undefined {
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || UNAVAILABLE_SOCKET_CODES.has(code))) {
      if (code === '57014') return 'statement_timeout';
      if (code === 'ETIMEDOUT') return 'connect_timeout';
      if (code === '53300' || code.startsWith('57P')) return 'overloaded';
      return 'connection';
    }
    if (typeof message === 'string' && UNAVAILABLE_DRIVER_MESSAGE.test(message)) {
      if (message.startsWith('Query read timeout')) return 'statement_timeout';
      if (message.startsWith('timeout') || message.includes('due to connection timeout')) return 'connect_timeout';
      return 'connection';
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
