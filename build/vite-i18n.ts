import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/*
 * Decision 045: the client's catalogues reach the browser compiled, so it carries no ICU parser (the landing page's
 * JavaScript budget, decision 012).
 * - `virtual:i18n/en`: the few English texts that need ICU (plurals, selects); every other English text is its own
 *   id and the client fills its `{placeholders}` itself (src/client/lib/i18n.ts).
 * - `virtual:i18n/hi|ur`: a language's whole catalogue compiled, as a module (the pre-render and tests in Node).
 * - `virtual:i18n-url/hi|ur`: the address of the same catalogue written as a JSON file: the browser fetches it
 *   when the language is chosen, as data, not as a script.
 */
const MODULE = 'virtual:i18n/';
const URL_MODULE = 'virtual:i18n-url/';
const LOCALES = new Set(['en', 'hi', 'ur']);
/** An ICU argument with a type (`{count, plural, ...}`) or a quoted apostrophe: what the client's splitter cannot do. */
const NEEDS_ICU = /\{\s*\w+\s*,|''/;

const catalogFile = (locale: string) => fileURLToPath(new URL(`../src/shared/i18n/client/${locale}.json`, import.meta.url));

export function compileCatalog(locale: string): Record<string, unknown> {
  const catalog = JSON.parse(readFileSync(catalogFile(locale), 'utf8')) as Record<string, string>;
  const out: Record<string, unknown> = {};
  for (const [id, text] of Object.entries(catalog)) {
    if (locale === 'en') {
      if (NEEDS_ICU.test(id)) out[id] = compileMessage(id);
    } else if (text) {
      out[id] = compileMessage(text);
    }
  }
  return out;
}

export function i18nCatalogs(): Plugin {
  let serving = false;
  return {
    name: 'repvisit:i18n-catalogs',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    resolveId(id) {
      for (const prefix of [MODULE, URL_MODULE]) {
        if (id.startsWith(prefix) && LOCALES.has(id.slice(prefix.length))) return `\0${id}`;
      }
      return undefined;
    },
    load(id) {
      if (!id.startsWith('\0virtual:i18n')) return undefined;
      const isUrl = id.startsWith(`\0${URL_MODULE}`);
      const locale = id.slice((isUrl ? URL_MODULE : MODULE).length + 1);
      this.addWatchFile(catalogFile(locale));
      const json = JSON.stringify(compileCatalog(locale));
      if (!isUrl) return `export default ${json};`;
      // The dev server and tests have no files to emit: the catalogue travels in the address itself.
      if (serving) return `export default ${JSON.stringify(`data:application/json;base64,${Buffer.from(json).toString('base64')}`)};`;
      const ref = this.emitFile({ type: 'asset', name: `i18n-${locale}.json`, source: json });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
  };
}
