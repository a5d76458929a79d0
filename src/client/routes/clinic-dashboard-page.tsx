import { ClinicDashboard } from '../features/clinic/components/clinic-dashboard';
import { useClinicSession } from '../features/clinic/lib/use-clinic-session';

/** /clinic/dashboard: only for a signed-in clinic; the clinic area's guard checks that (spec part 1, 2). */
export default function ClinicDashboardPage() {
  return <ClinicDashboard clinic={useClinicSession()} />;
}
