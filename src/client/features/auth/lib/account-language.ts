import { isLocale } from '../../../../shared/i18n/locales';
import { activateLocale, currentLocale } from '../../../lib/i18n';
import { saveAccountLanguage } from '../../../lib/save-account-language';

/**
 * After a sign-in (decision 045): the account's saved language wins over the device's; an account without one
 * takes the device's, saved in the background (a failure only means the server keeps using Accept-Language).
 */
export function applyAccountLanguage(answer: unknown): void {
  const language = (answer as { language?: unknown } | null | undefined)?.language;
  if (isLocale(language)) {
    if (language !== currentLocale()) void activateLocale(language);
    return;
  }
  if (language === null) {
    saveAccountLanguage(currentLocale());
  }
}
