import { CheckCircle2, ShieldAlert, XCircle } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../components/ui/button';
import { AuthPageCard } from '../features/auth/components/auth-page-card';
import { useRestoreEmail } from '../features/rep-profile/api/restore-email';
import { errorMessage } from '../lib/api';
import { useI18n } from '../lib/i18n';

/**
 * /restore-email?token=...: the link e-mailed to the old address after an e-mail change (decision 031). Nothing happens
 * on load (a mail scanner opening the link must not undo a change the owner made); the owner presses the button.
 */
export default function RestoreEmailPage() {
  const { i18n } = useI18n();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const restore = useRestoreEmail();
  const home = (
    <Button variant="link" asChild className="justify-self-center">
      <Link to="/">{i18n._('Return to Home')}</Link>
    </Button>
  );

  if (restore.isSuccess) {
    return (
      <AuthPageCard title={i18n._('E-mail Address Restored')}>
        <div role="status" className="grid justify-items-center gap-3 py-4 text-center">
          <CheckCircle2 className="h-14 w-14 text-emerald-600" aria-hidden />
          <p className="text-sm text-slate-600 dark:text-slate-300">{restore.data.message}</p>
          {home}
        </div>
      </AuthPageCard>
    );
  }

  return (
    <AuthPageCard title={i18n._('Undo E-mail Change')} description={i18n._('The e-mail address of your account was changed.')}>
      <div className="grid gap-4">
        {token ? (
          <>
            <p className="flex items-start gap-2 text-sm text-slate-700 dark:text-slate-200">
              <ShieldAlert className="mt-0.5 h-4 w-4 shrink-0 text-amber-600" aria-hidden />
              {i18n._(
                'If you did not make this change, put your e-mail address back. Everyone signed in to your account will be signed out, and we will e-mail you a link to choose a new password.',
              )}
            </p>
            {restore.isError && (
              <p role="alert" className="flex items-start gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-900/30 dark:text-red-200">
                <XCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
                {errorMessage(restore.error, i18n._('Failed to restore your e-mail address. Please try again.'))}
              </p>
            )}
            <Button size="lg" loading={restore.isPending} onClick={() => restore.mutate({ token })}>
              {i18n._('Restore my e-mail address')}
            </Button>
          </>
        ) : (
          <p role="alert" className="flex items-start gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-900/30 dark:text-red-200">
            <XCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            {i18n._('This link is incomplete. Please open the link from the e-mail again.')}
          </p>
        )}
        {home}
      </div>
    </AuthPageCard>
  );
}
