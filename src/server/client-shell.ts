import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { NOT_FOUND_FILE, PRERENDERED_DIR, pathOfPrerenderedFile } from '../shared/prerendered-pages';

// The public pages are pre-rendered at build time (build/vite-prerender.ts; decision 014). Each one is sent for its
// own path, so its content is in the first response; the browser hydrates it. Every other page of the router gets
// the empty app shell, index.html; a path with no page gets the not-found page and a 404. All are HTML that names
// the hashed assets of its build: revalidated on each visit.

/** The pre-rendered pages of a client build: URL path -> file relative to the build. */
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

function sendHtml(reply: FastifyReply, file: string) {
  return reply.header('Cache-Control', 'no-cache').sendFile(file);
}

/** GET routes for the build's pre-rendered pages (needs @fastify/static registered on the build). */
export function registerPrerenderedPages(app: FastifyInstance, clientDir: string): void {
  for (const [path, file] of listPrerenderedPages(clientDir)) {
    app.get(path, (_request, reply) => sendHtml(reply, file));
  }
}

/** The app shell, for any other page the client router handles (the SPA fallback). */
export function sendAppShell(reply: FastifyReply) {
  return sendHtml(reply, 'index.html');
}

/**
 * A path the client router has no page for (src/shared/client-routes.ts): status 404 with the pre-rendered not-found
 * page (its own title, the site header), or the app shell, which shows the same page, in a build without it
 * (decision 037).
 */
export function sendNotFoundPage(reply: FastifyReply, clientDir: string) {
  return sendHtml(reply.status(404), existsSync(join(clientDir, NOT_FOUND_FILE)) ? NOT_FOUND_FILE : 'index.html');
}
