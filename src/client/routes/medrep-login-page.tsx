import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../components/ui/button';
import { AuthPageCard } from '../features/auth/components/auth-page-card';
import { RepLoginForm } from '../features/auth/components/rep-login-form';
import { RepRegisterForm } from '../features/auth/components/rep-register-form';

/** /medrep-login: where a rep without a session is sent (spec part 2, 2); it can also open registration. */
export default function MedrepLoginPage() {
  const navigate = useNavigate();
  const [view, setView] = useState<'login' | 'register'>('login');

  if (view === 'register') {
    return (
      <AuthPageCard title="Create New Account" description="Register as a medical representative.">
        <RepRegisterForm onBack={() => setView('login')} />
      </AuthPageCard>
    );
  }
  return (
    <AuthPageCard title="Medical Representative Login" description="Sign in to book visits with doctors.">
      <RepLoginForm onBack={() => navigate('/')} />
      <p className="mt-6 border-t border-slate-200 pt-4 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
        New to the platform?{' '}
        <Button variant="link" size="sm" className="h-auto px-0" onClick={() => setView('register')}>
          Create New Account
        </Button>
      </p>
    </AuthPageCard>
  );
}
