import { DEVICE_COOKIE, LOCALE_COOKIE, SESSION_COOKIE, type SiteCookieName } from '../../../../shared/site-cookies';
import { useI18n } from '../../../lib/i18n';

interface CookieFacts {
  purpose: string;
  lifetime: string;
}

// One entry per cookie the server sets (src/shared/site-cookies.ts): a cookie added there cannot be left out here.
const FACTS: Record<SiteCookieName, CookieFacts> = {
  [SESSION_COOKIE]: {
    purpose:
      /*i18n*/ 'Keeps you signed in. It holds a random session identifier (no personal data) and is set when you sign in. It is httpOnly (page scripts cannot read it) and sent only to RepVisit, only over HTTPS. Signing out deletes it.',
    lifetime:
      /*i18n*/ 'Until you sign out or close the browser, and at most 12 hours; 30 days with "Remember me". An admin session ends after 30 minutes without activity.',
  },
  [DEVICE_COOKIE]: {
    purpose:
      /*i18n*/ "Protects your account against password guessing. It is set when this browser signs in with the right password and holds a signed random value for each account signed in here (up to five), no personal data. While someone elsewhere is guessing your password, failed attempts from other places are blocked, but this browser can still sign in. It is httpOnly, sent only to RepVisit's sign-in calls, over HTTPS, and never to other sites.",
    lifetime: /*i18n*/ '180 days from your last sign-in on this browser.',
  },
  [LOCALE_COOKIE]: {
    purpose:
      /*i18n*/ 'Remembers the language you chose (English, Hindi or Urdu), so the pages open in it, the first one too. It is set in your browser when you choose a language or follow a link to a page in one, holds only the language code, no personal data, and is sent only to RepVisit.',
    lifetime: /*i18n*/ 'One year from your last choice of language.',
  },
};

/** The cookies of the privacy and cookies policies: name, purpose, lifetime (decisions 002 and 031). */
export function SiteCookieList() {
  const { i18n } = useI18n();
  return (
    <ul aria-label={i18n._('Cookies we set')} className="grid list-none! gap-3 ps-0!">
      {Object.entries(FACTS).map(([name, facts]) => (
        <li key={name}>
          <dl className="grid gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm sm:grid-cols-[7rem_1fr] dark:border-slate-700 dark:bg-slate-800">
            <dt className="font-semibold text-slate-900 dark:text-white">{i18n._('Name')}</dt>
            <dd className="font-mono">{name}</dd>
            <dt className="font-semibold text-slate-900 dark:text-white">{i18n._('Purpose')}</dt>
            <dd>{i18n._(facts.purpose)}</dd>
            <dt className="font-semibold text-slate-900 dark:text-white">{i18n._('Lifetime')}</dt>
            <dd>{i18n._(facts.lifetime)}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
