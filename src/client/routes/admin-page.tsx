import { AdminDashboard } from '../features/admin/components/admin-dashboard';

/** /admin: the admin dashboard, behind the admin area's password guard (spec part 2, 2.5). */
export default function AdminPage() {
  return <AdminDashboard />;
}
