import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { BOOKING_MESSAGES, type DayBlockReason } from '../shared/booking/booking-rules';
import { ERROR_MESSAGES, isErrorCode, type ErrorCode } from '../shared/errors';
import { ADMIN_MESSAGES } from '../shared/schemas/admin';
import { errorResponseSchema } from '../shared/schemas/common';
import { SUBSCRIPTION_MESSAGES } from '../shared/schemas/subscription';
import { SUBSCRIPTION_REQUIRED_MESSAGE } from '../shared/subscription/subscription-status';
import { AppError, badRequest, notFound } from './errors';
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
