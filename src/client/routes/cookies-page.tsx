import { Link } from 'react-router';
import { COMPANY, PRODUCT_NAME } from '../../shared/constants';
import { LegalDocument, type LegalSection } from '../features/legal/components/legal-document';

// spec part 1, 1 and part 2, 2.7: essential cookies keep the login session; nothing else.
const SECTIONS: LegalSection[] = [
  {
    id: 'essential',
    title: 'Essential cookies keep the login session',
    body: (
      <>
        <p>{PRODUCT_NAME} sets exactly one cookie, and only when you sign in:</p>
        <dl className="grid gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm sm:grid-cols-[7rem_1fr] dark:border-slate-700 dark:bg-slate-800">
          <dt className="font-semibold text-slate-900 dark:text-white">Name</dt>
          <dd className="font-mono">rv_session</dd>
          <dt className="font-semibold text-slate-900 dark:text-white">Purpose</dt>
          <dd>
            Keeps you signed in. It holds a random session identifier; it is httpOnly (page scripts cannot read it), sent only to {PRODUCT_NAME} and only over
            HTTPS.
          </dd>
          <dt className="font-semibold text-slate-900 dark:text-white">Lifetime</dt>
          <dd>Until you sign out or close the browser; 30 days with &quot;Remember me&quot;.</dd>
        </dl>
        <p>Without this cookie you cannot stay signed in, so it is strictly necessary and does not need consent. It is deleted when you sign out.</p>
      </>
    ),
  },
  {
    id: 'local-storage',
    title: 'Storage on your device',
    body: (
      <ul>
        <li>
          <strong>Local storage</strong> keeps preferences, such as a dismissed install prompt and cached screen settings, so the app remembers them on this
          device.
        </li>
        <li>For offline use, the installed app keeps its files and appointments you booked while offline on your device until they can be sent.</li>
      </ul>
    ),
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
      summary={<p>Essential cookies keep the login session. That is the only cookie {PRODUCT_NAME} uses.</p>}
      sections={SECTIONS}
    />
  );
}
