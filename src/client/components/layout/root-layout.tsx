import { Outlet, ScrollRestoration } from 'react-router';

/** The frame every page shares; pages choose their own header (public pages use SiteHeader). */
export function RootLayout() {
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
