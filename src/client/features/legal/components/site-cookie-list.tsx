import { PRODUCT_NAME } from '../../../../shared/constants';
import { DEVICE_COOKIE, SESSION_COOKIE, type SiteCookieName } from '../../../../shared/site-cookies';

interface CookieFacts {
  purpose: string;
  lifetime: string;
}

// One entry per cookie the server sets (src/shared/site-cookies.ts): a cookie added there cannot be left out here.
const FACTS: Record<SiteCookieName, CookieFacts> = {
  [SESSION_COOKIE]: {
    purpose: `Keeps you signed in. It holds a random session identifier (no personal data) and is set when you sign in. It is httpOnly (page scripts cannot read it) and sent only to ${PRODUCT_NAME}, only over HTTPS. Signing out deletes it.`,
    lifetime:
      'Until you sign out or close the browser, and at most 12 hours; 30 days with "Remember me". An admin session ends after 30 minutes without activity.',
  },
  [DEVICE_COOKIE]: {
    purpose: `Protects your account against password guessing. It is set when this browser signs in with the right password and holds a signed random value for each account signed in here (up to five), no personal data. While someone elsewhere is guessing your password, failed attempts from other places are blocked, but this browser can still sign in. It is httpOnly, sent only to ${PRODUCT_NAME}'s sign-in calls, over HTTPS, and never to other sites.`,
    lifetime: '180 days from your last sign-in on this browser.',
  },
};

/** The cookies of the privacy and cookies policies: name, purpose, lifetime (decisions 002 and 031). */
export function SiteCookieList() {
  return (
    <ul aria-label="Cookies we set" className="grid list-none! gap-3 pl-0!">
      {Object.entries(FACTS).map(([name, facts]) => (
        <li key={name}>
          <dl className="grid gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm sm:grid-cols-[7rem_1fr] dark:border-slate-700 dark:bg-slate-800">
            <dt className="font-semibold text-slate-900 dark:text-white">Name</dt>
            <dd className="font-mono">{name}</dd>
            <dt className="font-semibold text-slate-900 dark:text-white">Purpose</dt>
            <dd>{facts.purpose}</dd>
            <dt className="font-semibold text-slate-900 dark:text-white">Lifetime</dt>
            <dd>{facts.lifetime}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
