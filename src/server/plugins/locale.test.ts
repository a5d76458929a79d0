import { expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../shared/errors';
import { BOOKING_MESSAGES } from '../../shared/booking/booking-rules';
import { i18nFor } from '../i18n';
import { translateMessage } from './locale';
import { createRep, sessionCookie } from '../test/factories';
import { describeEachDatabase } from '../test/harness';

// The answers speak the caller's language (docs/decisions/045-languages.md): the signed-in account's saved one,
// else the browser's Accept-Language; the `code` stays the same in every language.

// The catalogues are written by translators; these tests bring their own words so they test the server, not them.
const HINDI = {
  [ERROR_MESSAGES.unauthorized]: 'जारी रखने के लिए कृपया लॉग इन करें।',
  'No such endpoint: {method} {path}': 'ऐसा कोई endpoint नहीं है: {method} {path}',
};
const URDU = {
  [ERROR_MESSAGES.unauthorized]: 'جاری رکھنے کے لیے براہ کرم لاگ اِن کریں۔',
  [BOOKING_MESSAGES.past]: 'آپ گزری ہوئی تاریخ کی اپوائنٹمنٹ بُک نہیں کر سکتے۔',
  'Appointment not found': 'اپوائنٹمنٹ نہیں ملی',
  'Appointments can be booked up to {date}. Please select an earlier date.': 'اپوائنٹمنٹ {date} تک بُک کی جا سکتی ہیں۔ براہ کرم پہلے کی تاریخ منتخب کریں۔',
};
i18nFor('hi').load('hi', HINDI);
i18nFor('ur').load('ur', URDU);

describeEachDatabase('answers in the caller language', (ctx) => {
  const me = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers });

  it('answers an error in Hindi to a browser that asks for Hindi, with the same code', async () => {
    const english = await me({ 'accept-language': 'en-IN,en;q=0.9' });
    const hindi = await me({ 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' });
    expect(english.statusCode).toBe(401);
    expect(english.json()).toEqual({ message: ERROR_MESSAGES.unauthorized, code: 'unauthorized' });
    expect(english.headers['content-language']).toBe('en');
    expect(hindi.statusCode).toBe(401);
    expect(hindi.json()).toEqual({ message: HINDI[ERROR_MESSAGES.unauthorized], code: 'unauthorized' });
    expect(hindi.headers['content-language']).toBe('hi');
    expect(hindi.headers.vary).toMatch(/Accept-Language/);
  });

  it('answers in English without Accept-Language, or for a language it does not speak', async () => {
    for (const headers of [{}, { 'accept-language': 'fr-FR,de;q=0.8' }] as Array<Record<string, string>>) {
      const res = await me(headers);
      expect(res.json()).toEqual({ message: ERROR_MESSAGES.unauthorized, code: 'unauthorized' });
      expect(res.headers['content-language']).toBe('en');
    }
  });

  it('fills in the values of a message after translating it', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing', headers: { 'accept-language': 'hi' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'ऐसा कोई endpoint नहीं है: GET /api/no-such-thing', code: 'not_found' });
    const english = await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(english.json()).toEqual({ message: 'No such endpoint: GET /api/no-such-thing', code: 'not_found' });
  });

  it("answers a signed-in account in its saved language, whatever the browser's", async () => {
    const rep = await createRep(ctx.app.db, { language: 'ur' });
    const cookie = await sessionCookie(ctx.app, 'medrep', rep.id);
    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/appointments/999999', headers: { cookie, 'accept-language': 'en' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: URDU['Appointment not found'], code: 'not_found' });
    expect(res.headers['content-language']).toBe('ur');

    // The same refusal to an account that never chose a language follows the browser.
    const other = await createRep(ctx.app.db);
    const otherCookie = await sessionCookie(ctx.app, 'medrep', other.id);
    const english = await ctx.app.inject({ method: 'DELETE', url: '/api/appointments/999999', headers: { cookie: otherCookie, 'accept-language': 'en' } });
    expect(english.json()).toEqual({ message: 'Appointment not found', code: 'not_found' });
  });

  it("translates a shared rule's descriptor with its values, and leaves a text it does not know as it is", async () => {
    const descriptor = BOOKING_MESSAGES.beyondHorizon('2026-05-31');
    expect(translateMessage('en', descriptor)).toBe('Appointments can be booked up to 31/05/2026. Please select an earlier date.');
    expect(translateMessage('ur', descriptor)).toBe('اپوائنٹمنٹ 31/05/2026 تک بُک کی جا سکتی ہیں۔ براہ کرم پہلے کی تاریخ منتخب کریں۔');
    // Its English alone is a text like any other now: no table turns it back into its template.
    expect(translateMessage('ur', 'Appointments can be booked up to 31/05/2026. Please select an earlier date.')).toBe(
      'Appointments can be booked up to 31/05/2026. Please select an earlier date.',
    );
    expect(translateMessage('ur', 'A text typed by {someone}')).toBe('A text typed by {someone}');

    const rep = await createRep(ctx.app.db, { language: 'ur' });
    const cookie = await sessionCookie(ctx.app, 'medrep', rep.id);
    // A validation error whose text the catalogue does not have (zod's own words) stays English, its code the same.
    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/appointments/not-a-number', headers: { cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_error');
    expect(res.headers['content-language']).toBe('ur');
  });
});
