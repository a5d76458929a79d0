import { ERROR_MESSAGES, type ErrorCode } from '../shared/errors';

/**
 * The one error services throw (ARCHITECTURE rule 4); the error handler maps it to `{ message, code }`. The code
 * is one of src/shared/errors.ts; the message defaults to that code's text there.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string = ERROR_MESSAGES[code],
    readonly status = 400,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message: string = ERROR_MESSAGES.not_found) => new AppError('not_found', message, 404);
export const forbidden = (message: string = ERROR_MESSAGES.forbidden) => new AppError('forbidden', message, 403);
export const unauthorized = (message: string = ERROR_MESSAGES.unauthorized) => new AppError('unauthorized', message, 401);
export const conflict = (message: string, code: ErrorCode = 'conflict') => new AppError(code, message, 409);
export const badRequest = (message: string, code: ErrorCode = 'bad_request') => new AppError(code, message, 400);

/** True for a PostgreSQL unique violation, as thrown by both pg and PGlite (wrapped or not by drizzle). */
export function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
