import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { isChunkLoadError, pageReload, reloadOnceForNewVersion } from '../../lib/chunk-reload';
import { useI18n } from '../../lib/i18n';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';

/**
 * What the route error boundaries show (decision 019, RouteErrorBoundary): a friendly screen with a reload button
 * instead of a blank page. A page chunk that fails to load (a deploy replaced it) reloads the page once by itself.
 */
export function RouteErrorScreen({ error }: { error: unknown }) {
  const { i18n } = useI18n();
  const chunkFailed = isChunkLoadError(error);
  // Offline, a chunk fails because the device does not keep it yet (the service worker is not installed): a reload
  // would only show the browser's own offline page, so the screen says so and reloads once the network is back
  // (decision 047).
  const [offline] = useState(() => chunkFailed && typeof navigator !== 'undefined' && navigator.onLine === false);
  const [reloading, setReloading] = useState(chunkFailed && !offline);
  // Decided once: StrictMode runs effects twice, and the second run must not undo the first one's reload.
  const decided = useRef(false);

  useEffect(() => {
    if (!offline) return;
    const reload = () => pageReload.reload();
    window.addEventListener('online', reload, { once: true });
    return () => window.removeEventListener('online', reload);
  }, [offline]);

  useEffect(() => {
    if (!chunkFailed || offline || decided.current) return;
    decided.current = true;
    // The reload is a side effect of the committed screen, and what to show depends on whether it happened:
    // the one state update an effect must make here.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (!reloadOnceForNewVersion()) setReloading(false);
  }, [chunkFailed, offline]);

  useEffect(() => {
    if (!chunkFailed) console.error(error);
  }, [chunkFailed, error]);

  if (reloading) {
    return (
      <main id="main" className="flex min-h-screen items-center justify-center bg-slate-50 p-6 dark:bg-slate-900">
        <Spinner label={i18n._('Loading the latest version...')} />
      </main>
    );
  }

  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-slate-50 p-4 sm:p-6 dark:bg-slate-900">
      <div role="alert" className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-800">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{offline ? i18n._('You are offline') : i18n._('Something went wrong')}</h1>
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
          {offline
            ? i18n._('This page is not saved on this device yet. It opens once you are back online.')
            : chunkFailed
              ? i18n._('A part of this page could not be loaded. Check your connection, then reload the page.')
              : i18n._('This page could not be shown. Reloading the page usually fixes it.')}
        </p>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
          <Link to="/" reloadDocument className="text-center text-sm font-medium text-teal-700 underline dark:text-teal-300">
            {i18n._('Back to Home')}
          </Link>
          <Button onClick={() => pageReload.reload()}>{i18n._('Reload page')}</Button>
        </div>
      </div>
    </main>
  );
}
