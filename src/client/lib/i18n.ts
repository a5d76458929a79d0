import { i18n, type Messages } from '@lingui/core';
import { useSyncExternalStore } from 'react';
import hindiUrl from 'virtual:i18n-url/hi';
import urduUrl from 'virtual:i18n-url/ur';
import { listWordIn } from '../../shared/i18n/list-word';
import { reasonIn } from '../../shared/cancellation-reasons';
import { DEFAULT_LOCALE, INTL_LOCALE, isLocale, LOCALE_COOKIE, LOCALE_DIRECTION, LOCALE_PARAM, negotiateLocale, type Locale } from '../../shared/i18n/locales';

/*
 * The app's language (docs/decisions/045-languages.md). Texts are written in English in the code, marked
 * `i18n._('Book Appointment')`; a shared rule's or a schema's message with values or a context arrives as Lingui's
 * descriptor and is shown with `i18n._(descriptor)` (docs/decisions/068): English needs no catalogue (the text is its own id; only the texts with
 * placeholders or plurals come compiled, build/vite-i18n.ts), and Hindi's or Urdu's loads only when that language
 * is chosen, with its web font. The choice is remembered on the device (a cookie the server reads too, so a
 * pre-rendered page comes in it) and, for a signed-in user, on the account.
 */

// Catalogues arrive compiled. A text that is not in one (an English id) has at most plain `{name}` placeholders
// (build/vite-i18n.ts compiled the others): split, it is in Lingui's compiled form, ['Welcome, ', ['name']].
i18n.setMessagesCompiler((message) => message.split(/\{(\w+)\}/).map((part, i) => (i % 2 ? [part] : part)));
// English needs no catalogue: its texts are the ids (the plurals arrive with the pages that have them:
// english-plurals.ts).
i18n.load(DEFAULT_LOCALE, {});
i18n.activate(DEFAULT_LOCALE);

export { i18n };

/** A state, city or specialty kept in English in the data, in the language on screen; a text typed in as written. */
export const listWord = (text: string): string => listWordIn(i18n, text);

/**
 * A stored cancellation reason as shown: the product's own and the spec's quick picks in the language on screen (in
 * English or in it, as stored), anything else as typed (docs/decisions/052).
 */
export const reasonText = (reason: string): string => reasonIn(i18n, reason);

// A language's catalogue is a JSON file (data, not script), fetched when the language is used.
const catalogUrls: Record<Exclude<Locale, 'en'>, string> = { hi: hindiUrl, ur: urduUrl };

async function fetchCatalog(locale: Exclude<Locale, 'en'>): Promise<Messages> {
  const res = await fetch(catalogUrls[locale]);
  if (!res.ok) throw new Error(`the ${locale} catalogue answered ${res.status}`);
  return (await res.json()) as Messages;
}

// The script's font ships with the app, subset to that script, and loads with its language only (decision 045).
const fonts: Record<Exclude<Locale, 'en'>, () => Promise<unknown>> = {
  hi: () => import('../styles/font-devanagari.css'),
  ur: () => import('../styles/font-arabic.css'),
};

/** The language a page opens in: a pre-rendered page's own (it must hydrate as rendered), else the link's `?lang=`, the device's choice, the browser's languages. */
function initialLocale(): Locale {
  const html = document.documentElement.lang;
  if (document.getElementById('root')?.hasChildNodes() && isLocale(html)) return html;
  const param = new URLSearchParams(location.search).get(LOCALE_PARAM);
  if (isLocale(param)) return param;
  const cookie = new RegExp(`(?:^|; )${LOCALE_COOKIE}=([a-z]+)`).exec(document.cookie)?.[1];
  if (isLocale(cookie)) return cookie;
  return negotiateLocale(navigator.languages);
}

/**
 * Activates the language a page opens in (main.tsx, before it renders or hydrates). A `?lang=` link is a choice like
 * the switcher's and is remembered; a language guessed from the browser is not (the cookies policy).
 */
export function activateInitialLocale(): Promise<void> {
  const linked = isLocale(new URLSearchParams(location.search).get(LOCALE_PARAM));
  return activateLocale(initialLocale(), { remember: linked }).catch(() => activateLocale(DEFAULT_LOCALE, { remember: false }));
}

/** Loads a language's catalogue and font, then switches every mounted text to it and remembers it on the device. */
export async function activateLocale(locale: Locale, { remember = true } = {}): Promise<void> {
  if (locale !== 'en') {
    const [messages] = await Promise.all([fetchCatalog(locale), fonts[locale]()]);
    i18n.load(locale, messages);
  }
  i18n.activate(locale);
  const html = document.documentElement;
  html.lang = locale;
  html.dir = LOCALE_DIRECTION[locale];
  if (remember) document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** The active language. */
export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

/** Intl's locale for the active language (Indian conventions, Latin digits: the spec's dd/mm/yyyy). */
export function intlLocale(): string {
  return INTL_LOCALE[currentLocale()];
}

const subscribe = (onChange: () => void) => i18n.on('change', onChange);

/**
 * A component's translator, re-rendering it when the language changes: `const { i18n } = useI18n();` then
 * `i18n._('Save')` or `i18n._('{count, plural, one {# call} other {# calls}}', { count })`. The `i18n._(...)` form
 * is what `npx lingui extract` collects.
 */
export function useI18n(): { i18n: typeof i18n; locale: Locale } {
  const locale = useSyncExternalStore(subscribe, currentLocale, currentLocale);
  return { i18n, locale };
}
