/*
 * Catalogue keys whose Hindi and Urdu text may be the English text itself (docs/decisions/045-languages.md): the
 * catalogue test (catalogs.test.ts) requires every other translation to differ from its English id, so that a
 * text left untranslated, or copied from the English, is caught. Keep this list short and deliberate: brand
 * names (RepVisit, WhatsApp, Razorpay), technical tokens read the same in every language (OTP, PDF, CSV, UPI),
 * e-mail addresses, and texts with no words (numbers, symbols, placeholders only).
 */
export const KEPT_IN_ENGLISH: ReadonlySet<string> = new Set([
  'RepVisit',
  'WhatsApp',
  'Razorpay',
  'Google',
  'OTP',
  'PDF',
  'CSV',
  'UPI',
  'QR',
  'IST',
  'ID',
  'OK',
  'HH:MM',
  '{time} IST', // the time and the zone's abbreviation, as Indian timetables print it in every language
]);

/** A text with no words to translate: only numbers, symbols, placeholders or an e-mail address. */
export function hasNothingToTranslate(text: string): boolean {
  const words = text
    .replace(/\{[^{}]*\}/g, ' ')
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ')
    .replace(/<\/?\w+\s*\/?>/g, ' ');
  return !/\p{L}{2,}/u.test(words);
}
