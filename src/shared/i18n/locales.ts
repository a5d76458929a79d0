/*
 * The languages RepVisit speaks (docs/decisions/045-languages.md): English, the spec's own words, and Hindi and
 * Urdu. Each is named in itself in every switcher, so a reader finds their language whatever is on screen.
 * Plain TypeScript: the client (switcher, <html lang dir>) and the server (Accept-Language, e-mails) share it.
 */
export const LOCALES = ['en', 'hi', 'ur'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language in its own words and script (the switcher's labels). */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', hi: 'हिन्दी', ur: 'اردو' };

/** Urdu is written right to left; <html dir> and the mirrored layout follow it. */
export const LOCALE_DIRECTION: Record<Locale, 'ltr' | 'rtl'> = { en: 'ltr', hi: 'ltr', ur: 'rtl' };

/** The Intl locale of each language: India's conventions (Indian time, lakh grouping), Latin digits kept (dd/mm/yyyy). */
export const INTL_LOCALE: Record<Locale, string> = { en: 'en-IN', hi: 'hi-IN-u-nu-latn', ur: 'ur-IN-u-nu-latn' };

/** The device's remembered choice: a cookie, so the server answers a first request (and its pre-rendered page) in it. */
export const LOCALE_COOKIE = 'rv_lang';

/** The URL parameter of a pre-rendered page's other languages (its hreflang links): `/about?lang=hi`. */
export const LOCALE_PARAM = 'lang';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The first of the reader's languages RepVisit speaks, in their order of preference: `navigator.languages` in the
 * browser, an `Accept-Language` header on the server ('hi-IN,hi;q=0.9,en;q=0.8'). English when none is.
 */
export function negotiateLocale(preferred: readonly string[] | string | null | undefined): Locale {
  const list = typeof preferred === 'string' ? parseAcceptLanguage(preferred) : (preferred ?? []);
  for (const tag of list) {
    const base = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}

/** The tags of an Accept-Language header, most preferred first (q=0 means "not this one"). */
function parseAcceptLanguage(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((l) => l.tag && l.tag !== '*' && Number.isFinite(l.q) && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((l) => l.tag);
}
