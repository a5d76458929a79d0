import { resolve } from 'node:path';
import { createServer, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';
import { prerenderedFileOf } from '../src/shared/prerendered-pages.ts';

// Decision 014: the public pages' HTML is rendered at build time, so the first response already shows the page
// (its largest text paints without waiting for the JavaScript); the browser then hydrates it (src/client/main.tsx).
// Each page is written to <outDir>/prerendered/<path>.html (src/shared/prerendered-pages.ts); the server sends
// it for that path (src/server/client-shell.ts). Every other path keeps the empty app shell, index.html.

export interface PrerenderPage {
  /** The URL path, e.g. '/medrep-login'. */
  path: string;
  /** The page's module (relative to the Vite root), whose chunk is preloaded with the entry. */
  page: string;
  /** Other modules (relative to the Vite root) the page loads as it starts, preloaded too. */
  alsoPreload?: string[];
  /** Where to write it, when not the file of its path (the not-found page, rendered at a path no page has). */
  file?: string;
}

interface Options {
  /** The module (relative to the Vite root) exporting prerenderPage(path): { html, title }. */
  entry: string;
  pages: PrerenderPage[];
  /** Compile-time constants the client build replaces, so the pre-render sees the same values. */
  define?: Record<string, string>;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

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
        });
        try {
          const { prerenderPage } = (await server.ssrLoadModule(options.entry)) as {
            prerenderPage: (path: string) => Promise<{ html: string; title: string | null }>;
          };
          for (const { path, page, alsoPreload = [], file = prerenderedFileOf(path) } of options.pages) {
            const preloaded = new Set<string>();
            for (const module of [page, ...alsoPreload]) {
              const chunk = chunks.find((c) => c.facadeModuleId === resolve(config.root, module));
              if (!chunk) throw new Error(`prerender: no chunk for ${module}`);
              staticImportsOf(bundle, chunk.fileName, loadedWithEntry, preloaded);
            }
            const preload = [...preloaded].map((f) => `<link rel="modulepreload" crossorigin href="${config.base}${f}">`).join('');
            const { html, title } = await prerenderPage(path);
            // The CSP allows no inline script but the theme's: the page's markup must not need one.
            if (/<script/i.test(html)) throw new Error(`prerender: ${path} rendered an inline <script>`);
            let out = withInlineCss.replace('<div id="root"></div>', () => `<div id="root">${html}</div>`);
            if (title) out = out.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
            out = out.replace('</head>', () => `${preload}</head>`);
            this.emitFile({ type: 'asset', fileName: file, source: out });
          }
        } finally {
          await server.close();
        }
      },
    },
  };
}
