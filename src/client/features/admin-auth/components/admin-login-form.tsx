import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { ADMIN_MESSAGES } from '../../../../shared/schemas/admin';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { AdminPasswordSignIn } from './admin-password-sign-in';
import { AdminTeamSignIn } from './admin-team-sign-in';
import { useI18n } from '../../../lib/i18n';
import { adminAuthQueries } from '../api/keys';

/**
 * spec part 2, 2.5: the 'Admin Access' gate, shown by the admin area's guard until a session exists. It is the spec's
 * single password until a named owner has enrolled, then e-mail, password and code (docs/decisions/042).
 */
export function AdminLoginForm() {
  const { i18n } = useI18n();
  const gate = useQuery(adminAuthQueries.gate());
  // Should the server not say which gate it is, the spec's password form shows: the server judges what is sent.
  const mode = gate.data?.mode ?? 'password';
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-slate-50 p-4 dark:bg-slate-900">
      <Card className="w-full max-w-sm">
        <div className="mb-5 flex flex-col items-center gap-2 text-center">
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-teal-100 text-teal-800 dark:bg-teal-900 dark:text-teal-100">
            <ShieldCheck className="h-6 w-6" aria-hidden />
          </span>
          <h1 className="text-xl font-semibold text-slate-900 dark:text-white">{i18n._('Admin Access')}</h1>
          {!gate.isPending && (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {mode === 'team' ? i18n._('Sign in with your e-mail, password and authentication code.') : i18n._('Enter the admin password to continue.')}
            </p>
          )}
        </div>
        {gate.isPending ? (
          <Spinner label={i18n._('Loading sign-in...')} />
        ) : mode === 'team' ? (
          <AdminTeamSignIn />
        ) : (
          <>
            {gate.data?.adminOff && (
              <p role="alert" className="mb-4 rounded-md bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-900/30 dark:text-amber-100">
                {i18n._(ADMIN_MESSAGES.adminOff)}
              </p>
            )}
            <AdminPasswordSignIn onTeamRequired={() => void gate.refetch()} />
          </>
        )}
      </Card>
    </main>
  );
}
