import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Locale } from './locales';

/*
 * Docs/decisions/045-languages.md: a message's id is its English text (the spec's words), so the English catalogue is
 * the source itself and never has to be loaded; the Hindi and Urdu catalogues map that text to theirs. Catalogues
 * hold ICU MessageFormat ('{count, plural, one {# appointment} other {# appointments}}'), compiled here on first use
 * (a catalogue is plain JSON, so the browser loads one as data and node imports it as is).
 */

/** A catalogue as stored (src/shared/i18n/<half>/<locale>.json): English text -> the language's text. */
export type Catalog = Record<string, string>;

// Every message is compiled once. The set is finite (the catalogues' keys and the English texts in the code); the cap
// keeps a text built at run time from growing it without bound (ARCHITECTURE rule 15).
const compiled = new Map<string, ReturnType<typeof compileMessage>>();
const COMPILED_CAP = 10_000;

export function compileCached(message: string): ReturnType<typeof compileMessage> {
  let result = compiled.get(message);
  if (result === undefined) {
    result = compileMessage(message);
    if (compiled.size >= COMPILED_CAP) compiled.clear();
    compiled.set(message, result);
  }
  return result;
}

/** An i18n instance for one language with its catalogue (none for English: the ids are the English texts). */
export function createI18n(locale: Locale, catalog: Catalog = {}): I18n {
  const i18n = setupI18n();
  i18n.setMessagesCompiler(compileCached);
  i18n.load(locale, catalog as Messages);
  i18n.activate(locale);
  return i18n;
}
