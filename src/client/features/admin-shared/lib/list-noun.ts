import type { I18n } from '@lingui/core';

/**
 * What a list holds, said for a number of its rows. A list's noun is marked for translation where it is written as a
 * plural message of the noun alone, `'{count, plural, one {admin} other {admins}}'`, so "1 admin" and "2 admins" are
 * each right, and Hindi and Urdu give their own forms (docs/decisions/057).
 */
export function listNoun(i18n: I18n, noun: string, count: number): string {
  return i18n._(noun, { count });
}

/** The noun for rows in general ("Load more admins", "of these admins"): the form for many, which 2 takes in each language. */
export function listNounMany(i18n: I18n, noun: string): string {
  return listNoun(i18n, noun, 2);
}
