import type { Locale } from '../../shared/i18n/locales';
import { i18nFor } from '../i18n';
import { dayIn } from '../message-dates';

/** "Tuesday, 24/11/2026" in the reader's language (docs/decisions/045). */
export const dayText = (date: string, locale: Locale = 'en') => dayIn(locale, date);

export function appDashboardHint(locale: Locale = 'en'): string {
  const i18n = i18nFor(locale);
  return i18n._('To stop these reminders, turn them off under Settings > Notifications.');
}
