import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { chromium } from '@playwright/test';
import { listPrerenderedPages } from '../src/server/client-shell';
import { isLocale, LOCALE_PARAM } from '../src/shared/i18n/locales';
import { prerenderedFileIn } from '../src/shared/prerendered-pages';

// `node --import tsx bench/page-scripts.ts <clientDir> <path>...`: prints, as JSON, the JavaScript files each page
// of a client build makes the browser load by itself, as a first visit with no interaction: the entry, its static
// imports, the chunks the page loads as it renders, and what those load in turn (decision 025). bench/bundle.ts
// runs it as a child process and weighs the files.
// The build is served as the app serves it (src/server/client-shell.ts): a pre-rendered page for its own path (in the
// language of its `?lang=`, else English: decision 045), the app shell for the others; the API is absent (a first visit's calls answer 401 or 404 alike). No service worker:
// its precache downloads every file of the build in the background, which is not what the page needs.

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };
// A page is done loading by itself once nothing was requested for this long after the network went idle.
const QUIET_MS = 1500;

function serve(clientDir: string): Promise<{ url: string; server: Server }> {
  const pages = listPrerenderedPages(clientDir);
  const server = createServer((req, res) => {
    const { pathname: path, searchParams } = new URL(req.url ?? '/', 'http://x');
    const lang = searchParams.get(LOCALE_PARAM);
    if (path.startsWith('/api/')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not served by the bundle probe"}');
      return;
    }
    const asset = normalize(join(clientDir, path));
    const page = pages.get(path);
    const inLang = page && isLocale(lang) ? prerenderedFileIn(page, lang) : undefined;
    const file =
      (inLang && existsSync(join(clientDir, inLang)) ? inLang : page) ??
      (asset.startsWith(clientDir) && existsSync(asset) && statSync(asset).isFile() ? path : 'index.html');
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(join(clientDir, file)).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server })),
  );
}

async function main() {
  const [clientDir, ...paths] = process.argv.slice(2);
  if (!clientDir || paths.length === 0) throw new Error('usage: page-scripts.ts <clientDir> <path>...');
  const { url, server } = await serve(normalize(clientDir));
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const scripts: Record<string, string[]> = {};
  try {
    for (const path of paths) {
      const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 360, height: 780 } });
      const page = await context.newPage();
      const files = new Set<string>();
      let last = Date.now();
      page.on('request', (request) => {
        last = Date.now();
        const { pathname } = new URL(request.url());
        if (pathname.endsWith('.js')) files.add(pathname.slice(1));
      });
      await page.goto(url + path, { waitUntil: 'networkidle' });
      while (Date.now() - last < QUIET_MS) await page.waitForTimeout(250);
      scripts[path] = [...files].sort();
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  process.stdout.write(JSON.stringify(scripts));
}

await main();
