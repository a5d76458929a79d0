// The paths the client router shows a page for (src/client/router.tsx; src/client/router.test.tsx keeps the two
// lists equal). The server answers these with the app (200) and any other page path with the not-found page and
// status 404 (src/server/client-shell.ts; docs/decisions/037-not-found-status.md). A ':name' segment matches any
// one segment, as in the router.
export const CLIENT_ROUTE_PATHS = [
  '/',
  '/about',
  '/about-us',
  '/contact',
  '/privacy',
  '/privacy-policy',
  '/terms',
  '/terms-and-conditions',
  '/cookies-policy',
  '/clinic/dashboard',
  // A clinic team member's invitation link (docs/decisions/072-clinic-team.md).
  '/clinic/invite',
  // docs/decisions/074-live-queue.md: the waiting room's queue board.
  '/clinic/queue-board',
  '/medrep-dashboard',
  '/medrep-login',
  '/verify-otp',
  '/verify-email',
  '/reset-password',
  '/restore-email',
  '/admin',
  '/admin/email',
  '/admin/invite',
  // docs/decisions/041: the reception's QR code leads to /check-in; a proof of visit is shown and checked at /verify-visit.
  '/check-in',
  '/verify-visit',
  // docs/decisions/073: the doctor's own login, the clinic's invitation, the doctor's day.
  '/doctor-login',
  '/doctor/invite',
  '/doctor/dashboard',
  // docs/decisions/087: a pharma company's login and its page.
  '/company-login',
  '/company/dashboard',
] as const;

const segmentsOf = (path: string) => path.split('/').filter((s) => s !== '');

/**
 * Whether the router has a page for a decoded URL path (no query string), matched as React Router matches it:
 * letter case and a trailing slash do not matter, and ':name' takes one non-empty segment.
 */
export function isClientRoutePath(path: string, patterns: readonly string[] = CLIENT_ROUTE_PATHS): boolean {
  const given = segmentsOf(path.toLowerCase());
  // '//about' is not '/about' to the router: an empty segment anywhere but at the end matches nothing.
  if (/\/\/./.test(path)) return false;
  return patterns.some((pattern) => {
    const wanted = segmentsOf(pattern.toLowerCase());
    return wanted.length === given.length && wanted.every((w, i) => (w.startsWith(':') ? given[i] !== '' : w === given[i]));
  });
}
