import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEAD_SCRIPT } from '../shared/head-script';
import { buildApp } from './app';
import { NOT_FOUND_FILE } from '../shared/prerendered-pages';
import { listPrerenderedPages } from './client-shell';
import { testConfig } from './config';
import { createTestDatabase } from './test/harness';

// Decision 014: the pre-rendered public pages are sent for their own paths with their content in the first HTML;
// every other page still gets the empty app shell; text files go out pre-compressed. Decision 045: in the reader's
// language. (e2e/prerendered.spec.ts
// checks the same on the real build in a browser.)

const SHELL = '<!doctype html><title>RepVisit</title><div id="root"></div>';
const LANDING = `<!doctype html><title>RepVisit: Healthcare Platform</title><div id="root"><h1>Comprehensive Healthcare Management</h1>${'<p>More.</p>'.repeat(200)}</div>`;
const LOGIN = '<!doctype html><title>Medical Representative Login | RepVisit</title><div id="root"><h1>Medical Representative Login</h1></div>';
const APP_JS = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const NOT_FOUND = '<!doctype html><title>Page Not Found | RepVisit</title><div id="root"><header>RepVisit</header><h1>404 Page Not Found</h1></div>';
// Decision 045: the same pages in Hindi and Urdu, beside the English ones (the login page only in English here).
const LANDING_HI = `<!doctype html><html lang="hi" dir="ltr"><title>RepVisit</title><div id="root"><h1>व्यापक स्वास्थ्य सेवा प्रबंधन</h1>${'<p>और।</p>'.repeat(200)}</div>`;
const LANDING_UR = '<!doctype html><html lang="ur" dir="rtl"><title>RepVisit</title><div id="root"><h1>جامع ہیلتھ کیئر مینجمنٹ</h1></div>';
const NOT_FOUND_UR = '<!doctype html><html lang="ur" dir="rtl"><title>RepVisit</title><div id="root"><h1>404 صفحہ نہیں ملا</h1></div>';

/** A client build as vite build writes it (build/vite-prerender.ts, build/vite-precompress.ts). */
function writeClientBuild(dir: string): void {
  const write = (file: string, body: string, compress = false) => {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), body);
    if (!compress) return;
    writeFileSync(join(dir, `${file}.br`), brotliCompressSync(body));
    writeFileSync(join(dir, `${file}.gz`), gzipSync(body));
  };
  write('index.html', SHELL);
  write('prerendered/index.html', LANDING, true);
  write('prerendered/medrep-login.html', LOGIN);
  write(NOT_FOUND_FILE, NOT_FOUND);
  write('prerendered/hi/index.html', LANDING_HI, true);
  write('prerendered/ur/index.html', LANDING_UR);
  write('prerendered/ur/_not-found.html', NOT_FOUND_UR);
  write('assets/app-abc123.js', APP_JS, true);
}

describe('the client: pre-rendered pages, the app shell and compressed files', () => {
  const clientDir = mkdtempSync(join(tmpdir(), 'rv-client-'));
  let app: FastifyInstance;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    writeClientBuild(clientDir);
    const db = await createTestDatabase('pglite');
    drop = db.drop;
    app = await buildApp({ config: testConfig(), database: db.database, clientDir });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await drop?.();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('finds the pre-rendered pages of a build by their paths', () => {
    expect(Object.fromEntries(listPrerenderedPages(clientDir))).toEqual({
      '/': 'prerendered/index.html',
      '/medrep-login': 'prerendered/medrep-login.html',
    });
    expect(listPrerenderedPages(join(clientDir, 'assets')).size).toBe(0);
  });

  it('sends the landing and login pages with their content, revalidated on each visit', async () => {
    for (const [url, body] of [
      ['/', LANDING],
      ['/?utm_source=mail', LANDING],
      ['/medrep-login', LOGIN],
      ['/medrep-login?next=%2Fmedrep-dashboard', LOGIN],
    ] as const) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(body);
    }
    const head = await app.inject({ method: 'HEAD', url: '/medrep-login' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  // Decision 045: the link's ?lang=, else the device's choice (the rv_lang cookie), else the browser's languages.
  it("sends a pre-rendered page in the reader's language, English when the build has none in it", async () => {
    for (const [url, headers, body, language] of [
      ['/', {}, LANDING, 'en'],
      ['/?lang=hi', {}, LANDING_HI, 'hi'],
      ['/?utm_source=mail&lang=ur', {}, LANDING_UR, 'ur'],
      ['/', { 'accept-language': 'ur-IN,ur;q=0.9,en;q=0.8' }, LANDING_UR, 'ur'],
      ['/', { 'accept-language': 'fr-FR, hi;q=0.5, en;q=0.4' }, LANDING_HI, 'hi'],
      ['/', { 'accept-language': 'fr-FR, de' }, LANDING, 'en'],
      ['/', { cookie: 'rv_lang=hi', 'accept-language': 'ur' }, LANDING_HI, 'hi'],
      ['/', { cookie: 'rv_session=x; rv_lang=ur' }, LANDING_UR, 'ur'],
      ['/', { cookie: 'rv_lang=xx', 'accept-language': 'hi-IN' }, LANDING_HI, 'hi'],
      ['/?lang=en', { cookie: 'rv_lang=hi', 'accept-language': 'hi' }, LANDING, 'en'],
      ['/?lang=hi', { cookie: 'rv_lang=ur' }, LANDING_HI, 'hi'],
      ['/?lang=fr', { cookie: 'rv_lang=ur' }, LANDING_UR, 'ur'],
      ['/?lang=HI', {}, LANDING, 'en'],
      // No Hindi login page in this build: the English one, said to be English.
      ['/medrep-login?lang=hi', {}, LOGIN, 'en'],
    ] as const) {
      const label = `${url} ${JSON.stringify(headers)}`;
      const res = await app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, label).toBe(200);
      expect(res.headers['cache-control'], label).toBe('no-cache');
      expect(res.headers['content-language'], label).toBe(language);
      expect(String(res.headers.vary), label).toMatch(/accept-language/i);
      expect(String(res.headers.vary), label).toMatch(/cookie/i);
      expect(res.body, label).toBe(body);
    }

    // The language's pre-compressed twin, and a cache told the answer depends on the languages and the encoding.
    const br = await app.inject({ method: 'GET', url: '/?lang=hi', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase().split(/,\s*/)).toEqual(expect.arrayContaining(['accept-language', 'cookie', 'accept-encoding']));
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(LANDING_HI);

    const notFound = await app.inject({ method: 'GET', url: '/no-such-page', headers: { 'accept-language': 'ur' } });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['content-language']).toBe('ur');
    expect(notFound.body).toBe(NOT_FOUND_UR);
    const notFoundInHindi = await app.inject({ method: 'GET', url: '/no-such-page?lang=hi' });
    expect(notFoundInHindi.statusCode).toBe(404);
    expect(notFoundInHindi.body).toBe(NOT_FOUND);

    // The app shell has no language of its own: the browser chooses it (src/client/lib/i18n.ts).
    const shell = await app.inject({ method: 'GET', url: '/medrep-dashboard?lang=hi', headers: { 'accept-language': 'ur' } });
    expect(shell.body).toBe(SHELL);
    expect(shell.headers['content-language']).toBeUndefined();
    // The other languages' folders are no pages of their own.
    for (const url of ['/hi', '/hi/index', '/ur/_not-found']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('sends the empty app shell for every other page the client router handles', async () => {
    for (const url of [
      '/medrep-dashboard',
      '/clinic/dashboard',
      '/admin',
      '/admin/email',
      '/verify-email?token=abc',
      '/reset-password?token=x%2Fy',
      '/medrep-login/',
      '/Admin',
      '/index.html',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(SHELL);
    }
  });

  // Decision 037: a path no page has is a 404 (for crawlers, monitors and links that went stale), with the
  // pre-rendered not-found page: its own title and the site header.
  it('answers a path the client router has no page for with 404 and the not-found page', async () => {
    for (const url of ['/no-such-page', '/no-such-page?x=1', '/clinic', '/clinic/dashboard/extra', '/assets/missing.js', '/prerendered', '/_not-found']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(NOT_FOUND);
    }
    const head = await app.inject({ method: 'HEAD', url: '/no-such-page' });
    expect(head.statusCode).toBe(404);
    expect(listPrerenderedPages(clientDir).has('/_not-found')).toBe(false);
  });

  it('keeps unknown API paths and non-GET requests a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/medrep-login'],
      ['POST', '/'],
    ] as const) {
      const res = await app.inject({ method, url, headers: { 'content-type': 'application/json' }, payload: method === 'POST' ? '{}' : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json(), `${method} ${url}`).toMatchObject({ code: 'not_found' });
    }
  });

  it('sends the brotli or gzip twin to a browser that accepts it, and the plain file otherwise', async () => {
    for (const url of ['/', '/assets/app-abc123.js']) {
      const plain = url === '/' ? LANDING : APP_JS;
      const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(String(br.headers.vary), url).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(plain);
      expect(br.rawPayload.length, url).toBeLessThan(plain.length / 4);

      const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding'], url).toBe('gzip');

      const identity = await app.inject({ method: 'GET', url });
      expect(identity.headers['content-encoding'], url).toBeUndefined();
      expect(identity.body, url).toBe(plain);
    }
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toMatch(/javascript/);
  });

  it('lets the one inline script (the dark-mode choice and early taps) run, by its hash only', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    const scriptSrc =
      String(res.headers['content-security-policy'])
        .split(';')
        .find((d) => d.trim().startsWith('script-src')) ?? '';
    const hash = createHash('sha256').update(HEAD_SCRIPT).digest('base64');
    expect(scriptSrc).toContain(`'sha256-${hash}'`);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
  });
});
