import { AdminDashboard } from '../features/admin/components/admin-dashboard';
import { AdminGate } from '../features/admin/components/admin-gate';

/** /admin: the password gate, then the admin dashboard (spec part 2, 2.5). */
export default function AdminPage() {
  return (
    <AdminGate>
      <AdminDashboard />
    </AdminGate>
  );
}
