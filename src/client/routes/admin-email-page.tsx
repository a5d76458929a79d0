import { usePageTitle } from '../components/layout/page-title';
import { AdminEmailScreen } from '../features/admin/components/admin-email-screen';
import { useI18n } from '../lib/i18n';

/** /admin/email: the e-mail dashboard, behind the admin area's password guard (spec part 2, 2.6). */
export default function AdminEmailPage() {
  const { i18n } = useI18n();
  usePageTitle(i18n._('Admin Email Dashboard'));
  return <AdminEmailScreen />;
}
