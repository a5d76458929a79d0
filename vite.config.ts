import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { i18nCatalogs } from './build/vite-i18n.ts';
import { precompress } from './build/vite-precompress.ts';
import { prerender } from './build/vite-prerender.ts';
import { NOT_FOUND_FILE, PRERENDERED_DIR } from './src/shared/prerendered-pages.ts';
import { HEAD_SCRIPT } from './src/shared/head-script.ts';

// The pages that read or send data load the query client as they start (src/client/router.tsx, decision 025).
const queries = ['components/layout/ensure-query-client.tsx'];

// Pre-rendered pages were rendered with this year (the footer's), and hydrate with it (src/client/lib/env.ts).
const define = { 'import.meta.env.VITE_BUILD_YEAR': JSON.stringify(String(new Date().getFullYear())) };

export default defineConfig({
  root: 'src/client',
  publicDir: '../../public',
  define,
  plugins: [
    react(),
    // Decision 045: the language catalogues, compiled at build time.
    i18nCatalogs(),
    // The Dark Mode choice and early taps, before the app runs (src/shared/head-script.ts; allowed by its hash in the CSP).
    { name: 'repvisit:head-script', transformIndexHtml: () => [{ tag: 'script', children: HEAD_SCRIPT, injectTo: 'head' }] },
    tailwindcss(),
    // Spec part 2, 2.8 and decision 010: installable, and every page opens offline from the precached app shell.
    // API answers are never cached by the service worker (its cache is shared by everyone on the device);
    // the rep's lookups are kept per session in IndexedDB instead (src/client/lib/offline-cache.ts).
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script-defer',
      includeManifestIcons: false,
      manifest: {
        name: 'RepVisit',
        short_name: 'RepVisit',
        description: 'Book visits with doctors at clinics across India.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#f8fafc',
        theme_color: '#0f766e',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{html,js,css,svg,png,ico}'],
        // The pre-rendered pages are for first visits; once installed, the app shell serves every page.
        globIgnores: [`${PRERENDERED_DIR}/**`],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        // A language's catalogue and its script's font (decision 045): kept once used, so the app opens offline in
        // that language; not precached, so an English reader does not download Hindi's and Urdu's. Hashed names:
        // a file never changes, a new build asks for new names.
        runtimeCaching: [
          {
            urlPattern: /\/assets\/(i18n-[\w-]+\.json|[\w-]+\.woff2)$/,
            handler: 'CacheFirst',
            options: { cacheName: 'repvisit-languages', expiration: { maxEntries: 8 } },
          },
        ],
        cleanupOutdatedCaches: true,
        importScripts: ['/push-sw.js'], // web-push visit reminders (public/push-sw.js, decision 011)
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
    // Decision 014: the public pages' HTML rendered at build time (hydrated by main.tsx), in each language with its
    // script's font (decision 045), and .br/.gz twins of every text file for the server to send.
    prerender({
      entry: '/entry-prerender.tsx',
      define,
      fonts: { hi: 'styles/font-devanagari.css', ur: 'styles/font-arabic.css' },
      pages: [
        { path: '/', page: 'routes/home-page.tsx' },
        { path: '/medrep-login', page: 'routes/medrep-login-page.tsx', alsoPreload: queries },
        { path: '/about', page: 'routes/about-page.tsx' },
        { path: '/about-us', page: 'routes/about-page.tsx' },
        { path: '/contact', page: 'routes/contact-page.tsx' },
        { path: '/privacy', page: 'routes/privacy-page.tsx' },
        { path: '/privacy-policy', page: 'routes/privacy-page.tsx' },
        { path: '/terms', page: 'routes/terms-page.tsx' },
        { path: '/terms-and-conditions', page: 'routes/terms-page.tsx' },
        { path: '/cookies-policy', page: 'routes/cookies-page.tsx' },
        // Sent with a 404 for every path no page has (decision 037).
        { path: '/_not-found', page: 'routes/not-found-page.tsx', file: NOT_FOUND_FILE },
      ],
    }),
    precompress(),
  ],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // No modulepreload polyfill in the entry (decision 081): every browser the app targets but Safari before 17 supports
    // modulepreload, and where it does not, a page still loads its modules by their imports, one after another.
    modulePreload: { polyfill: false },
    // Everything the entry imports statically (React, the router, the frame) in one file: every page loads all of it
    // anyway, and one file compresses better than the dozen small ones the automatic split makes (decision 025).
    // The public pages' frame (header, footer, language switcher, and the icons and helpers they use) in one file too:
    // every public page loads all of it, and as half a dozen files of a few hundred bytes each it cost a request apiece
    // and more bytes than one file (decision 081).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'start', tags: ['$initial'] },
            { name: 'public-frame', test: /src\/client\/components\/layout\/public-layout\.tsx$/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:5000' },
  },
});
