import { resolve } from 'node:path';
import { createServer, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';
import { DEFAULT_LOCALE, LOCALE_DIRECTION, LOCALE_PARAM, LOCALES, type Locale } from '../src/shared/i18n/locales.ts';
import { prerenderedFileIn, prerenderedFileOf } from '../src/shared/prerendered-pages.ts';
import { i18nCatalogs } from './vite-i18n.ts';

// Decision 014: the public pages' HTML is rendered at build time, so the first response already shows the page
// (its largest text paints without waiting for the JavaScript); the browser then hydrates it (src/client/main.tsx).
// Each page is written to <outDir>/prerendered/<path>.html (src/shared/prerendered-pages.ts); the server sends
// it for that path (src/server/client-shell.ts). Every other path keeps the empty app shell, index.html.
// Decision 045: each page is rendered in every language, English to those files and Hindi and Urdu beside them
// (prerendered/hi/about.html), with its <html lang dir>, the links to its other languages (hreflang) and, in Hindi
// and Urdu, the script's web font and the catalogue the browser loads before hydrating.

export interface PrerenderPage {
  /** The URL path, e.g. '/medrep-login'. */
  path: string;
  /** The page's module (relative to the Vite root), whose chunk is preloaded with the entry. */
  page: string;
  /** Other modules (relative to the Vite root) the page loads as it starts, preloaded too. */
  alsoPreload?: string[];
  /**
   * Where to write it (in English; the other languages go beside it), when not the file of its path: the not-found
   * page, rendered at a path no page has, with no links to other languages (it has no URL of its own).
   */
  file?: string;
}

interface Options {
  /** The module (relative to the Vite root) exporting prerenderPage(path): { html, title }. */
  entry: string;
  pages: PrerenderPage[];
  /** Compile-time constants the client build replaces, so the pre-render sees the same values. */
  define?: Record<string, string>;
  /** Each language's web font stylesheet (relative to the Vite root), inlined in its pages so the font loads at once. */
  fonts?: Partial<Record<Locale, string>>;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (s: string) => escapeHtml(s).replace(/"/g, '&quot;');

/** The page's address in a language (its hreflang links; the server answers `?lang=`, src/server/client-shell.ts). */
const hrefIn = (path: string, locale: Locale | 'x-default') => (locale === 'x-default' ? path : `${path}?${LOCALE_PARAM}=${locale}`);

/** The links to a page's versions in every language, x-default the English one without a parameter (decision 045). */
function alternateLinks(path: string): string {
  return [...LOCALES, 'x-default' as const]
    .map((locale) => `<link rel="alternate" hreflang="${locale}" href="${escapeAttribute(hrefIn(path, locale))}">`)
    .join('');
}

/** The CSS a stylesheet module became in the bundle (a dynamically imported stylesheet is an asset of its own). */
function stylesheetOf(bundle: Rolldown.OutputBundle, root: string, module: string): string {
  const wanted = resolve(root, module);
  const asset = Object.values(bundle).find(
    (a): a is Rolldown.OutputAsset => a.type === 'asset' && a.fileName.endsWith('.css') && a.originalFileNames.some((f) => resolve(root, f) === wanted),
  );
  if (!asset) throw new Error(`prerender: no stylesheet for ${module}`);
  const text = String(asset.source);
  if (/<\/style/i.test(text)) throw new Error(`prerender: ${module} cannot be inlined`);
  return text;
}

/** The chunks a page's chunk imports statically (its own included), the entry's excluded: what to preload. */
function staticImportsOf(bundle: Rolldown.OutputBundle, fileName: string, skip: Set<string>, seen = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (!chunk || chunk.type !== 'chunk' || seen.has(fileName) || skip.has(fileName)) return seen;
  seen.add(fileName);
  for (const imported of chunk.imports) staticImportsOf(bundle, imported, skip, seen);
  return seen;
}

export function prerender(options: Options): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'repvisit:prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle: {
      order: 'post',
      async handler(_, bundle) {
        if (config.build.ssr) return;
        const shell = bundle['index.html'];
        if (!shell || shell.type !== 'asset') throw new Error('prerender: no index.html in the bundle');
        const template = String(shell.source);
        if (!template.includes('<div id="root"></div>')) throw new Error('prerender: index.html has no empty <div id="root"></div>');

        const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) throw new Error('prerender: no entry chunk');
        const loadedWithEntry = staticImportsOf(bundle, entry.fileName, new Set());

        // The stylesheet goes inline: the page then paints from its first response, without waiting for another
        // request (the CSP allows inline styles). index.html keeps the link, cached for the app's other pages.
        let withInlineCss = template;
        for (const [link, href = ''] of template.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g)) {
          const css = bundle[href.slice(config.base.length)];
          if (!css || css.type !== 'asset') throw new Error(`prerender: ${href} is not in the bundle`);
          const text = String(css.source);
          if (/<\/style/i.test(text)) throw new Error(`prerender: ${href} cannot be inlined`);
          withInlineCss = withInlineCss.replace(link, () => `<style>${text}</style>`);
        }

        // Decision 081: a pre-rendered page paints from its HTML alone; its scripts only hydrate it. Fetched at low
        // priority, they leave the connection to what the first paint may need (the page, a language's font) and
        // tell the browser, and Lighthouse's simulation, that they do not hold up the first paint.
        const entryScript = /<script type="module" crossorigin src="[^"]+"/;
        if (!entryScript.test(withInlineCss)) throw new Error('prerender: index.html has no module entry script');
        withInlineCss = withInlineCss.replace(entryScript, (tag) => `${tag} fetchpriority="low"`);

        // The pages are rendered by the same source modules, run in Node through Vite's SSR module loader.
        const server = await createServer({
          configFile: false,
          root: config.root,
          mode: config.mode,
          logLevel: 'error',
          define: options.define,
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false, watch: null },
          optimizeDeps: { noDiscovery: true, include: [] },
          // The language catalogues (virtual:i18n/*), compiled as for the browser.
          plugins: [i18nCatalogs()],
        });
        if (!withInlineCss.includes('<html lang="en">')) throw new Error('prerender: index.html has no <html lang="en">');

        // What a language adds to its pages' head: the catalogue the browser loads before hydrating (main.tsx),
        // preloaded, and the script's font, inline so it starts loading with the first text.
        const headOf = (locale: Locale): string => {
          if (locale === DEFAULT_LOCALE) return '';
          const catalog = Object.values(bundle).find((a) => a.type === 'asset' && a.names.includes(`i18n-${locale}.json`));
          if (!catalog) throw new Error(`prerender: no file for the ${locale} catalogue`);
          const font = options.fonts?.[locale];
          return (
            `<link rel="preload" as="fetch" crossorigin href="${config.base}${catalog.fileName}">` +
            (font ? `<style>${stylesheetOf(bundle, config.root, font)}</style>` : '')
          );
        };

        try {
          const { activatePrerenderLocale, prerenderPage } = (await server.ssrLoadModule(options.entry)) as {
            activatePrerenderLocale: (locale: Locale) => void;
            prerenderPage: (path: string) => Promise<{ html: string; title: string | null }>;
          };
          for (const { path, page, alsoPreload = [], file } of options.pages) {
            const preloaded = new Set<string>();
            for (const module of [page, ...alsoPreload]) {
              const chunk = chunks.find((c) => c.facadeModuleId === resolve(config.root, module));
              if (!chunk) throw new Error(`prerender: no chunk for ${module}`);
              staticImportsOf(bundle, chunk.fileName, loadedWithEntry, preloaded);
            }
            const preload = [...preloaded].map((f) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${config.base}${f}">`).join('');
            // A page of its own has its versions in the other languages; the not-found page has no address.
            const alternates = file ? '' : alternateLinks(path);
            for (const locale of LOCALES) {
              activatePrerenderLocale(locale);
              const { html, title } = await prerenderPage(path);
              // The CSP allows no inline script but the theme's: the page's markup must not need one.
              if (/<script/i.test(html)) throw new Error(`prerender: ${path} (${locale}) rendered an inline <script>`);
              let out = withInlineCss
                .replace('<html lang="en">', () => `<html lang="${locale}" dir="${LOCALE_DIRECTION[locale]}">`)
                .replace('<div id="root"></div>', () => `<div id="root">${html}</div>`);
              if (title) out = out.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
              out = out.replace('</head>', () => `${alternates}${headOf(locale)}${preload}</head>`);
              this.emitFile({ type: 'asset', fileName: prerenderedFileIn(file ?? prerenderedFileOf(path), locale), source: out });
            }
          }
          activatePrerenderLocale(DEFAULT_LOCALE);
        } finally {
          await server.close();
        }
      },
    },
  };
}
