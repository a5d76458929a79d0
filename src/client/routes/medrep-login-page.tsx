import { lazy, startTransition, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { AuthPageCard } from '../features/auth/components/auth-page-card';
import { LoginForm } from '../features/auth/components/login-form';
import { useI18n } from '../lib/i18n';

// Registration (and its rules) loads when asked for, so the login page starts with less JavaScript (decision 014).
// Pointing at or focusing 'Create New Account' starts the download; the click switches views as a transition,
// so the login stays on screen until the registration form is ready, as if it had been there all along.
const loadRegisterForm = () => import('../features/auth/components/rep-register-form');
const RepRegisterForm = lazy(() => loadRegisterForm().then((m) => ({ default: m.RepRegisterForm })));

/** /medrep-login: where a rep without a session is sent (spec part 2, 2); it can also open registration. */
export default function MedrepLoginPage() {
  const { i18n } = useI18n();
  const navigate = useNavigate();
  const [view, setView] = useState<'login' | 'register'>('login');
  const registering = view === 'register';

  return (
    <AuthPageCard
      title={registering ? i18n._('Create New Account') : i18n._('Medical Representative Login')}
      description={registering ? i18n._('Register as a medical representative.') : i18n._('Sign in to book visits with doctors.')}
    >
      <Suspense fallback={<Spinner label={i18n._('Loading...')} />}>
        {registering ? (
          <RepRegisterForm onBack={() => setView('login')} />
        ) : (
          <>
            <LoginForm userType="medrep" onBack={() => navigate('/')} />
            <p className="mt-6 border-t border-slate-200 pt-4 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
              {i18n._('New to the platform?')}{' '}
              <Button
                variant="link"
                size="sm"
                className="h-auto px-0"
                onPointerEnter={() => void loadRegisterForm()}
                onFocus={() => void loadRegisterForm()}
                onClick={() => startTransition(() => setView('register'))}
              >
                {i18n._('Create New Account')}
              </Button>
            </p>
          </>
        )}
      </Suspense>
    </AuthPageCard>
  );
}
