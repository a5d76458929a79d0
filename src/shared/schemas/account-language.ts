import { z } from 'zod';
import { LOCALES } from '../i18n/locales';

/*
 * The language an account chose (docs/decisions/045-languages.md): its answers, e-mails, reminders and pushes come
 * in it. Reps, clinics and admins alike.
 */

export const LANGUAGE_SAVED = /*i18n*/ 'Language saved';

/** PUT /api/account/language */
export const accountLanguageSchema = z.object({
  language: z.enum(LOCALES, { error: /*i18n*/ 'Please choose English, Hindi or Urdu.' }),
});
export type AccountLanguage = z.infer<typeof accountLanguageSchema>;

export const accountLanguageResponseSchema = z.object({ message: z.string(), language: z.enum(LOCALES) });
export type AccountLanguageResponse = z.infer<typeof accountLanguageResponseSchema>;

/** The saved language in a login's answer: null until the account has chosen one. */
export const savedLanguageSchema = z.string().nullable();
