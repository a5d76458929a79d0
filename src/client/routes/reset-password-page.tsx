import { useQuery } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { TIMINGS } from '../../shared/constants';
import { accountKindSchema, resetPasswordFormSchema, type ResetPasswordForm } from '../../shared/schemas/auth';
import { Button } from '../components/ui/button';
import { FormField } from '../components/ui/form-field';
import { Input } from '../components/ui/input';
import { Spinner } from '../components/ui/spinner';
import { AuthPageCard } from '../features/auth/components/auth-page-card';
import { PasswordChecklist } from '../features/auth/components/password-checklist';
import { RequestResetLink } from '../features/auth/components/request-reset-link';
import { authQueries } from '../features/auth/api/keys';
import { useResetPassword } from '../features/auth/api/reset-password';
import { useRedirectAfter } from '../features/auth/lib/use-redirect-after';
import { useRevalidateOnFix } from '../features/auth/lib/use-revalidate-on-fix';
import { ApiError, errorMessage } from '../lib/api';
import { useI18n } from '../lib/i18n';

/** /reset-password?token=...&type=medrep|clinic|company (spec part 2, 2.4, 5 and 8). */
export default function ResetPasswordPage() {
  const { i18n } = useI18n();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // The e-mailed link names its kind: clinic, medrep or company (docs/decisions/087).
  const type = accountKindSchema.nullable().catch(null).parse(params.get('type'));
  const reset = useResetPassword();
  // Asked on load: an expired or used link is said before the form, with a way to a new one (docs/decisions/036).
  // If the check itself fails, the form stays and the reset call judges the link.
  const linkStatus = useQuery(authQueries.resetLink({ token, type }));
  const form = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    mode: 'onBlur',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const password = useWatch({ control: form.control, name: 'password' });
  useRevalidateOnFix(form);
  useRedirectAfter(reset.isSuccess, type === 'company' ? '/company-login' : '/', TIMINGS.successRedirectMs);

  const onSubmit = form.handleSubmit(({ password }) => {
    if (!token || !type) return;
    reset.mutate({ type, token, password });
  });

  const home = (
    <Button variant="link" asChild className="justify-self-center">
      <Link to="/">{i18n._('Return to Home')}</Link>
    </Button>
  );

  if (!token || !type) {
    return (
      <AuthPageCard title={i18n._('Reset Password')}>
        <div className="grid gap-4">
          <p role="alert" className="flex items-start gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-900/30 dark:text-red-200">
            <XCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            {i18n._('Invalid password reset link. Please request a new password reset link.')}
          </p>
          {home}
        </div>
      </AuthPageCard>
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthPageCard title={i18n._('Reset Password')}>
        <div role="status" className="grid justify-items-center gap-3 py-4 text-center">
          <CheckCircle2 className="h-14 w-14 text-emerald-600" aria-hidden />
          <h2 className="text-lg font-semibold">{i18n._('Password Reset Successful')}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {reset.data?.message || i18n._('Your password has been reset. You can now log in with your new password.')}
          </p>
          <Spinner label={type === 'company' ? i18n._('Redirecting to the login...') : i18n._('Redirecting to the home page...')} />
          {home}
        </div>
      </AuthPageCard>
    );
  }

  const deadLink =
    linkStatus.data && linkStatus.data.status !== 'valid'
      ? linkStatus.data.message
      : reset.error instanceof ApiError && reset.error.code === 'reset_link_invalid'
        ? reset.error.message
        : null;
  if (deadLink !== null) {
    return (
      <AuthPageCard title={i18n._('Reset Password')}>
        <div className="grid gap-4">
          <RequestResetLink message={deadLink} type={type} />
          {home}
        </div>
      </AuthPageCard>
    );
  }

  if (linkStatus.isPending) {
    return (
      <AuthPageCard title={i18n._('Reset Password')}>
        <Spinner label={i18n._('Checking your reset link...')} />
      </AuthPageCard>
    );
  }

  const { errors } = form.formState;
  return (
    <AuthPageCard title={i18n._('Reset Password')} description={i18n._('Choose a new password for your account.')}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <div className="grid gap-2">
          <FormField label={i18n._('New Password')} error={errors.password?.message}>
            <Input type="password" autoComplete="new-password" {...form.register('password')} />
          </FormField>
          <PasswordChecklist password={password} />
        </div>
        <FormField label={i18n._('Confirm Password')} error={errors.confirmPassword?.message}>
          <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
        </FormField>
        {reset.isError && (
          <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-700 dark:bg-red-900/30 dark:text-red-300">
            {errorMessage(reset.error, i18n._('Failed to reset password. Please try again.'))}
          </p>
        )}
        <Button type="submit" size="lg" loading={reset.isPending} disabled={!token}>
          {i18n._('Reset Password')}
        </Button>
        {home}
      </form>
    </AuthPageCard>
  );
}
