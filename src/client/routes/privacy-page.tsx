import type { I18n } from '@lingui/core';
import { COMPANY } from '../../shared/constants';
import { formatDisplayDate } from '../../shared/dates';
import { DeviceStorageList } from '../features/legal/components/device-storage-list';
import { LegalDocument, type LegalSection } from '../features/legal/components/legal-document';
import { COMPANY_VALUES, legalText } from '../features/legal/components/legal-text';
import { RetentionPeriod } from '../features/legal/components/retention-period';
import { SiteCookieList } from '../features/legal/components/site-cookie-list';
import { useI18n } from '../lib/i18n';

// spec part 1, 1 and part 2, 1 and 9: written for India's Digital Personal Data Protection Act, 2023 (DPDP Act).
// Built at render, in the active language; each paragraph or list item is one text, so a translation reorders freely.
const sections = (i18n: I18n): LegalSection[] => [
  {
    id: 'who-we-are',
    title: i18n._('Who we are'),
    body: (
      <>
        <p>
          {legalText(
            i18n._(
              'RepVisit is operated by {legalName}, {address} ("we", "us"). For the personal data described here we are the Data Fiduciary under the Digital Personal Data Protection Act, 2023 (the "DPDP Act") and the rules made under it.',
              COMPANY_VALUES,
            ),
          )}
        </p>
        <p>
          {legalText(
            i18n._(
              'This policy covers the RepVisit website and installable app used by medical representatives ("reps") and clinics. Questions about it go to our Grievance Officer at <grievance>{grievanceEmail}</grievance>.',
              COMPANY_VALUES,
            ),
          )}
        </p>
      </>
    ),
  },
  {
    id: 'data-we-collect',
    title: i18n._('What personal data we collect'),
    body: (
      <>
        <ul>
          <li>
            {legalText(
              i18n._(
                '<strong>Rep account data:</strong> full name, e-mail address, phone number, company, state and your password (stored only as a one-way Argon2id hash, never in readable form).',
              ),
            )}
          </li>
          <li>
            {legalText(
              i18n._(
                "<strong>Clinic account data:</strong> clinic name, contact person, contact number, e-mail address, state and city, the names and specialties of the clinic's doctors, and each doctor's call settings (available days, slots per day, call frequency).",
              ),
            )}
          </li>
          <li>
            {legalText(
              i18n._(
                '<strong>Appointment data:</strong> which rep booked which doctor at which clinic, the date, the status (booked, confirmed, completed or cancelled), when it was booked and any cancellation reason.',
              ),
            )}
          </li>
          <li>
            {legalText(
              i18n._('<strong>Device fingerprint:</strong> a value derived from your browser when you register, used to spot duplicate or abusive sign-ups.'),
            )}
          </li>
          <li>
            {legalText(
              i18n._(
                '<strong>Payment references:</strong> for rep subscriptions, the plan, amount, status and the order and payment identifiers issued by Razorpay. Payments are processed by Razorpay; we never receive or store card numbers, UPI PINs or bank credentials.',
              ),
            )}
          </li>
          <li>
            {legalText(
              i18n._(
                '<strong>E-mail logs:</strong> for each e-mail we send you (verification codes, password resets, booking notices), the recipient, subject, type, time and whether delivery succeeded. Codes and links are not kept in these logs.',
              ),
            )}
          </li>
          <li>
            {legalText(
              i18n._(
                '<strong>Security logs:</strong> IP address, browser user agent, the page or API path, and the time of sign-ins, failed sign-ins and other security events, and of your active sessions.',
              ),
            )}
          </li>
        </ul>
        <p>{legalText(i18n._("We do not collect patients' health records, and we ask you not to enter them anywhere in RepVisit."))}</p>
      </>
    ),
  },
  {
    id: 'why',
    title: i18n._('Why we use it'),
    body: (
      <>
        <p>{i18n._('We process personal data only for these purposes:')}</p>
        <ul>
          <li>{i18n._('to create and verify your account, sign you in and keep your session secure;')}</li>
          <li>{i18n._("to let reps find doctors and book, view and cancel visits, and to let clinics manage doctors and see the day's visits;")}</li>
          <li>{i18n._('to send e-mails you need: verification codes, password resets, booking and cancellation notices and service messages;')}</li>
          <li>{i18n._('to run the free trial and paid subscriptions and to reconcile payments with Razorpay;')}</li>
          <li>{i18n._('to detect and prevent fraud, abuse and security incidents;')}</li>
          <li>{i18n._('to meet our obligations under Indian law, including tax and accounting rules.')}</li>
        </ul>
        <p>
          {i18n._(
            'We rely on the consent you give when you register and accept these terms, and on the legitimate uses the DPDP Act allows (such as complying with law). You may withdraw consent at any time (see "Your rights"); withdrawal does not affect processing already done, and some features then stop working. We do not sell personal data and we do not use it for advertising.',
          )}
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: i18n._('Who can see it'),
    body: (
      <ul>
        <li>{legalText(i18n._('<strong>Clinics</strong> see the name, company and phone number of reps who book with their doctors.'))}</li>
        <li>{legalText(i18n._("<strong>Reps</strong> see the doctors' names and specialties, the clinics and their availability."))}</li>
        <li>
          {legalText(
            i18n._(
              '<strong>Our processors</strong>, who act only on our instructions: Razorpay (payments), our e-mail delivery provider and our hosting provider.',
            ),
          )}
        </li>
        <li>{i18n._('Our administrators, on a need-to-know basis (access is role-based).')}</li>
        <li>{i18n._('Authorities, when Indian law requires it.')}</li>
      </ul>
    ),
  },
  {
    id: 'retention',
    title: i18n._('How long we keep it'),
    body: (
      <ul>
        <li>
          <RetentionPeriod />
        </li>
        <li>
          {legalText(
            i18n._(
              '<strong>Pending registrations</strong> that were never verified are deleted after 7 days; <strong>expired codes</strong>, password-reset links and sessions are purged in the same nightly run.',
            ),
          )}
        </li>
        <li>
          {legalText(
            i18n._(
              '<strong>Account data</strong> is kept while your account exists and is erased within 30 days of a deletion request, except what the law obliges us to keep.',
            ),
          )}
        </li>
        <li>{legalText(i18n._('<strong>Payment references</strong> are kept for as long as Indian tax and accounting laws require.'))}</li>
        <li>{legalText(i18n._('<strong>E-mail and security logs</strong> are kept only as long as needed for security and audit, then deleted.'))}</li>
      </ul>
    ),
  },
  {
    id: 'security',
    title: i18n._('How we protect it'),
    body: (
      <>
        <ul>
          <li>{i18n._('Connections are encrypted (HTTPS); your session is an httpOnly cookie that scripts cannot read.')}</li>
          <li>{i18n._('Passwords are stored as Argon2id hashes; one-time codes and reset tokens are stored hashed and expire.')}</li>
          <li>{i18n._('Access is role-based: a rep sees only their own bookings, a clinic only its own doctors and visits.')}</li>
          <li>{i18n._('Repeated failed sign-ins are limited and recorded.')}</li>
        </ul>
        <p>
          {legalText(
            i18n._(
              '<strong>Password policy:</strong> passwords need at least 8 characters with upper case, lower case, a digit and a special character. Keep your password to yourself.',
            ),
          )}
        </p>
        <p>{i18n._('If a personal data breach affects you, we will inform you and the Data Protection Board of India as the DPDP Act requires.')}</p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: i18n._('Your rights and how to use them'),
    body: (
      <>
        <p>{i18n._('Under the DPDP Act you have the right to:')}</p>
        <ul>
          <li>{legalText(i18n._('<strong>Access:</strong> a summary of the personal data we hold about you and how we use it;'))}</li>
          <li>{legalText(i18n._('<strong>Correction:</strong> have inaccurate or incomplete data corrected and updated;'))}</li>
          <li>{legalText(i18n._('<strong>Erasure:</strong> have your data erased when it is no longer needed or you withdraw consent;'))}</li>
          <li>{legalText(i18n._('<strong>Grievance redressal:</strong> have a complaint about our handling of your data dealt with by us;'))}</li>
          <li>
            {legalText(
              i18n._('<strong>Nomination:</strong> nominate another person to exercise these rights for you in the event of your death or incapacity.'),
            )}
          </li>
        </ul>
        <h3>{i18n._('How to use them')}</h3>
        <ul>
          <li>
            {legalText(
              i18n._(
                '<strong>Download my data</strong> (in <strong>Settings</strong>): at once, a JSON file of everything we hold about your account: profile, the terms version you accepted and when, appointments, subscription and payments, notification choices, signed-in devices and the e-mails we sent you. Passwords and codes are never included.',
              ),
            )}
          </li>
          <li>
            {legalText(
              i18n._(
                '<strong>Delete my account</strong> (in <strong>Settings</strong>): we e-mail you a code; once you enter it, your personal data is erased at once and you are signed out on every device. Payment records the law requires us to keep stay, without your name or contact details.',
              ),
            )}
          </li>
          <li>
            {legalText(
              i18n._(
                'Or e-mail our Grievance Officer at <grievance>{grievanceEmail}</grievance> from the address registered with your account.',
                COMPANY_VALUES,
              ),
            )}
          </li>
        </ul>
        <p>
          {i18n._('We handle every request within 30 days. If you are not satisfied with our answer, you may complain to the Data Protection Board of India.')}
        </p>
      </>
    ),
  },
  {
    id: 'age',
    title: i18n._('Age requirement'),
    body: (
      <p>
        {legalText(
          i18n._(
            'RepVisit is a professional service. You must be 18 or older to use it, and we do not knowingly process personal data of children. If you believe a child has registered, write to <grievance>{grievanceEmail}</grievance> and we will erase the account.',
            COMPANY_VALUES,
          ),
        )}
      </p>
    ),
  },
  {
    id: 'cookies',
    title: i18n._('Cookies and storage on your device'),
    body: (
      <>
        <p>
          {i18n._(
            'RepVisit sets only essential cookies, all its own: the two sign-in cookies from our server once you sign in, and the language cookie in your browser when you choose a language:',
          )}
        </p>
        <SiteCookieList />
        <p>{i18n._('Besides cookies, the app keeps on your device:')}</p>
        <DeviceStorageList />
        <p>
          {legalText(
            i18n._(
              "<strong>Why there is no cookie banner:</strong> every cookie and every item stored above is strictly necessary for the service you ask for (signing in, keeping your account safe, remembering choices you make, working offline). We use no analytics, tracking or advertising cookies and no third-party cookies, so there is nothing optional to ask your consent for. Razorpay's checkout, when a rep opens it to pay, works under Razorpay's own policies. More in our <cookies>Cookies Policy</cookies>.",
            ),
          )}
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: i18n._('Changes to this policy'),
    body: (
      <p>
        {i18n._(
          'We will tell you about changes by e-mail and by a pop-up in the app. Changes take effect 30 days after that notice. The effective date at the top shows the current version.',
        )}
      </p>
    ),
  },
  {
    id: 'grievance-officer',
    title: i18n._('Grievance Officer'),
    body: (
      <p>
        {legalText(
          i18n._(
            'Grievance Officer, {legalName}, {address}. E-mail: <grievance>{grievanceEmail}</grievance>. Phone: <phone>{phone}</phone>. We acknowledge complaints promptly and resolve them within 30 days.',
            COMPANY_VALUES,
          ),
        )}
      </p>
    ),
  },
];

/** spec part 2, 2.7: /privacy and /privacy-policy. */
export default function PrivacyPage() {
  const { i18n } = useI18n();
  return (
    <LegalDocument
      title={i18n._('Privacy Policy')}
      effectiveDate={formatDisplayDate(COMPANY.policiesEffective)}
      summary={
        <p>
          {i18n._(
            "How RepVisit collects, uses and protects the personal data of medical representatives and clinics, and how you can use your rights under India's Digital Personal Data Protection Act, 2023.",
          )}
        </p>
      }
      sections={sections(i18n)}
    />
  );
}
