import type { I18n } from '@lingui/core';
import { LegalDocument, type LegalSection } from '../features/legal/components/legal-document';
import { COMPANY_VALUES, legalText } from '../features/legal/components/legal-text';
import { useI18n } from '../lib/i18n';

// The page's sections in the active language (built at render: each text is translated where it is shown).
const sections = (i18n: I18n): LegalSection[] => [
  {
    id: 'mission',
    title: i18n._('Our mission'),
    body: (
      <p>
        {i18n._(
          "Doctors' time is precious, and medical representatives need it to keep doctors informed about medicines. RepVisit replaces waiting-room queues and phone calls with booked visits that respect the clinic's schedule.",
        )}
      </p>
    ),
  },
  {
    id: 'who-it-is-for',
    title: i18n._('Who it is for'),
    body: (
      <ul>
        <li>
          {legalText(
            i18n._(
              '<strong>Medical representatives</strong> find doctors by state, city and specialty, see which days have free slots and book visits, with reminders and a clear list of upcoming calls.',
            ),
          )}
        </li>
        <li>
          {legalText(
            i18n._(
              "<strong>Clinics</strong> add their doctors, decide the days, the number of rep visits a day and how often the same rep may come back, and see each day's visits at a glance.",
            ),
          )}
        </li>
        <li>{legalText(i18n._('<strong>Patients</strong>: a patient portal is coming soon.'))}</li>
      </ul>
    ),
  },
  {
    id: 'how-it-works',
    title: i18n._('How it works'),
    body: (
      <ol>
        <li>{i18n._('Register as a medical rep or a clinic and verify your e-mail with a 6-digit code.')}</li>
        <li>{i18n._('Clinics add doctors and set their call settings.')}</li>
        <li>{i18n._('Reps start a free trial or a plan, pick a doctor and a free date, and book.')}</li>
        <li>{i18n._('Everyone gets e-mail notices; the app also works offline and can be installed on a phone.')}</li>
      </ol>
    ),
  },
  {
    id: 'company',
    title: i18n._('The company'),
    body: (
      <p>
        {legalText(
          i18n._(
            'RepVisit is built and run by {legalName}, a private company registered in India (CIN {cin}) with its office at {address}. We take data protection seriously: see our <privacy>Privacy Policy</privacy>. To reach us, visit the <contact>Contact page</contact>.',
            COMPANY_VALUES,
          ),
        )}
      </p>
    ),
  },
];

/** spec part 1, 2: /about and /about-us. */
export default function AboutPage() {
  const { i18n } = useI18n();
  return (
    <LegalDocument
      title={i18n._('About RepVisit')}
      summary={
        <p>
          {i18n._(
            'RepVisit is a healthcare platform that connects medical representatives with clinics and their doctors, so visits are booked, not waited for.',
          )}
        </p>
      }
      sections={sections(i18n)}
      showContents={false}
    />
  );
}
