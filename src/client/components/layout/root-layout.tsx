import { Outlet, ScrollRestoration } from 'react-router';

/** The frame every page shares; pages choose their own header (public pages use SiteHeader). */
export function RootLayout() {
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <Outlet />
      {/* Every fresh page load has the key 'default'; keying those by path stops a new load from jumping to
          the scroll position saved by a different page earlier in this tab. */}
      <ScrollRestoration getKey={(location) => (location.key === 'default' ? location.pathname : location.key)} />
    </>
  );
}
