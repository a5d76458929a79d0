import { useSearchParams } from 'react-router';
import { AuthPageCard } from '../features/auth/components/auth-page-card';
import { AcceptInviteForm } from '../features/doctor-console/components/accept-invite-form';
import { useI18n } from '../lib/i18n';

/** /doctor/invite?token=...: the link a clinic's invitation e-mail carries (docs/decisions/073); no session needed. */
export default function DoctorInvitePage() {
  const { i18n } = useI18n();
  const [params] = useSearchParams();
  return (
    <AuthPageCard title={i18n._('Your doctor login')} description={i18n._('A clinic invited you to RepVisit. Accept to see your day there.')}>
      <AcceptInviteForm token={params.get('token') ?? ''} />
    </AuthPageCard>
  );
}
