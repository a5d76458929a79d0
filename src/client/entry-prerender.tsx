import type { Messages } from '@lingui/core';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import englishToCompile from 'virtual:i18n/en';
import hindi from 'virtual:i18n/hi';
import urdu from 'virtual:i18n/ur';
import type { Locale } from '../shared/i18n/locales';
import { App } from './app';
import { PageTitleSink } from './components/layout/page-title';
import { i18n } from './lib/i18n';

// Decision 014: the public pages are rendered to HTML at build time (build/vite-prerender.ts runs this in Node), so
// their content paints before the app's JavaScript has loaded; main.tsx then hydrates them. Nothing here may
// depend on the visitor (session, device storage): the same HTML goes to everyone who reads that language.

export interface PrerenderedPage {
  /** The markup that goes inside <div id="root">. */
  html: string;
  /** The page's <title>, as PublicLayout sets it in the browser. */
  title: string | null;
}

const catalogs: Record<Exclude<Locale, 'en'>, Record<string, unknown>> = { hi: hindi, ur: urdu };

/**
 * Switches the texts to a language for the next pages rendered (decision 045), as the browser's activateLocale does
 * before it hydrates (src/client/lib/i18n.ts) and with the same messages, so the page hydrates with the same words;
 * but without its <html>, cookie and font, which Node has not: the build writes <html lang dir> itself.
 */
export function activatePrerenderLocale(locale: Locale): void {
  if (locale !== 'en') i18n.load(locale, { ...(englishToCompile as Messages), ...(catalogs[locale] as Messages) });
  i18n.activate(locale);
}

/** Renders a page in the active language (activatePrerenderLocale). */
export async function prerenderPage(path: string): Promise<PrerenderedPage> {
  let title: string | null = null;
  const errors: unknown[] = [];
  // prerender (not renderToString) waits for the lazily loaded parts, so no Suspense boundary is left to the client.
  const { prelude } = await prerenderToNodeStream(
    <PageTitleSink.Provider value={(t) => (title = t)}>
      <StaticRouter location={path}>
        <App />
      </StaticRouter>
    </PageTitleSink.Provider>,
    // Every boundary inline, in place: a boundary sent apart would need React's inline scripts to put it in
    // place, which the Content-Security-Policy does not allow.
    { onError: (err) => void errors.push(err), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  if (errors.length > 0) throw errors[0];
  return { html: Buffer.concat(chunks).toString('utf8'), title };
}
