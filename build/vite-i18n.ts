import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/*
 * Decision 045: the client's catalogues reach the browser compiled, so it carries no ICU parser (the landing page's
 * JavaScript budget, decision 012). `virtual:i18n/hi` and `virtual:i18n/ur` are a language's catalogue, every message
 * compiled by Lingui's own compiler; `virtual:i18n/en` is the English texts that need compiling (placeholders,
 * plurals): every other English text is its own id and is shown as it is.
 */
const PREFIX = 'virtual:i18n/';
const RESOLVED = '\0' + PREFIX;
const LOCALES = new Set(['en', 'hi', 'ur']);
/** The same test as src/shared/i18n/translator.ts: a text with none of these is itself. */
const NEEDS_COMPILING = /[{}'#]/;

const catalogFile = (locale: string) => fileURLToPath(new URL(`../src/shared/i18n/client/${locale}.json`, import.meta.url));

export function compileCatalog(locale: string): Record<string, unknown> {
  const catalog = JSON.parse(readFileSync(catalogFile(locale), 'utf8')) as Record<string, string>;
  const out: Record<string, unknown> = {};
  for (const [id, text] of Object.entries(catalog)) {
    if (locale === 'en') {
      if (NEEDS_COMPILING.test(id)) out[id] = compileMessage(id);
    } else if (text) {
      out[id] = NEEDS_COMPILING.test(text) ? compileMessage(text) : text;
    }
  }
  return out;
}

export function i18nCatalogs(): Plugin {
  return {
    name: 'repvisit:i18n-catalogs',
    resolveId(id) {
      return id.startsWith(PREFIX) && LOCALES.has(id.slice(PREFIX.length)) ? RESOLVED + id.slice(PREFIX.length) : undefined;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const locale = id.slice(RESOLVED.length);
      this.addWatchFile(catalogFile(locale));
      return `export default ${JSON.stringify(compileCatalog(locale))};`;
    },
  };
}
