import { Spinner } from '../components/ui/spinner';
import { ClinicDashboard } from '../features/clinic/components/clinic-dashboard';
import { useClinicSession } from '../features/clinic/lib/use-clinic-session';

/** /clinic/dashboard: only for a signed-in clinic (spec part 1, 2). */
export default function ClinicDashboardPage() {
  const clinic = useClinicSession();
  if (!clinic) {
    return (
      <main id="main" className="flex min-h-[60vh] items-center justify-center p-6">
        <Spinner label="Loading your clinic dashboard..." />
      </main>
    );
  }
  return <ClinicDashboard clinic={clinic} />;
}
