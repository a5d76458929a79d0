import { useSearchParams } from 'react-router';
import { AdminInviteFlow } from '../features/admin-invite/components/admin-invite-flow';
import { AuthPageCard } from '../features/auth/components/auth-page-card';
import { useI18n } from '../lib/i18n';

/** /admin/invite?token=...: the link an invited admin follows (docs/decisions/042); no admin session is needed. */
export default function AdminInvitePage() {
  const { i18n } = useI18n();
  const [params] = useSearchParams();
  return (
    <AuthPageCard title={i18n._('Join the admin team')} description={i18n._('Choose a password and set up two-factor sign-in.')}>
      <AdminInviteFlow token={params.get('token') ?? ''} />
    </AuthPageCard>
  );
}
