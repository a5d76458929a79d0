import { lazy, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { lazyWithQueryClient } from './components/layout/lazy-with-query-client';
import type { AreaPolicy } from './components/layout/session-guard';
import { RootLayout } from './routes/root-layout';

type PageModule = Promise<{ default: ComponentType }>;

/**
 * Every page loads on demand, so the landing route carries only what it needs (decision 012). A page that reads or
 * sends data brings the query client with it: the landing page and the info pages never load it (decision 025). A
 * page chunk that cannot be loaded throws where the page would be, so its error boundary shows it (and reloads once,
 * decision 019).
 */
export const lazyPage = (load: () => PageModule, { data = true } = {}): ComponentType =>
  data ? lazyWithQueryClient(async () => (await load()).default) : lazy(load);
const page = lazyPage;
const info = (load: () => PageModule) => lazyPage(load, { data: false });

// A signed-in area: its pages render under the one SessionGuard with the area's policy (decision 019), loaded
// on demand like the pages.
const area = (load: () => Promise<AreaPolicy<unknown, string>>) =>
  lazyWithQueryClient(async () => {
    const [{ SessionGuard }, policy] = await Promise.all([import('./components/layout/session-guard'), load()]);
    return () => <SessionGuard policy={policy} />;
  });

const route = (path: string, Page: ComponentType): RouteObject => ({ path, element: <Page /> });

const HomePage = info(() => import('./routes/home-page'));
const AboutPage = info(() => import('./routes/about-page'));
const ContactPage = info(() => import('./routes/contact-page'));
// The privacy policy reads its retention period with a plain fetch, not the query client (decision 081).
const PrivacyPage = info(() => import('./routes/privacy-page'));
const TermsPage = info(() => import('./routes/terms-page'));
const CookiesPage = info(() => import('./routes/cookies-page'));
const ClinicArea = area(() => import('./features/clinic/lib/clinic-area-policy').then((m) => m.clinicAreaPolicy));
const RepArea = area(() => import('./features/rep/hooks/rep-area-policy').then((m) => m.repAreaPolicy));
const AdminArea = area(() => import('./features/admin/components/admin-area-policy').then((m) => m.adminAreaPolicy));
const CompanyArea = area(() => import('./features/company/lib/company-area-policy').then((m) => m.companyAreaPolicy));
const DoctorArea = area(() => import('./features/doctor-console/lib/doctor-area-policy').then((m) => m.doctorAreaPolicy));

// Each path here is in src/shared/client-routes.ts too, so the server answers it with the app and not with a 404
// (router.test.tsx compares the two).
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      route('/', HomePage),
      route('/about', AboutPage),
      route('/about-us', AboutPage),
      route('/contact', ContactPage),
      route('/privacy', PrivacyPage),
      route('/privacy-policy', PrivacyPage),
      route('/terms', TermsPage),
      route('/terms-and-conditions', TermsPage),
      route('/cookies-policy', CookiesPage),
      {
        element: <ClinicArea />,
        children: [
          route(
            '/clinic/dashboard',
            page(() => import('./routes/clinic-dashboard-page')),
          ),
          route(
            '/clinic/queue-board',
            page(() => import('./routes/clinic-queue-board-page')),
          ),
        ],
      },
      {
        element: <RepArea />,
        children: [
          route(
            '/medrep-dashboard',
            page(() => import('./routes/medrep-dashboard-page')),
          ),
        ],
      },
      // Outside the clinic area's guard: whoever follows a team invitation has no session yet (docs/decisions/072).
      route(
        '/clinic/invite',
        page(() => import('./routes/clinic-invite-page')),
      ),
      // The doctor's own login (docs/decisions/073): the invitation and the sign-in are outside the doctor area's guard.
      {
        element: <DoctorArea />,
        children: [
          route(
            '/doctor/dashboard',
            page(() => import('./routes/doctor-dashboard-page')),
          ),
        ],
      },
      route(
        '/doctor-login',
        page(() => import('./routes/doctor-login-page')),
      ),
      route(
        '/doctor/invite',
        page(() => import('./routes/doctor-invite-page')),
      ),
      // A pharma company's own login and page (docs/decisions/087).
      {
        element: <CompanyArea />,
        children: [
          route(
            '/company/dashboard',
            page(() => import('./routes/company-dashboard-page')),
          ),
        ],
      },
      route(
        '/company-login',
        page(() => import('./routes/company-login-page')),
      ),
      route(
        '/medrep-login',
        page(() => import('./routes/medrep-login-page')),
      ),
      route(
        '/verify-otp',
        page(() => import('./routes/verify-otp-page')),
      ),
      route(
        '/verify-email',
        page(() => import('./routes/verify-email-page')),
      ),
      route(
        '/reset-password',
        page(() => import('./routes/reset-password-page')),
      ),
      route(
        '/restore-email',
        page(() => import('./routes/restore-email-page')),
      ),
      // docs/decisions/041: the reception's QR code (it asks a signed-out rep to log in and come back, so it is not
      // under the rep area's guard) and the public proof of visit; neither is pre-rendered.
      route(
        '/check-in',
        page(() => import('./routes/check-in-page')),
      ),
      route(
        '/verify-visit',
        page(() => import('./routes/verify-visit-page')),
      ),
      {
        element: <AdminArea />,
        children: [
          route(
            '/admin',
            page(() => import('./routes/admin-page')),
          ),
          route(
            '/admin/email',
            page(() => import('./routes/admin-email-page')),
          ),
        ],
      },
      // Outside the admin area's guard: whoever follows an invitation has no admin session yet.
      route(
        '/admin/invite',
        page(() => import('./routes/admin-invite-page')),
      ),
      route(
        '*',
        info(() => import('./routes/not-found-page')),
      ),
    ],
  },
];

/**
 * Every page of the app, under the router the caller gives: the browser's (main.tsx) or, at build time, a static one
 * for the pre-rendered pages (entry-prerender.tsx). A plain router, not a data router (decision 025).
 */
export function AppRoutes() {
  return useRoutes(routes);
}
