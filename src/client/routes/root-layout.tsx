import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
// Listens for the browser's install event from start-up; the lazily loaded install card may come later.
import '../features/pwa/lib/install-event';

// Loaded after the first paint, so the landing route's initial JavaScript stays small (decision 012).
const OfflineSync = lazy(() => import('../features/rep/components/offline-sync').then((m) => ({ default: m.OfflineSync })));
const ConnectivityBadge = lazy(() => import('../features/pwa/components/connectivity-badge').then((m) => ({ default: m.ConnectivityBadge })));
const InstallCard = lazy(() => import('../features/pwa/components/install-card').then((m) => ({ default: m.InstallCard })));

/** The frame every page shares; pages choose their own header (public pages use SiteHeader). */
export function RootLayout() {
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <Outlet />
      {/* Installable and offline (spec part 2, 2.8 and 4; decision 010). */}
      <Suspense fallback={null}>
        <OfflineSync />
        <ConnectivityBadge />
        <InstallCard />
      </Suspense>
      {/* Every fresh page load has the key 'default'; keying those by path stops a new load from jumping to
          the scroll position saved by a different page earlier in this tab. */}
      <ScrollRestoration getKey={(location) => (location.key === 'default' ? location.pathname : location.key)} />
    </>
  );
}
