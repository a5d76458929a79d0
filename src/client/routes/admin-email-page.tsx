import { EmailDashboard } from '../features/admin/components/email-dashboard';

/** /admin/email: the e-mail dashboard, behind the admin area's password guard (spec part 2, 2.6). */
export default function AdminEmailPage() {
  return <EmailDashboard />;
}
