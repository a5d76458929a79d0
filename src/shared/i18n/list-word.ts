import type { I18n } from '@lingui/core';

/**
 * A word of the spec's lists that the data keeps in English (a state, a city, a specialty) in the translator's
 * language; any other text (typed in) as written, never read as a message, whose `{...}` would be taken for a value
 * (docs/decisions/045-languages.md).
 */
export function listWordIn(i18n: I18n, text: string): string {
  return Object.hasOwn(i18n.messages, text) ? i18n._(text) : text;
}
