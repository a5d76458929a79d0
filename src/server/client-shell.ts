import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, LOCALE_PARAM, LOCALES, negotiateLocale, type Locale } from '../shared/i18n/locales';
import { NOT_FOUND_FILE, PRERENDERED_DIR, pathOfPrerenderedFile, prerenderedFileIn } from '../shared/prerendered-pages';

// The public pages are pre-rendered at build time (build/vite-prerender.ts; decision 014). Each one is sent for its
// own path, so its content is in the first response; the browser hydrates it. Every other page of the router gets
// the empty app shell, index.html; a path with no page gets the not-found page and a 404. All are HTML that names
// the hashed assets of its build: revalidated on each visit.
// Decision 045: a pre-rendered page exists in each language; the reader gets theirs: the link's `?lang=`, else the
// device's choice (the rv_lang cookie), else the browser's languages. The app shell has no language: the browser
// chooses it (src/client/lib/i18n.ts).

/** The pre-rendered pages of a client build: URL path -> file relative to the build (the English one). */
export function listPrerenderedPages(clientDir: string): Map<string, string> {
  const dir = join(clientDir, PRERENDERED_DIR);
  if (!existsSync(dir)) return new Map();
  const pages = new Map<string, string>();
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.html'))) {
    const path = pathOfPrerenderedFile(name);
    if (path !== null) pages.set(path, `${PRERENDERED_DIR}/${name}`);
  }
  return pages;
}

/** The language a pre-rendered page is sent in: `?lang=`, else the rv_lang cookie, else Accept-Language. */
export function pageLocaleOf(request: FastifyRequest): Locale {
  const param = (request.query as Record<string, unknown> | undefined)?.[LOCALE_PARAM];
  if (isLocale(param)) return param;
  const cookie = request.cookies?.[LOCALE_COOKIE];
  if (isLocale(cookie)) return cookie;
  return negotiateLocale(request.headers['accept-language']);
}

function sendHtml(reply: FastifyReply, file: string) {
  return reply.header('Cache-Control', 'no-cache').sendFile(file);
}

/**
 * A pre-rendered page (its English file) in the reader's language, or in English when the build has none in theirs.
 * The answer depends on the request's languages: caches keep one per Accept-Language and cookie.
 */
function sendPrerendered(request: FastifyRequest, reply: FastifyReply, englishFile: string, inLocale: ReadonlyMap<Locale, string>) {
  const locale = pageLocaleOf(request);
  const file = inLocale.get(locale) ?? englishFile;
  reply.header('Vary', 'Accept-Language, Cookie').header('Content-Language', inLocale.has(locale) ? locale : DEFAULT_LOCALE);
  return sendHtml(reply, file);
}

/** The languages a build has a pre-rendered file in: locale -> file. */
function languagesOf(clientDir: string, englishFile: string): Map<Locale, string> {
  const files = new Map<Locale, string>();
  for (const locale of LOCALES) {
    const file = prerenderedFileIn(englishFile, locale);
    if (existsSync(join(clientDir, file))) files.set(locale, file);
  }
  return files;
}

/** GET routes for the build's pre-rendered pages (needs @fastify/static registered on the build). */
export function registerPrerenderedPages(app: FastifyInstance, clientDir: string): void {
  for (const [path, file] of listPrerenderedPages(clientDir)) {
    const inLocale = languagesOf(clientDir, file);
    app.get(path, (request, reply) => sendPrerendered(request, reply, file, inLocale));
  }
}

/** The app shell, for any other page the client router handles (the SPA fallback). */
export function sendAppShell(reply: FastifyReply) {
  return sendHtml(reply, 'index.html');
}

/** The not-found page's files of a build, by language (none in a build without it); read once per build. */
const notFoundPages = new Map<string, Map<Locale, string>>();

/**
 * A path the client router has no page for (src/shared/client-routes.ts): status 404 with the pre-rendered not-found
 * page (its own title, the site header) in the reader's language, or the app shell, which shows the same page, in a
 * build without it (decision 037).
 */
export function sendNotFoundPage(reply: FastifyReply, clientDir: string) {
  let inLocale = notFoundPages.get(clientDir);
  if (!inLocale) notFoundPages.set(clientDir, (inLocale = languagesOf(clientDir, NOT_FOUND_FILE)));
  reply.status(404);
  return inLocale.size > 0 ? sendPrerendered(reply.request, reply, NOT_FOUND_FILE, inLocale) : sendHtml(reply, 'index.html');
}
