// Decision 014: where the build writes a pre-rendered page (build/vite-prerender.ts) and how the server finds the
// path it answers (src/server/client-shell.ts): '/' is prerendered/index.html, '/about' prerendered/about.html.

export const PRERENDERED_DIR = 'prerendered';

/** The file (relative to the client build) holding the pre-rendered page for a URL path. */
export function prerenderedFileOf(path: string): string {
  return `${PRERENDERED_DIR}/${path === '/' ? 'index' : path.replace(/^\//, '')}.html`;
}

/** The URL path a pre-rendered file name (within PRERENDERED_DIR) answers. */
export function pathOfPrerenderedFile(name: string): string {
  const base = name.replace(/\.html$/, '');
  return base === 'index' ? '/' : `/${base}`;
}
