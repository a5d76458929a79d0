import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { Outlet, useLocation } from 'react-router';
import { lazyWithQueryClient } from '../components/layout/lazy-with-query-client';
import { RouteErrorBoundary } from '../components/layout/route-error-boundary';
import { ScrollRestoration } from '../components/layout/scroll-restoration';
import { handleTapsInApp } from '../components/ui/early-tap';
import { preloadToaster } from '../components/ui/lazy-toaster';
import { useOnlineStatus } from '../features/pwa/hooks/use-online-status';
import { useI18n } from '../lib/i18n';
// Listens for the browser's install event from start-up; the lazily loaded install card may come later.
import { capturedInstallEvent, forgetInstallEvent, onInstallEvent } from '../features/pwa/lib/install-event';
import { rememberInstallDismissed } from '../features/pwa/lib/install-prompt';
import { offlineStorageInUse, onOfflineStorageOpened } from '../lib/offline-storage';

// Installable and offline (spec part 2, 2.8 and 4; decision 010), each loaded only once it has something to do
// (decision 025): a first visit downloads none of them.
/**
 * The offline parts may be first wanted with the network already gone, on a page the service worker does not control
 * yet (a first visit): their code cannot be fetched then. Fetched again once the network is back, instead of failing
 * the page; until then they are simply not shown (the booking form queues without them).
 */
function fetchedWhenOnline<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch(
      () => new Promise<T>((resolve, reject) => window.addEventListener('online', () => void fetchedWhenOnline(load)().then(resolve, reject), { once: true })),
    );
}
const OfflineSync = lazyWithQueryClient(fetchedWhenOnline(() => import('../features/booking/components/offline-sync').then((m) => m.OfflineSync)));
const ConnectivityBadge = lazy(
  fetchedWhenOnline(() => import('../features/pwa/components/connectivity-badge').then((m) => ({ default: m.ConnectivityBadge }))),
);
const InstallCard = lazy(() => import('../features/pwa/components/install-card').then((m) => ({ default: m.InstallCard })));

/**
 * The offline parts (the connectivity badge, the sending of waiting bookings) are wanted on a device where a rep
 * has stored offline data (bookings may wait there), and anywhere once the network has gone. Once wanted, they stay.
 */
function useOfflinePartsWanted(): boolean {
  const online = useOnlineStatus();
  const [wanted, setWanted] = useState(false);
  if (!online && !wanted) setWanted(true);
  useEffect(() => {
    let alive = true;
    void offlineStorageInUse().then((used) => alive && used && setWanted(true));
    // Or the rep starts using it in this tab (the first dashboard visit on this device).
    const unsubscribe = onOfflineStorageOpened(() => setWanted(true));
    return () => {
      alive = false;
      unsubscribe();
    };
  }, []);
  return wanted;
}

/** The install card is wanted once the browser has offered installing (it then shows itself 10 s later). */
function useInstallCardWanted(): boolean {
  const offered = useSyncExternalStore(
    onInstallEvent,
    () => capturedInstallEvent() !== null,
    () => false,
  );
  const [wanted, setWanted] = useState(false);
  if (offered && !wanted) setWanted(true);
  // spec part 2, 4: once installed, a remembered dismissal is cleared. The card does it too, but its code may not
  // have loaded yet when the browser reports the installation; doing it twice does no harm.
  useEffect(() => {
    const onInstalled = () => {
      rememberInstallDismissed(false);
      forgetInstallEvent();
    };
    window.addEventListener('appinstalled', onInstalled);
    return () => window.removeEventListener('appinstalled', onInstalled);
  }, []);
  return wanted;
}

/**
 * From the commit of the page's boundary on, the app handles taps (docs/decisions/082-early-taps.md): a nested
 * boundary not hydrated yet is React's to hydrate on a tap; one kept before is made by its button.
 */
function TapsInApp() {
  useEffect(handleTapsInApp, []);
  return null;
}

/** The frame every page shares; pages choose their own header (public pages use SiteHeader). */
export function RootLayout() {
  const { i18n } = useI18n();
  const { pathname } = useLocation();
  const offlineParts = useOfflinePartsWanted();
  const installCard = useInstallCardWanted();
  // What the offline parts say (saved offline, synced, refused) is said in a toast: its code is fetched while the
  // network is there, so the first toast offline does not need it (decision 047).
  useEffect(() => {
    if (offlineParts) preloadToaster();
  }, [offlineParts]);
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        {i18n._('Skip to content')}
      </a>
      {/* One boundary for every page: the page on screen stays until the next one has loaded (navigations are
          transitions). Each page has its own error boundary (decision 019). */}
      <Suspense fallback={null}>
        <RouteErrorBoundary key={pathname}>
          <Outlet />
        </RouteErrorBoundary>
        <ScrollRestoration />
        {/* In the page's boundary, so it runs once the page (or its error screen) has been taken over. */}
        <TapsInApp />
      </Suspense>
      <Suspense fallback={null}>
        {offlineParts && (
          <>
            <OfflineSync />
            <ConnectivityBadge />
          </>
        )}
        {installCard && <InstallCard />}
      </Suspense>
    </>
  );
}
