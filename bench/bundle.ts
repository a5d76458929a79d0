import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { listPrerenderedPages } from '../src/server/client-shell';
import { DEFAULT_LOCALE, LOCALE_PARAM, LOCALES } from '../src/shared/i18n/locales';
import { prerenderedFileIn } from '../src/shared/prerendered-pages';

// What a browser downloads. A pre-rendered page (the landing page among them) is weighed in Chromium: every script it
// loads by itself on a first visit, before any interaction: the entry, its static imports, and the chunks the page
// loads as it renders (bench/page-scripts.ts; decision 025). The static closure in the Vite manifest misses those
// last ones. The other pages are weighed from the manifest: the closure of their static imports on top of the entry's.

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** The server as production runs it (decision 021), into dist/server: cheap (esbuild), so every run builds it from the source it measures. */
export function buildServer(): void {
  execFileSync('npm', ['run', '--silent', 'build:server'], { stdio: 'inherit' });
}

export function buildClient(outDir: string): void {
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (!existsSync(join(outDir, '.vite/manifest.json'))) throw new Error('vite build wrote no manifest');
}

const gz = (file: string) => gzipSync(readFileSync(file)).length;

function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const k of manifest[key].imports ?? []) closure(manifest, k, seen);
  return seen;
}

function filesOf(manifest: Manifest, keys: Set<string>) {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const k of keys) {
    js.add(manifest[k]!.file);
    for (const c of manifest[k]!.css ?? []) css.add(c);
  }
  return { js, css };
}

export interface RouteWeight {
  route: string;
  jsGzipKb: number;
  cssGzipKb: number;
  files: number;
  /** 'browser': the scripts Chromium loaded; 'manifest': the static closure (when the browser could not run). */
  measuredIn?: 'browser' | 'manifest';
  /** The scripts, for a page weighed in the browser. */
  scripts?: string[];
}

const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * The scripts each page loads by itself, from a real browser, or the reason it could not run. A child process, so
 * this module stays synchronous for its callers.
 */
function scriptsInBrowser(outDir: string, paths: string[]): Record<string, string[]> | { error: string } {
  try {
    const out = execFileSync(process.execPath, ['--import', 'tsx', join(here, 'page-scripts.ts'), outDir, ...paths], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 180_000,
    });
    return JSON.parse(out) as Record<string, string[]>;
  } catch (err) {
    const e = err as { stderr?: string; message?: string };
    return { error: (e.stderr || e.message || String(err)).trim().split('\n').slice(-3).join(' ') };
  }
}

/**
 * The landing route's JS+CSS (gzipped): what `/` loads before any interaction; the same for every pre-rendered page;
 * and what each other page loads on demand on top of the entry.
 */
export function measureBundles(outDir: string): {
  landing: RouteWeight;
  publicPages: RouteWeight[];
  onDemand: RouteWeight[];
  indexHtmlScripts: string[];
  browserError?: string;
} {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry && k.endsWith('index.html'));
  if (!entryKey) throw new Error('no index.html entry in the manifest');
  // Cross-check with index.html: the entry script and its modulepreload links are what the browser fetches first.
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const indexHtmlScripts = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/?([^"]+\.js)"/g)].map((m) => m[1]!);

  const kb = (files: Set<string>) => Math.round((100 * [...files].reduce((a, f) => a + gz(join(outDir, f)), 0)) / 1024) / 100;
  const entry = closure(manifest, entryKey);
  const weigh = (route: string, pageKey: string, minus?: Set<string>): RouteWeight => {
    const keys = closure(manifest, pageKey, new Set(entry));
    if (minus) for (const k of minus) keys.delete(k);
    const { js, css } = filesOf(manifest, keys);
    if (!minus) for (const s of indexHtmlScripts) js.add(s); // e.g. registerSW.js, not in the manifest
    return { route, jsGzipKb: kb(js), cssGzipKb: kb(css), files: js.size + css.size };
  };
  const cssOfEntry = filesOf(manifest, entry).css;

  // The pre-rendered pages inline the entry's stylesheet (decision 014): their CSS is that one. The landing page in
  // Hindi and Urdu too, which load their catalogue before hydrating (decision 045).
  const prerendered = listPrerenderedPages(outDir);
  const home = prerendered.get('/');
  const homeIn = home ? LOCALES.filter((l) => l !== DEFAULT_LOCALE && existsSync(join(outDir, prerenderedFileIn(home, l)))) : [];
  const others = [...prerendered.keys()].filter((p) => p !== '/').sort();
  const paths = [...(home ? ['/'] : []), ...homeIn.map((l) => `/?${LOCALE_PARAM}=${l}`), ...others];
  const loaded = paths.length > 0 ? scriptsInBrowser(outDir, paths) : { error: 'the build has no pre-rendered pages' };
  const browserError = 'error' in loaded ? String(loaded.error) : undefined;
  if (browserError) {
    process.stderr.write(
      `[bench] pages not weighed in Chromium (${browserError}): the landing figure is the manifest's static closure, which misses the chunks a page loads as it renders\n`,
    );
  }
  const publicPages: RouteWeight[] =
    'error' in loaded
      ? []
      : paths.map((route) => {
          const js = new Set(loaded[route] ?? []);
          return { route, jsGzipKb: kb(js), cssGzipKb: kb(cssOfEntry), files: js.size + cssOfEntry.size, measuredIn: 'browser', scripts: [...js] };
        });
  const landing = publicPages.find((p) => p.route === '/') ?? { ...weigh('/', 'routes/home-page.tsx'), measuredIn: 'manifest' as const };
  const pages: Array<[string, string]> = [
    ['/medrep-login', 'routes/medrep-login-page.tsx'],
    ['/medrep-dashboard', 'routes/medrep-dashboard-page.tsx'],
    ['/clinic/dashboard', 'routes/clinic-dashboard-page.tsx'],
    ['/admin', 'routes/admin-page.tsx'],
  ];
  const onDemand = pages.filter(([, k]) => manifest[k]).map(([route, k]) => weigh(`${route} (on demand)`, k, entry));
  return { landing, publicPages, onDemand, indexHtmlScripts, ...(browserError ? { browserError } : {}) };
}
