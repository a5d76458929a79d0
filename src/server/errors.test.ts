import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { BOOKING_MESSAGES, type DayBlockReason } from '../shared/booking/booking-rules';
import { ERROR_MESSAGES, isErrorCode, type ErrorCode } from '../shared/errors';
import { ADMIN_MESSAGES } from '../shared/schemas/admin';
import { errorResponseSchema } from '../shared/schemas/common';
import { SUBSCRIPTION_MESSAGES } from '../shared/schemas/subscription';
import { SUBSCRIPTION_REQUIRED_MESSAGE } from '../shared/subscription/subscription-status';
import { AppError, badRequest, databaseUnavailableKind, isDatabaseUnavailable, notFound } from './errors';
import { IDEMPOTENCY_KEY_REUSED } from './modules/booking/booking.service';
import { SAME_PASSWORD, WRONG_CURRENT_PASSWORD } from './modules/clinics/account.service';
import { ONLY_TODAY } from './modules/clinics/visitors.service';
import { PUSH_SERVICE_NOT_ALLOWED } from './modules/notifications/preferences.service';
import { PRIVACY_MESSAGES } from './modules/privacy/privacy.service';
import { TERMS_REQUIRED_MESSAGE } from './plugins/auth';

// The one list of error codes (ARCHITECTURE rule 4) must hold every code the server answers with, and a code
// with one fixed text must carry the text the spec requires, the one the modules send.

describe('error codes', () => {
  it('gives the codes with one fixed text the same message the modules send', () => {
    const fixed: Partial<Record<ErrorCode, string>> = {
      terms_required: TERMS_REQUIRED_MESSAGE,
      admin_off: ADMIN_MESSAGES.adminOff,
      idempotency_key_reused: IDEMPOTENCY_KEY_REUSED,
      subscription_required: SUBSCRIPTION_REQUIRED_MESSAGE,
      not_today: ONLY_TODAY,
      wrong_password: WRONG_CURRENT_PASSWORD,
      same_password: SAME_PASSWORD,
      push_service_not_allowed: PUSH_SERVICE_NOT_ALLOWED,
      wrong_code: PRIVACY_MESSAGES.wrong,
      free_trial_used: SUBSCRIPTION_MESSAGES.trialAlreadyUsed,
      subscription_active: SUBSCRIPTION_MESSAGES.trialWhileActive,
      payment_start_failed: SUBSCRIPTION_MESSAGES.paymentStartFailed,
      payment_verification_failed: SUBSCRIPTION_MESSAGES.verificationFailed,
      webhook_not_configured: SUBSCRIPTION_MESSAGES.webhookNotConfigured,
      invalid_signature: SUBSCRIPTION_MESSAGES.webhookSignatureInvalid,
      invalid_date: BOOKING_MESSAGES.invalidDate,
      past: BOOKING_MESSAGES.past,
      unavailable_weekday: BOOKING_MESSAGES.unavailableWeekday,
      closed: BOOKING_MESSAGES.closed,
      already_booked: BOOKING_MESSAGES.alreadyBookedOnDate,
      has_future_appointment: BOOKING_MESSAGES.hasFutureAppointment,
      full: BOOKING_MESSAGES.full,
    };
    for (const [code, text] of Object.entries(fixed)) expect([code, ERROR_MESSAGES[code as ErrorCode]]).toEqual([code, text]);
  });

  it('holds every reason the booking rules refuse a day with, as those reasons are sent as codes', () => {
    expectTypeOf<DayBlockReason | 'invalid_date'>().toExtend<ErrorCode>();
  });

  it('holds every code written into an answer anywhere in the server', () => {
    const found = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !path.includes('/test/')) {
          for (const m of readFileSync(path, 'utf8').matchAll(/\bcode: '([a-z_]+)'/g)) found.add(m[1]!);
        }
      }
    };
    walk(join(import.meta.dirname, '.'));
    expect(found.size).toBeGreaterThan(3);
    expect([...found].filter((code) => !isErrorCode(code))).toEqual([]);
  });

  it('defaults a message to its code text, and the error answer schema takes only the listed codes', () => {
    expect(notFound().message).toBe('Not found');
    expect(new AppError('terms_required', undefined, 403).message).toBe(TERMS_REQUIRED_MESSAGE);
    expect(badRequest('Bad', 'code_expired').code).toBe('code_expired');
    expect(errorResponseSchema.safeParse({ message: 'x', code: 'rate_limited' }).success).toBe(true);
    expect(errorResponseSchema.safeParse({ message: 'x', code: 'no_such_code' }).success).toBe(false);
  });
});

describe('database unavailable (answered 503 service_unavailable)', () => {
  const sqlState = (code: string) => Object.assign(new pg.DatabaseError('from the server', 0, 'error'), { code });
  const socket = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });
  // As drizzle and pg-pool wrap what node-postgres throws.
  const wrapped = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

  it.each([
    ['the statement timeout', sqlState('57014')],
    ['a server shutting down', sqlState('57P01')],
    ['a server that crashed', sqlState('57P02')],
    ['a server starting or recovering', sqlState('57P03')],
    ['too many connections', sqlState('53300')],
    ['a connection failure', sqlState('08006')],
    ['a refused connection', socket('ECONNREFUSED')],
    ['a reset connection', socket('ECONNRESET')],
    ['a network timeout', socket('ETIMEDOUT')],
    ['no free connection in time (pg-pool)', new Error('timeout exceeded when trying to connect')],
    ['no connection in time (pg client)', new Error('timeout expired')],
    ['no answer in time (query_timeout)', new Error('Query read timeout')],
    ['a connection that ended', new Error('Connection terminated unexpectedly')],
    ['a client used after its connection was lost', new Error('Client has encountered a connection error and is not queryable')],
  ])('%s, also wrapped as drizzle and pg-pool wrap it', (_what, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(err))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated due to connection timeout', { cause: err })))).toBe(true);
  });

  it.each([
    ['a unique violation', sqlState('23505')],
    ['a serialization failure', sqlState('40001')],
    ['a deadlock', sqlState('40P01')],
    ['a syntax error', sqlState('42601')],
    ['an error of the app', new AppError('not_found', undefined, 404)],
    ['any other error', new Error('Cannot read properties of undefined')],
    ['a message that merely mentions a timeout', new Error('Payment gateway: Query read timeout')],
  ])('not %s', (_what, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
    expect(isDatabaseUnavailable(wrapped(err))).toBe(false);
  });

  it('not what is no error at all', () => {
    for (const value of [undefined, null, 'Query read timeout', 57014, {}]) expect(isDatabaseUnavailable(value)).toBe(false);
  });

  // The metrics count the 503s by kind (repvisit_db_unavailable_total, docs/decisions/059).
  it.each([
    ['statement_timeout', sqlState('57014')],
    ['statement_timeout', new Error('Query read timeout')],
    ['connect_timeout', new Error('timeout exceeded when trying to connect')],
    ['connect_timeout', new Error('timeout expired')],
    ['connect_timeout', socket('ETIMEDOUT')],
    ['overloaded', sqlState('53300')],
    ['overloaded', sqlState('57P03')],
    ['connection', sqlState('08006')],
    ['connection', socket('ECONNREFUSED')],
    ['connection', new Error('Connection terminated unexpectedly')],
  ])('names the kind %s, also wrapped', (kind, err) => {
    expect(databaseUnavailableKind(err)).toBe(kind);
    expect(databaseUnavailableKind(wrapped(err))).toBe(kind);
  });
});
