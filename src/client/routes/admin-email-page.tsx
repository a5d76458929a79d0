import { AdminGate } from '../features/admin/components/admin-gate';
import { EmailDashboard } from '../features/admin/components/email-dashboard';

/** /admin/email: the same admin gate, then the e-mail dashboard (spec part 2, 2.6). */
export default function AdminEmailPage() {
  return (
    <AdminGate>
      <EmailDashboard />
    </AdminGate>
  );
}
