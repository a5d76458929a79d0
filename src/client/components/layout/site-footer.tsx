import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { COMPANY, PRODUCT_NAME } from '../../../shared/shell-constants';
import { env } from '../../lib/env';
import { useI18n } from '../../lib/i18n';
import { useHydrated } from '../../lib/use-hydrated';
import { BrandMark } from './brand-mark';

const QUICK_LINKS = [
  { to: '/', label: /*i18n*/ 'Home' },
  { to: '/about-us', label: /*i18n*/ 'About Us' },
  { to: '/contact', label: /*i18n*/ 'Contact' },
] as const;

// spec part 2, 2: the legal pages' long spellings.
const LEGAL_LINKS = [
  { to: '/privacy-policy', label: /*i18n*/ 'Privacy Policy' },
  { to: '/terms-and-conditions', label: /*i18n*/ 'Terms and Conditions' },
  { to: '/cookies-policy', label: /*i18n*/ 'Cookies Policy' },
] as const;

const headingClass = 'text-sm font-semibold uppercase tracking-wide text-slate-900 dark:text-white';
const linkClass = 'text-sm text-slate-600 hover:text-teal-700 hover:underline dark:text-slate-300 dark:hover:text-teal-300';

/** Site footer (spec part 1, 2): quick links, a contact block, legal links and the company registration line. */
export function SiteFooter() {
  const { i18n } = useI18n();
  // A pre-rendered page shows the build's year until React has taken it over (its first render must match).
  const year = useHydrated() ? new Date().getFullYear() : env.buildYear;
  return (
    <footer className="border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <div className="flex items-center gap-3">
            <BrandMark className="h-8 w-8" />
            <span className="text-lg font-bold text-slate-900 dark:text-white">{PRODUCT_NAME}</span>
          </div>
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
            {i18n._('Connecting medical representatives, clinics and healthcare professionals across India.')}
          </p>
        </div>

        <nav aria-label={i18n._('Quick links')}>
          <h2 className={headingClass}>{i18n._('Quick Links')}</h2>
          <ul className="mt-3 grid gap-2">
            {QUICK_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={linkClass}>
                  {i18n._(l.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className={headingClass}>{i18n._('Contact')}</h2>
          <address className="mt-3 grid gap-2 text-sm not-italic text-slate-600 dark:text-slate-300">
            <a href={`mailto:${COMPANY.email}`} className={`${linkClass} inline-flex items-center gap-2 break-words`}>
              <Mail className="h-4 w-4 shrink-0" aria-hidden /> {COMPANY.email}
            </a>
            <a href={`tel:${COMPANY.phone.replace(/\s/g, '')}`} className={`${linkClass} inline-flex items-center gap-2`}>
              <Phone className="h-4 w-4 shrink-0" aria-hidden /> <span dir="ltr">{COMPANY.phone}</span>
            </a>
            <span className="inline-flex items-start gap-2">
              <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden /> {i18n._(COMPANY.address)}
            </span>
            <span className="inline-flex items-start gap-2">
              <Clock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              <span>
                {COMPANY.supportHours.map((h) => (
                  <span key={h} className="block">
                    {i18n._(h)}
                  </span>
                ))}
              </span>
            </span>
          </address>
        </div>

        <nav aria-label={i18n._('Legal')}>
          <h2 className={headingClass}>{i18n._('Legal')}</h2>
          <ul className="mt-3 grid gap-2">
            {LEGAL_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={linkClass}>
                  {i18n._(l.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>

      <div className="border-t border-slate-200 dark:border-slate-800">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-slate-500 sm:px-6 dark:text-slate-400">
          {i18n._('© {year} {legalName}. Registered in India, CIN {cin}. Registered office: {address}.', {
            year,
            legalName: COMPANY.legalName,
            cin: COMPANY.cin,
            address: i18n._(COMPANY.address),
          })}
        </p>
      </div>
    </footer>
  );
}
