import type { I18n } from '@lingui/core';
import { CANCELLATION_REASONS } from './shell-constants';

/*
 * The reasons a visit is cancelled for are stored as typed (docs/decisions/052). The product writes some itself, and
 * the clinic's quick picks are the spec's three (part 1, 3), filled in in the language on its screen: a stored reason
 * that is exactly one of these, in any language, is said in the reader's; any other text as typed, never read as a
 * message (its `{...}` would be taken for a value).
 */

/** Written by the server when the clinic changes the visiting hours so that booked visits no longer fit. */
export const VISITING_HOURS_CHANGED = /*i18n*/ "The clinic changed the doctor's visiting hours";
/** Written by the server when the clinic removes a doctor with booked visits. */
export const DOCTOR_REMOVED_REASON = /*i18n*/ 'Doctor removed from clinic';

export const PRODUCT_REASONS: readonly string[] = [...CANCELLATION_REASONS, VISITING_HOURS_CHANGED, DOCTOR_REMOVED_REASON];

/**
 * `reason` in `i18n`'s language where it is one of PRODUCT_REASONS in English or in the language of one of
 * `writtenIn` (the translators whose words a clinic may have picked; the reader's own is always one), else as typed.
 */
export function reasonIn(i18n: I18n, reason: string, writtenIn: readonly I18n[] = []): string {
  const typed = reason.trim();
  const id = PRODUCT_REASONS.find((r) => r === typed || [i18n, ...writtenIn].some((t) => t._(r) === typed));
  return id ? i18n._(id) : reason;
}
