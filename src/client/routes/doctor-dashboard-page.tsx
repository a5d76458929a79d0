import { PublicLayout } from '../components/layout/public-layout';
import { useGuardedSession } from '../components/layout/session-guard';
import { DoctorDay } from '../features/doctor-console/components/doctor-day';
import type { DoctorUser } from '../../shared/schemas/auth';
import { useI18n } from '../lib/i18n';

/** /doctor/dashboard: the doctor's day across clinics (docs/decisions/073), under the doctor area's guard. */
export default function DoctorDashboardPage() {
  const { i18n } = useI18n();
  const doctor = useGuardedSession<DoctorUser>();
  return (
    <PublicLayout title={i18n._('Your day')}>
      <DoctorDay doctor={doctor} />
    </PublicLayout>
  );
}
