import { createBrowserRouter, type DataRouter, type RouteObject } from 'react-router';
import { RootLayout } from './routes/root-layout';

// Every page loads on demand, so the landing route carries only what it needs (issue 10).
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    children: [
      { path: '/', lazy: page(() => import('./routes/home-page')) },
      { path: '/about', lazy: page(() => import('./routes/about-page')) },
      { path: '/about-us', lazy: page(() => import('./routes/about-page')) },
      { path: '/contact', lazy: page(() => import('./routes/contact-page')) },
      { path: '/privacy', lazy: page(() => import('./routes/privacy-page')) },
      { path: '/privacy-policy', lazy: page(() => import('./routes/privacy-page')) },
      { path: '/terms', lazy: page(() => import('./routes/terms-page')) },
      { path: '/terms-and-conditions', lazy: page(() => import('./routes/terms-page')) },
      { path: '/cookies-policy', lazy: page(() => import('./routes/cookies-page')) },
      { path: '/clinic/dashboard', lazy: page(() => import('./routes/clinic-dashboard-page')) },
      { path: '/medrep-dashboard', lazy: page(() => import('./routes/medrep-dashboard-page')) },
      { path: '/medrep-login', lazy: page(() => import('./routes/medrep-login-page')) },
      { path: '/verify-otp', lazy: page(() => import('./routes/verify-otp-page')) },
      { path: '/verify-email', lazy: page(() => import('./routes/verify-email-page')) },
      { path: '/reset-password', lazy: page(() => import('./routes/reset-password-page')) },
      { path: '/admin', lazy: page(() => import('./routes/admin-page')) },
      { path: '/admin/email', lazy: page(() => import('./routes/admin-email-page')) },
      { path: '*', lazy: page(() => import('./routes/not-found-page')) },
    ],
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
