import type { Locale } from '../../shared/i18n/locales';
import { i18nFor } from '../i18n';
import { dayIn } from '../message-dates';

/** "Tuesday, 24/11/2026" in the reader's language (docs/decisions/045). */
export const dayText = (date: string, locale: Locale = 'en') => dayIn(locale, date);

export const appDashboardHint = (locale: Locale = 'en') => i18nFor(locale)._('To stop these reminders, turn them off under Settings > Notifications.');
