import { useSearchParams } from 'react-router';
import { AuthPageCard } from '../features/auth/components/auth-page-card';
import { DoctorLoginForm } from '../features/doctor-console/components/doctor-login-form';
import { useI18n } from '../lib/i18n';

/** /doctor-login: the doctor's own sign-in (docs/decisions/073); `?email=` after accepting an invitation. */
export default function DoctorLoginPage() {
  const { i18n } = useI18n();
  const [params] = useSearchParams();
  return (
    <AuthPageCard title={i18n._('Doctor Login')} description={i18n._('Sign in to see your day at every clinic that invited you.')}>
      <DoctorLoginForm email={params.get('email') ?? ''} />
    </AuthPageCard>
  );
}
