import type { I18n } from '@lingui/core';
import { COMPANY } from '../../shared/constants';
import { formatDisplayDate } from '../../shared/dates';
import { DeviceStorageList } from '../features/legal/components/device-storage-list';
import { LegalDocument, type LegalSection } from '../features/legal/components/legal-document';
import { COMPANY_VALUES, legalText } from '../features/legal/components/legal-text';
import { SiteCookieList } from '../features/legal/components/site-cookie-list';
import { useI18n } from '../lib/i18n';

// spec part 1, 1 and part 2, 2.7: essential cookies keep the login session (and, decision 031, the account safe); nothing else.
// Built at render, in the active language.
const sections = (i18n: I18n): LegalSection[] => [
  {
    id: 'essential',
    title: i18n._('Essential cookies only'),
    body: (
      <>
        <p>
          {i18n._(
            'RepVisit sets only these cookies, all its own: the two sign-in cookies from our server once you sign in, and the language cookie in your browser when you choose a language:',
          )}
        </p>
        <SiteCookieList />
        <p>
          {i18n._(
            'Each one does only what you ask of RepVisit: without the session cookie you cannot stay signed in, the device cookie keeps your account safe from password guessing without locking you out, and the language cookie, set only when you choose a language, keeps the pages in it. That is why RepVisit shows no consent banner: there is no optional cookie to ask you about.',
          )}
        </p>
      </>
    ),
  },
  {
    id: 'local-storage',
    title: i18n._('Storage on your device'),
    body: <DeviceStorageList />,
  },
  {
    id: 'no-tracking',
    title: i18n._('No tracking or advertising cookies'),
    body: (
      <p>
        {i18n._(
          "We use no analytics, tracking or advertising cookies and no third-party cookies. Razorpay's checkout, when a rep opens it to pay, works under Razorpay's own policies.",
        )}
      </p>
    ),
  },
  {
    id: 'control',
    title: i18n._('Your choices'),
    body: (
      <p>
        {legalText(
          i18n._(
            'You can delete cookies and site data in your browser settings at any time; you will then be signed out and preferences reset. More about how we handle personal data is in our <privacy>Privacy Policy</privacy>. Questions: <grievance>{grievanceEmail}</grievance>.',
            COMPANY_VALUES,
          ),
        )}
      </p>
    ),
  },
];

/** spec part 2, 2.7: /cookies-policy. */
export default function CookiesPage() {
  const { i18n } = useI18n();
  return (
    <LegalDocument
      title={i18n._('Cookies Policy')}
      effectiveDate={formatDisplayDate(COMPANY.policiesEffective)}
      summary={<p>{i18n._('Essential cookies keep you signed in and your account safe. RepVisit uses no other cookies.')}</p>}
      sections={sections(i18n)}
    />
  );
}
