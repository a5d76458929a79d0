import type { Locale } from '../../shared/i18n/locales';

/**
 * Saves a language on the signed-in account (`PUT /api/account/language`, decision 045), in the background: signed
 * out the server answers 401, and a failure only means the server keeps using the device's Accept-Language. The API
 * client loads with the call, not with the page (the switcher is in the landing page's script).
 */
export function saveAccountLanguage(language: Locale): void {
  void import('./api').then(({ apiFetch }) => apiFetch('/api/account/language', { method: 'PUT', body: { language } })).catch(() => undefined);
}
