import { Outlet, ScrollRestoration } from 'react-router';
import { ConnectivityBadge } from '../../features/pwa/components/connectivity-badge';
import { InstallCard } from '../../features/pwa/components/install-card';
import { OfflineSync } from '../../features/pwa/components/offline-sync';

/** The frame every page shares; pages choose their own header (public pages use SiteHeader). */
export function RootLayout() {
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <Outlet />
      {/* Issue 8: installable and offline (spec part 2, 2.8 and 4). */}
      <OfflineSync />
      <ConnectivityBadge />
      <InstallCard />
      {/* Every fresh page load has the key 'default'; keying those by path stops a new load from jumping to
          the scroll position saved by a different page earlier in this tab. */}
      <ScrollRestoration getKey={(location) => (location.key === 'default' ? location.pathname : location.key)} />
    </>
  );
}
