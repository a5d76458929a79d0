import { useSearchParams } from 'react-router';
import { AdminInviteFlow } from '../features/admin/components/admin-invite-flow';
import { AuthPageCard } from '../features/auth/components/auth-page-card';

/** /admin/invite?token=...: the link an invited admin follows (docs/decisions/042); no admin session is needed. */
export default function AdminInvitePage() {
  const [params] = useSearchParams();
  return (
    <AuthPageCard title="Join the admin team" description="Choose a password and set up two-factor sign-in.">
      <AdminInviteFlow token={params.get('token') ?? ''} />
    </AuthPageCard>
  );
}
