import { useQuery } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import type { RepSessionUser } from '../../auth/api/me-fetch';
import { subscriptionsQueries } from '../../subscriptions/api/keys';
import { SubscriptionPanel } from '../../subscriptions/components/subscription-panel';
import { Spinner } from '../../../components/ui/spinner';
import { useI18n } from '../../../lib/i18n';
import { directoryQueries } from '../../directory/api/keys';
import { useDoctorSelection } from '../../directory/hooks/use-doctor-selection';
import { DoctorAvailability } from '../../booking/components/doctor-availability';
import { FindDoctorForm } from '../../directory/components/find-doctor-form';

/** Find a doctor, then book on the calendar; without an active subscription, the subscription panel. */
export function BookAppointmentTab({ rep }: { rep: RepSessionUser }) {
  const { i18n } = useI18n();
  const subscription = useQuery(subscriptionsQueries.status(rep.id));
  const cascade = useDoctorSelection();
  const { selection: s } = cascade;
  const clinics = useQuery(directoryQueries.clinics(s.doctorId, { state: s.state, city: s.city }));

  if (subscription.isPending) return <Spinner label={i18n._('Checking your subscription...')} />;
  if (!subscription.data?.isActive) {
    return <SubscriptionPanel repId={rep.id} customerName={rep.fullName} customerEmail={rep.email} customerPhone={rep.phone} />;
  }

  const clinic = clinics.data?.find((c) => c.id === s.clinicId);
  return (
    <div className="grid gap-4">
      <FindDoctorForm cascade={cascade} />
      {s.doctorId !== null && s.clinicId !== null ? (
        <DoctorAvailability
          key={`${s.doctorId}-${s.clinicId}`}
          repId={rep.id}
          doctorId={s.doctorId}
          clinicId={s.clinicId}
          doctorName={s.doctorName}
          clinicName={clinic?.clinic_name}
        />
      ) : (
        <p
          role="note"
          className="flex items-start gap-2 rounded-lg border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900 dark:border-yellow-700 dark:bg-yellow-950 dark:text-yellow-100"
        >
          <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>{i18n._('Please complete the selection process: Select State → City → Specialty → Doctor → Clinic to view availability calendar.')}</span>
        </p>
      )}
    </div>
  );
}
