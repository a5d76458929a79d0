import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../components/ui/button';
import { AuthPageCard } from '../features/auth/components/auth-page-card';
import { CompanyLoginForm } from '../features/auth/components/company-login-form';
import { CompanyRegisterForm } from '../features/auth/components/company-register-form';
import { useI18n } from '../lib/i18n';

/** /company-login: a pharma company signs in or registers (docs/decisions/087); `?email=` after its code. */
export default function CompanyLoginPage() {
  const { i18n } = useI18n();
  const [params] = useSearchParams();
  const [view, setView] = useState<'login' | 'register'>('login');
  const registering = view === 'register';

  return (
    <AuthPageCard
      title={registering ? i18n._('Register your company') : i18n._('Company Login')}
      description={registering ? i18n._('Create an account for your pharma company.') : i18n._('Sign in to manage your company on RepVisit.')}
    >
      {registering ? <CompanyRegisterForm /> : <CompanyLoginForm email={params.get('email') ?? ''} />}
      <p className="mt-6 border-t border-slate-200 pt-4 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
        {registering ? i18n._('Already registered?') : i18n._('New to the platform?')}{' '}
        <Button variant="link" size="sm" className="h-auto px-0" onClick={() => setView(registering ? 'login' : 'register')}>
          {registering ? i18n._('Login') : i18n._('Register your company')}
        </Button>
      </p>
    </AuthPageCard>
  );
}
