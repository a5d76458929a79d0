import { createBrowserRouter, type DataRouter, type RouteObject } from 'react-router';
import { RootLayout } from './routes/root-layout';
import { RouteErrorScreen } from './components/layout/route-error-screen';
import type { AreaPolicy } from './components/layout/session-guard';

/**
 * Every page loads on demand, so the landing route carries only what it needs (decision 012). A page chunk that
 * cannot be loaded becomes a page that throws that error, so the route's error boundary shows it (and reloads
 * once, decision 019): React Router renders nothing for a nested lazy route whose `lazy` itself rejected.
 */
export const lazyPage = (load: () => Promise<{ default: React.ComponentType }>) => async (): Promise<{ Component: React.ComponentType }> => {
  try {
    return { Component: (await load()).default };
  } catch (error) {
    return {
      Component: () => {
        throw error;
      },
    };
  }
};
const page = lazyPage;

// A signed-in area: its pages render under the one SessionGuard with the area's policy (decision 019), loaded
// on demand like the pages.
const area = (load: () => Promise<AreaPolicy<unknown, string>>) =>
  lazyPage(async () => {
    const [{ SessionGuard }, policy] = await Promise.all([import('./components/layout/session-guard'), load()]);
    return { default: () => <SessionGuard policy={policy} /> };
  });

const pages: RouteObject[] = [
  { path: '/', lazy: page(() => import('./routes/home-page')) },
  { path: '/about', lazy: page(() => import('./routes/about-page')) },
  { path: '/about-us', lazy: page(() => import('./routes/about-page')) },
  { path: '/contact', lazy: page(() => import('./routes/contact-page')) },
  { path: '/privacy', lazy: page(() => import('./routes/privacy-page')) },
  { path: '/privacy-policy', lazy: page(() => import('./routes/privacy-page')) },
  { path: '/terms', lazy: page(() => import('./routes/terms-page')) },
  { path: '/terms-and-conditions', lazy: page(() => import('./routes/terms-page')) },
  { path: '/cookies-policy', lazy: page(() => import('./routes/cookies-page')) },
  {
    lazy: area(() => import('./features/clinic/lib/clinic-area-policy').then((m) => m.clinicAreaPolicy)),
    children: [{ path: '/clinic/dashboard', lazy: page(() => import('./routes/clinic-dashboard-page')) }],
  },
  {
    lazy: area(() => import('./features/rep/hooks/rep-area-policy').then((m) => m.repAreaPolicy)),
    children: [{ path: '/medrep-dashboard', lazy: page(() => import('./routes/medrep-dashboard-page')) }],
  },
  { path: '/medrep-login', lazy: page(() => import('./routes/medrep-login-page')) },
  { path: '/verify-otp', lazy: page(() => import('./routes/verify-otp-page')) },
  { path: '/verify-email', lazy: page(() => import('./routes/verify-email-page')) },
  { path: '/reset-password', lazy: page(() => import('./routes/reset-password-page')) },
  {
    lazy: area(() => import('./features/admin/components/admin-area-policy').then((m) => m.adminAreaPolicy)),
    children: [
      { path: '/admin', lazy: page(() => import('./routes/admin-page')) },
      { path: '/admin/email', lazy: page(() => import('./routes/admin-email-page')) },
    ],
  },
  { path: '*', lazy: page(() => import('./routes/not-found-page')) },
];

// Each page has its own error boundary (a failed page keeps the frame; a failed chunk reloads once, decision 019),
// and the frame has one too.
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteErrorScreen,
    children: pages.map((route) => ({ ...route, ErrorBoundary: RouteErrorScreen })),
  },
];

/** The browser's router; the build's pre-render uses `routes` with a static router instead (entry-prerender.tsx). */
export function createAppRouter(): DataRouter {
  return createBrowserRouter(routes);
}

/** Resolves once the first location's lazy page is loaded, so a first render shows the page, not a blank. */
export function whenRouterReady(router: DataRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
