import { Link } from 'react-router';
import { COMPANY, PRODUCT_NAME } from '../../shared/constants';
import { LegalDocument, type LegalSection } from '../features/legal/components/legal-document';

const SECTIONS: LegalSection[] = [
  {
    id: 'mission',
    title: 'Our mission',
    body: (
      <p>
        Doctors&apos; time is precious, and medical representatives need it to keep doctors informed about medicines. {PRODUCT_NAME} replaces waiting-room
        queues and phone calls with booked visits that respect the clinic&apos;s schedule.
      </p>
    ),
  },
  {
    id: 'who-it-is-for',
    title: 'Who it is for',
    body: (
      <ul>
        <li>
          <strong>Medical representatives</strong> find doctors by state, city and specialty, see which days have free slots and book visits, with reminders and
          a clear list of upcoming calls.
        </li>
        <li>
          <strong>Clinics</strong> add their doctors, decide the days, the number of rep visits a day and how often the same rep may come back, and see each
          day&apos;s visits at a glance.
        </li>
        <li>
          <strong>Patients</strong>: a patient portal is coming soon.
        </li>
      </ul>
    ),
  },
  {
    id: 'how-it-works',
    title: 'How it works',
    body: (
      <ol>
        <li>Register as a medical rep or a clinic and verify your e-mail with a 6-digit code.</li>
        <li>Clinics add doctors and set their call settings.</li>
        <li>Reps start a free trial or a plan, pick a doctor and a free date, and book.</li>
        <li>Everyone gets e-mail notices; the app also works offline and can be installed on a phone.</li>
      </ol>
    ),
  },
  {
    id: 'company',
    title: 'The company',
    body: (
      <p>
        {PRODUCT_NAME} is built and run by {COMPANY.legalName}, a private company registered in India (CIN {COMPANY.cin}) with its office at {COMPANY.address}.
        We take data protection seriously: see our <Link to="/privacy-policy">Privacy Policy</Link>. To reach us, visit the{' '}
        <Link to="/contact">Contact page</Link>.
      </p>
    ),
  },
];

/** spec part 1, 2: /about and /about-us. */
export default function AboutPage() {
  return (
    <LegalDocument
      title={`About ${PRODUCT_NAME}`}
      summary={
        <p>
          {PRODUCT_NAME} is a healthcare platform that connects medical representatives with clinics and their doctors, so visits are booked, not waited for.
        </p>
      }
      sections={SECTIONS}
      showContents={false}
    />
  );
}
