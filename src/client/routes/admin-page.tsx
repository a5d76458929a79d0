import { usePageTitle } from '../components/layout/page-title';
import { AdminDashboard } from '../features/admin/components/admin-dashboard';
import { useI18n } from '../lib/i18n';

/** /admin: the admin dashboard, behind the admin area's password guard (spec part 2, 2.5). */
export default function AdminPage() {
  const { i18n } = useI18n();
  usePageTitle(i18n._('Admin Dashboard'));
  return <AdminDashboard />;
}
