import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// What a browser downloads: the client is built with a Vite manifest, and each route's JavaScript and CSS is
// the closure of its static imports (the entry's for every route, plus the route's lazy page chunk).

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

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
}

/** The landing route's initial JS+CSS (gzipped) and what each other page loads on demand on top of it. */
export function measureBundles(outDir: string): { landing: RouteWeight; onDemand: RouteWeight[]; indexHtmlScripts: string[] } {
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
  const landing = weigh('/', 'routes/home-page.tsx');
  const pages: Array<[string, string]> = [
    ['/medrep-login', 'routes/medrep-login-page.tsx'],
    ['/medrep-dashboard', 'routes/medrep-dashboard-page.tsx'],
    ['/clinic/dashboard', 'routes/clinic-dashboard-page.tsx'],
    ['/admin', 'routes/admin-page.tsx'],
  ];
  const onDemand = pages.filter(([, k]) => manifest[k]).map(([route, k]) => weigh(`${route} (on demand)`, k, entry));
  return { landing, onDemand, indexHtmlScripts };
}
