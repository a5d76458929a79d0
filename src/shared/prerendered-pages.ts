// With its extension: vite.config.ts loads this file (and Vite's config loader wants one).
import { DEFAULT_LOCALE, type Locale } from './i18n/locales.ts';

// Decision 014: where the build writes a pre-rendered page (build/vite-prerender.ts) and how the server finds the
// path it answers (src/server/client-shell.ts): '/' is prerendered/index.html, '/about' prerendered/about.html.
// Decision 045: each page is rendered in every language; English keeps those names, Hindi and Urdu go beside them in
// a folder of their own (prerendered/hi/about.html, prerendered/ur/_not-found.html).

export const PRERENDERED_DIR = 'prerendered';

/**
 * The not-found page, pre-rendered once (at an unknown path) for every path the router has no page for: sent with
 * status 404, never for a path of its own (decision 037). Its '_' keeps it out of the pages' list.
 */
export const NOT_FOUND_FILE = `${PRERENDERED_DIR}/_not-found.html`;

/** The file (relative to the client build) holding the pre-rendered page for a URL path, in English. */
export function prerenderedFileOf(path: string): string {
  return `${PRERENDERED_DIR}/${path === '/' ? 'index' : path.replace(/^\//, '')}.html`;
}

/** The same pre-rendered file (an English one: prerenderedFileOf, NOT_FOUND_FILE) in another language. */
export function prerenderedFileIn(file: string, locale: Locale): string {
  if (!file.startsWith(`${PRERENDERED_DIR}/`)) throw new Error(`not a pre-rendered file: ${file}`);
  return locale === DEFAULT_LOCALE ? file : `${PRERENDERED_DIR}/${locale}/${file.slice(PRERENDERED_DIR.length + 1)}`;
}

/** The URL path a pre-rendered file name (within PRERENDERED_DIR) answers; null for the not-found page. */
export function pathOfPrerenderedFile(name: string): string | null {
  if (`${PRERENDERED_DIR}/${name}` === NOT_FOUND_FILE) return null;
  const base = name.replace(/\.html$/, '');
  return base === 'index' ? '/' : `/${base}`;
}
