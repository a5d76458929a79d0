import { Globe } from 'lucide-react';
import { useId } from 'react';
import { LOCALE_DIRECTION, LOCALE_NAMES, LOCALES, isLocale } from '../../../shared/i18n/locales';
import { activateLocale, useI18n } from '../../lib/i18n';
import { saveAccountLanguage } from '../../lib/save-account-language';

/**
 * The language choice (decision 045): a native select, so keyboards, screen readers and phones' own pickers work
 * without code of ours. Each language is named in itself, with its `lang` and `dir`, so it is read in its own voice.
 * The choice applies at once and is remembered on the device; for a signed-in user it is saved on the account too
 * (e-mails and reminders follow it). Signed out, the server answers 401, which is expected and ignored. The API
 * client loads only when a language is chosen: the landing page's JavaScript stays small (decision 012).
 */
export function LanguageSwitcher({ variant = 'header' }: { variant?: 'header' | 'settings' }) {
  const { i18n, locale } = useI18n();
  const id = useId();
  const choose = (value: string) => {
    if (!isLocale(value) || value === locale) return;
    void activateLocale(value);
    saveAccountLanguage(value);
  };
  const header = variant === 'header';
  return (
    <div className={header ? 'relative flex items-center' : 'flex flex-wrap items-center justify-between gap-3'}>
      <label htmlFor={id} className={header ? 'sr-only' : 'text-sm font-medium text-slate-800 dark:text-slate-200'}>
        {i18n._('Language')}
      </label>
      {header && <Globe className="pointer-events-none absolute start-2 h-4 w-4 text-slate-500 dark:text-slate-400" aria-hidden />}
      <select
        id={id}
        value={locale}
        onChange={(e) => choose(e.target.value)}
        className={
          header
            ? 'h-10 max-w-32 rounded-md border border-slate-300 bg-white ps-7 pe-1 text-sm text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100'
            : 'h-10 min-w-40 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100'
        }
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l} dir={LOCALE_DIRECTION[l]}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
