import { Clock, Mail, MapPin, Phone, TriangleAlert, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { COMPANY } from '../../shared/constants';
import { PublicLayout } from '../components/layout/public-layout';
import { BackToHomeLink } from '../features/legal/components/back-to-home-link';
import { COMPANY_VALUES } from '../features/legal/components/legal-text';
import { useI18n } from '../lib/i18n';
import { richText } from '../lib/rich-text';

const tel = COMPANY.phone.replace(/\s/g, '');

function ContactCard({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-800">
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-teal-100 text-teal-700 dark:bg-teal-900/50 dark:text-teal-300">
        <Icon className="h-5 w-5" aria-hidden />
      </span>
      <div className="min-w-0">
        <h2 className="font-semibold text-slate-900 dark:text-white">{title}</h2>
        <div className="mt-1 text-sm text-slate-700 dark:text-slate-300">{children}</div>
      </div>
    </li>
  );
}

const linkClass = 'font-medium text-teal-700 underline break-words dark:text-teal-300';

// The urgent-help box's links, inside its translated sentences.
const URGENT_PARTS = {
  tel: (text: string) => (
    <a href={`tel:${tel}`} dir="ltr" className="font-semibold underline">
      {text}
    </a>
  ),
  mail: (text: string) => (
    <a href={`mailto:${COMPANY.email}`} className="font-semibold underline break-words">
      {text}
    </a>
  ),
  emergency: (text: string) => (
    <a href="tel:112" className="font-semibold underline">
      {text}
    </a>
  ),
};

/** spec part 2, 2.7: e-mail, phone, location, support hours and an 'urgent help' box. */
export default function ContactPage() {
  const { i18n } = useI18n();
  return (
    <PublicLayout title={i18n._('Contact Us')}>
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
        <BackToHomeLink />
        <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{i18n._('Contact Us')}</h1>
        <p className="mt-3 text-base text-slate-700 dark:text-slate-300">
          {i18n._('Questions about your account, a booking or a subscription? We are happy to help.')} {i18n._(COMPANY.replyPromise)}
        </p>

        <ul className="mt-8 grid gap-4 sm:grid-cols-2">
          <ContactCard icon={Mail} title={i18n._('E-mail')}>
            <a href={`mailto:${COMPANY.email}`} className={linkClass}>
              {COMPANY.email}
            </a>
            <p className="mt-1">
              {i18n._('For privacy requests:')}{' '}
              <a href={`mailto:${COMPANY.grievanceEmail}`} className={linkClass}>
                {COMPANY.grievanceEmail}
              </a>
            </p>
          </ContactCard>
          <ContactCard icon={Phone} title={i18n._('Phone')}>
            <a href={`tel:${tel}`} dir="ltr" className={linkClass}>
              {COMPANY.phone}
            </a>
            <p className="mt-1">{i18n._('During support hours.')}</p>
          </ContactCard>
          <ContactCard icon={MapPin} title={i18n._('Location')}>
            <address className="not-italic">
              {COMPANY.legalName}
              <br />
              {i18n._(COMPANY.address)}
            </address>
          </ContactCard>
          <ContactCard icon={Clock} title={i18n._('Support hours')}>
            <ul>
              {COMPANY.supportHours.map((h) => (
                <li key={h}>{i18n._(h)}</li>
              ))}
            </ul>
            <p className="mt-1">{i18n._(COMPANY.replyPromise)}</p>
          </ContactCard>
        </ul>

        <section
          aria-labelledby="urgent-help-heading"
          className="mt-8 rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <h2 id="urgent-help-heading" className="flex items-center gap-2 text-lg font-semibold">
            <TriangleAlert className="h-5 w-5 shrink-0" aria-hidden />
            {i18n._('Need urgent help?')}
          </h2>
          <ul className="mt-3 grid list-disc gap-1.5 ps-5 text-sm">
            <li>
              {richText(
                i18n._('A problem with a visit booked for today, or you cannot sign in: call us on <tel>{phone}</tel> during support hours.', COMPANY_VALUES),
                URGENT_PARTS,
              )}
            </li>
            <li>
              {richText(
                i18n._(
                  'You think someone else is using your account: reset your password with "Forgot password" and write to <mail>{supportEmail}</mail> with the subject "Urgent".',
                  COMPANY_VALUES,
                ),
                URGENT_PARTS,
              )}
            </li>
            <li>{richText(i18n._('RepVisit is not a medical service. In a medical emergency call <emergency>112</emergency>.'), URGENT_PARTS)}</li>
          </ul>
        </section>
      </div>
    </PublicLayout>
  );
}
