import { EmailDashboard } from '../../admin-email/components/email-dashboard';
import { useI18n } from '../../../lib/i18n';
import { AdminLayout } from './admin-layout';

/** /admin/email after the gate (spec part 2, 2.6): the admin header over the e-mail dashboard. */
export function AdminEmailScreen() {
  const { i18n } = useI18n();
  return (
    <AdminLayout title={i18n._('Admin Email Dashboard')} subtitle={i18n._('Send targeted emails to medical representatives')} page="email">
      <EmailDashboard />
    </AdminLayout>
  );
}
