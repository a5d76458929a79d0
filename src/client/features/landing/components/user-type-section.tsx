import { Building2, HeartPulse, Stethoscope } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { TIMINGS } from '../../../../shared/constants';
import { toast } from '../../../lib/toast';
import { USER_SELECTION_ID } from './hero-section';
import type { Portal } from './portal-dialog';
import { UserTypeCard } from './user-type-card';

// The portal modal (Radix Dialog) loads just after the landing page renders, off its critical path (decision 012).
const PortalDialog = lazy(() => import('./portal-dialog').then((m) => ({ default: m.PortalDialog })));

/** spec part 1, 2: 'Select Your User Type' with the Medical Rep, Clinic and Patients cards. */
export function UserTypeSection() {
  const [portal, setPortal] = useState<Portal | null>(null);

  const showPatientComingSoon = () =>
    toast({ title: 'Coming Soon', description: 'Patient portal is coming soon!', variant: 'info', duration: TIMINGS.shortToastMs });

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
            Select Your User Type
          </h2>
          <p className="mt-3 text-slate-600 dark:text-slate-300">Choose how you use the platform to sign in or create an account.</p>
        </div>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          <UserTypeCard
            title="Medical Rep"
            description="Book visits with doctors at clinics and keep your calls on schedule."
            icon={Stethoscope}
            features={['Territory management', 'Performance analytics', 'Visit tracking']}
            actionLabel="Continue as Medical Rep"
            onAction={() => setPortal('medrep')}
          />
          <UserTypeCard
            title="Clinic"
            description="Manage your doctors, their call settings and the day's rep visits."
            icon={Building2}
            features={['Doctor profiles', 'Appointment scheduling', 'Patient relationships']}
            actionLabel="Continue as Clinic"
            onAction={() => setPortal('clinic')}
          />
          <UserTypeCard
            title="Patients"
            description="Find doctors and book consultations. The patient portal is on its way."
            icon={HeartPulse}
            actionLabel="Continue as Patient"
            onAction={showPatientComingSoon}
          />
        </ul>
      </div>
      <Suspense fallback={null}>
        <PortalDialog portal={portal} onClose={() => setPortal(null)} />
      </Suspense>
    </section>
  );
}
