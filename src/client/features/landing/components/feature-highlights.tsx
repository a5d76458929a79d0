import { CalendarClock, Network, ShieldCheck, type LucideIcon } from 'lucide-react';
import { useI18n } from '../../../lib/i18n';

// spec part 1, 1: the three feature blurbs.
const FEATURES: { title: string; description: string; icon: LucideIcon }[] = [
  {
    title: /*i18n*/ 'Secure Platform',
    description: /*i18n*/ 'Enterprise-level security with encryption and compliance built in, so your professional data stays protected.',
    icon: ShieldCheck,
  },
  {
    title: /*i18n*/ 'Smart Scheduling',
    description: /*i18n*/ 'Appointment management with automated reminders and notifications, so no visit is missed.',
    icon: CalendarClock,
  },
  {
    title: /*i18n*/ 'Professional Network',
    description: /*i18n*/ 'Connecting medical representatives, clinics and healthcare professionals in one place.',
    icon: Network,
  },
];

export function FeatureHighlights() {
  const { i18n } = useI18n();
  return (
    <div className="mt-14">
      <h2 className="sr-only">{i18n._('Features')}</h2>
      <ul className="grid gap-4 sm:grid-cols-3">
        {FEATURES.map(({ title, description, icon: Icon }) => (
          <li key={title} className="rounded-xl border border-slate-200 bg-white/80 p-5 text-center shadow-sm dark:border-slate-700 dark:bg-slate-800/80">
            <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-teal-100 text-teal-700 dark:bg-teal-900/50 dark:text-teal-300">
              <Icon className="h-6 w-6" aria-hidden />
            </span>
            <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{i18n._(title)}</h3>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{i18n._(description)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
