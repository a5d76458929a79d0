import { Link } from 'react-router';
import { COMPANY, PRODUCT_NAME } from '../../shared/constants';
import { DeviceStorageList } from '../features/legal/components/device-storage-list';
import { LegalDocument, type LegalSection } from '../features/legal/components/legal-document';
import { SiteCookieList } from '../features/legal/components/site-cookie-list';

// spec part 1, 1 and part 2, 2.7: essential cookies keep the login session (and, decision 031, the account safe); nothing else.
const SECTIONS: LegalSection[] = [
  {
    id: 'essential',
    title: 'Essential cookies only',
    body: (
      <>
        <p>{PRODUCT_NAME} sets only these cookies, both from our own server and only once you sign in:</p>
        <SiteCookieList />
        <p>
          Both are strictly necessary: without the first you cannot stay signed in, and the second keeps your account safe from password guessing without
          locking you out. That is why {PRODUCT_NAME} shows no consent banner: there is no optional cookie to ask you about.
        </p>
      </>
    ),
  },
  {
    id: 'local-storage',
    title: 'Storage on your device',
    body: <DeviceStorageList />,
  },
  {
    id: 'no-tracking',
    title: 'No tracking or advertising cookies',
    body: (
      <p>
        We use no analytics, tracking or advertising cookies and no third-party cookies. Razorpay&apos;s checkout, when a rep opens it to pay, works under
        Razorpay&apos;s own policies.
      </p>
    ),
  },
  {
    id: 'control',
    title: 'Your choices',
    body: (
      <p>
        You can delete cookies and site data in your browser settings at any time; you will then be signed out and preferences reset. More about how we handle
        personal data is in our <Link to="/privacy-policy">Privacy Policy</Link>. Questions:{' '}
        <a href={`mailto:${COMPANY.grievanceEmail}`}>{COMPANY.grievanceEmail}</a>.
      </p>
    ),
  },
];

/** spec part 2, 2.7: /cookies-policy. */
export default function CookiesPage() {
  return (
    <LegalDocument
      title="Cookies Policy"
      effectiveDate={COMPANY.policiesEffective}
      summary={<p>Essential cookies keep you signed in and your account safe. {PRODUCT_NAME} uses no other cookies.</p>}
      sections={SECTIONS}
    />
  );
}
