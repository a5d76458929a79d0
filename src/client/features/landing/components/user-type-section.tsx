import { Building2, HeartPulse, Stethoscope } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { TIMINGS } from '../../../../shared/shell-constants';
import { useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { USER_SELECTION_ID } from './hero-section';
import type { Portal } from './portal-dialog';
import { UserTypeCard } from './user-type-card';

// The portal modal (Radix Dialog) is not part of the landing page's load (decision 025): its code starts loading when
// a card's button is pointed at or focused, and the modal opens once it is there.
const loadPortalDialog = () => import('./portal-dialog');
const PortalDialog = lazy(() => loadPortalDialog().then((m) => ({ default: m.PortalDialog })));
const preloadPortalDialog = () => void loadPortalDialog();
const preloadToaster = () => void import('../../../components/ui/toaster');

/** spec part 1, 2: 'Select Your User Type' with the Medical Rep, Clinic and Patients cards. */
export function UserTypeSection() {
  const { i18n } = useI18n();
  const [portal, setPortal] = useState<Portal | null>(null);
  // Once opened, the modal stays mounted, so closing it animates and gives focus back to the card's button.
  const [dialogMounted, setDialogMounted] = useState(false);
  if (portal && !dialogMounted) setDialogMounted(true);

  const showPatientComingSoon = () =>
    toast({ title: i18n._('Coming Soon'), description: i18n._('Patient portal is coming soon!'), variant: 'info', duration: TIMINGS.shortToastMs });

  return (
    <section
      id={USER_SELECTION_ID}
      tabIndex={-1}
      aria-labelledby="user-selection-heading"
      className="scroll-mt-16 bg-white py-14 focus:outline-none sm:py-20 dark:bg-slate-900"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="user-selection-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">
            {i18n._('Select Your User Type')}
          </h2>
          <p className="mt-3 text-slate-600 dark:text-slate-300">{i18n._('Choose how you use the platform to sign in or create an account.')}</p>
        </div>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          <UserTypeCard
            title={i18n._('Medical Rep')}
            description={i18n._('Book visits with doctors at clinics and keep your calls on schedule.')}
            icon={Stethoscope}
            features={[i18n._('Territory management'), i18n._('Performance analytics'), i18n._('Visit tracking')]}
            actionLabel={i18n._('Continue as Medical Rep')}
            onAction={() => setPortal('medrep')}
            onIntent={preloadPortalDialog}
          />
          <UserTypeCard
            title={i18n._('Clinic')}
            description={i18n._("Manage your doctors, their call settings and the day's rep visits.")}
            icon={Building2}
            features={[i18n._('Doctor profiles'), i18n._('Appointment scheduling'), i18n._('Patient relationships')]}
            actionLabel={i18n._('Continue as Clinic')}
            onAction={() => setPortal('clinic')}
            onIntent={preloadPortalDialog}
          />
          <UserTypeCard
            title={i18n._('Patients')}
            description={i18n._('Find doctors and book consultations. The patient portal is on its way.')}
            icon={HeartPulse}
            actionLabel={i18n._('Continue as Patient')}
            onAction={showPatientComingSoon}
            onIntent={preloadToaster}
          />
        </ul>
        {/* docs/decisions/087: pharma companies have a portal of their own. */}
        <p className="mt-8 text-center text-sm text-slate-600 dark:text-slate-300">
          {i18n._('Pharma company?')}{' '}
          <Link to="/company-login" className="font-semibold text-teal-700 underline-offset-4 hover:underline dark:text-teal-300">
            {i18n._('Company login')}
          </Link>
        </p>
      </div>
      {dialogMounted && (
        <Suspense fallback={null}>
          <PortalDialog portal={portal} onClose={() => setPortal(null)} />
        </Suspense>
      )}
    </section>
  );
}
