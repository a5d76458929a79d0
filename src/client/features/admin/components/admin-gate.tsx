import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { ADMIN_MESSAGES } from '../../../../shared/schemas/admin';
import { ADMIN_UNAUTHORIZED_EVENT } from '../api/admin-fetch';
import { adminKeys } from '../api/admin-query-keys';
import { useAuthenticateAdmin } from '../api/authenticate-admin';
import { useAdminSession } from '../api/get-admin-session';

/**
 * spec part 2, 2.5: the 'Admin Access' password gate. The session lives on the server (httpOnly cookie);
 * on reload the gate asks GET /api/admin/session. Any later 401 shows the gate again.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const session = useAdminSession();
  const qc = useQueryClient();
  useEffect(() => {
    const onUnauthorized = () => qc.setQueryData(adminKeys.session, false);
    window.addEventListener(ADMIN_UNAUTHORIZED_EVENT, onUnauthorized);
    return () => window.removeEventListener(ADMIN_UNAUTHORIZED_EVENT, onUnauthorized);
  }, [qc]);

  if (session.isPending) {
    return (
      <main id="main" className="flex min-h-[60vh] items-center justify-center p-6">
        <Spinner label="Checking admin session..." />
      </main>
    );
  }
  if (session.data === true) return <>{children}</>;
  return <AdminLoginForm />;
}

function AdminLoginForm() {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const authenticate = useAuthenticateAdmin();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!password) return setError(ADMIN_MESSAGES.passwordRequired);
    setError(undefined);
    authenticate.mutate(password, {
      onError: (err) => {
        const message = errorMessage(err, ADMIN_MESSAGES.invalidCredentials);
        setError(message);
        toast({ title: ADMIN_MESSAGES.accessDenied, description: message, variant: 'destructive' });
      },
      onSuccess: () => setPassword(''),
    });
  };

  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-slate-50 p-4 dark:bg-slate-900">
      <Card className="w-full max-w-sm">
        <div className="mb-5 flex flex-col items-center gap-2 text-center">
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-teal-100 text-teal-800 dark:bg-teal-900 dark:text-teal-100">
            <ShieldCheck className="h-6 w-6" aria-hidden />
          </span>
          <h1 className="text-xl font-semibold text-slate-900 dark:text-white">Admin Access</h1>
          <p className="text-sm text-slate-600 dark:text-slate-300">Enter the admin password to continue.</p>
        </div>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <FormField label="Admin password" error={error}>
            <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} autoFocus />
          </FormField>
          <Button type="submit" loading={authenticate.isPending}>
            Access Admin Panel
          </Button>
        </form>
      </Card>
    </main>
  );
}
