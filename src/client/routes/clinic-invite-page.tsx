import { useSearchParams } from 'react-router';
import { AcceptInviteForm } from '../features/clinic-team/components/accept-invite-form';
import { AuthPageCard } from '../features/auth/components/auth-page-card';
import { useI18n } from '../lib/i18n';

/**
 * /clinic/invite?token=...: the link an invited clinic team member follows (docs/decisions/072), and with `reset=1` the
 * link of a member's 'Forgot password'; no session needed.
 */
export default function ClinicInvitePage() {
  const { i18n } = useI18n();
  const [params] = useSearchParams();
  const reset = params.get('reset') === '1';
  return (
    <AuthPageCard
      title={reset ? i18n._('Choose a new password') : i18n._("Join your clinic's team")}
      description={
        reset
          ? i18n._('Your clinic team login gets this password; the sessions signed in with the old one end.')
          : i18n._('Choose a password. You then sign in on the clinic login with your own e-mail address.')
      }
    >
      <AcceptInviteForm token={params.get('token') ?? ''} reset={reset} />
    </AuthPageCard>
  );
}
