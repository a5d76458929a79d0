import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { PRERENDERED_DIR, pathOfPrerenderedFile } from '../shared/prerendered-pages';

// The public pages are pre-rendered at build time (build/vite-prerender.ts; decision 014). Each one is sent for its
// own path, so its content is in the first response; the browser hydrates it. Every other page gets the empty
// app shell, index.html. Both are HTML that names the hashed assets of its build: revalidated on each visit.

/** The pre-rendered pages of a client build: URL path -> file relative to the build. */
export function listPrerenderedPages(clientDir: string): Map<string, string> {
  const dir = join(clientDir, PRERENDERED_DIR);
  if (!existsSync(dir)) return new Map();
  const names = readdirSync(dir).filter((name) => name.endsWith('.html'));
  return new Map(names.map((name) => [pathOfPrerenderedFile(name), `${PRERENDERED_DIR}/${name}`]));
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
