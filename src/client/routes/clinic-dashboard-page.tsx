import { usePageTitle } from '../components/layout/page-title';
import { ClinicDashboard } from '../features/clinic/components/clinic-dashboard';
import { useClinicSession } from '../features/clinic/lib/use-clinic-session';
import { useI18n } from '../lib/i18n';

/** /clinic/dashboard: only for a signed-in clinic; the clinic area's guard checks that (spec part 1, 2). */
export default function ClinicDashboardPage() {
  const { i18n } = useI18n();
  usePageTitle(i18n._('Clinic Portal'));
  return <ClinicDashboard clinic={useClinicSession()} />;
}
