import type { I18n } from '@lingui/core';
import hi from '../shared/i18n/server/hi.json' with { type: 'json' };
import ur from '../shared/i18n/server/ur.json' with { type: 'json' };
import { DEFAULT_LOCALE, isLocale, type Locale } from '../shared/i18n/locales';
import { createI18n } from '../shared/i18n/translator';
import { reasonIn } from '../shared/cancellation-reasons';

/*
 * The server's texts in a reader's language (docs/decisions/045-languages.md): e-mails, pushes, calendar files and
 * the `message` of answers. A text's id is its English words; one without a translation stays English.
 */
const translators: Record<Locale, I18n> = {
  en: createI18n('en'),
  hi: createI18n('hi', hi),
  ur: createI18n('ur', ur),
};

/**
 * A language's translator: `const i18n = i18nFor(locale); i18n._('Appointment booked with {doctor}', { doctor })`.
 * Name it `i18n` and pass the English literal first: that is what `npx lingui extract` collects.
 */
export function i18nFor(locale: Locale | null | undefined): I18n {
  return translators[isLocale(locale) ? locale : DEFAULT_LOCALE];
}

/** The language stored on an account (null: never chosen), as a Locale. */
export function accountLocale(language: string | null | undefined): Locale {
  return isLocale(language) ? language : DEFAULT_LOCALE;
}

export { listWordIn } from '../shared/i18n/list-word';

/**
 * A stored cancellation reason in `i18n`'s language where it is the product's own or a quick pick, picked in any of
 * the languages (docs/decisions/052); anything else as typed.
 */
export const reasonFor = (i18n: I18n, reason: string) => reasonIn(i18n, reason, Object.values(translators));
