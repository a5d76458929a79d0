import { useQuery } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, ShieldCheck } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { TIMINGS } from '../../shared/constants';
import { verifyEmailFormSchema, type UserKind, type VerifyEmailForm } from '../../shared/schemas/auth';
import { Button } from '../components/ui/button';
import { FormField } from '../components/ui/form-field';
import { Input } from '../components/ui/input';
import { Spinner } from '../components/ui/spinner';
import { AuthPageCard } from '../features/auth/components/auth-page-card';
import { PasswordChecklist } from '../features/auth/components/password-checklist';
import { VerificationFailed } from '../features/auth/components/verification-failed';
import { authQueries } from '../features/auth/api/keys';
import { useVerifyEmail } from '../features/auth/api/verify-email';
import { useRedirectAfter } from '../features/auth/lib/use-redirect-after';
import { useRevalidateOnFix } from '../features/auth/lib/use-revalidate-on-fix';
import { ApiError, NetworkError, errorMessage } from '../lib/api';
import { useI18n } from '../lib/i18n';

// spec part 2, 4: a non-ok answer saying the account is verified or ready counts as success.
const SUCCESS_LIKE = /verified|account has been created|account is ready/i;
const INVALID_LINK = /*i18n*/ 'Invalid verification link. Please try again or contact support.';
const NETWORK_ERROR = /*i18n*/ 'Network error occurred. Please check your connection and try again.';

/**
 * /verify-email?token=...&type=...: the person who opened the e-mailed link chooses the account's password here, and
 * that finishes the registration (spec part 2, 2.3, 4, 5 and 8; the password step: docs/decisions/030).
 */
export default function VerifyEmailPage() {
  const { i18n } = useI18n();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const rawType = params.get('type');
  const type: UserKind | null = rawType === 'clinic' || rawType === 'medrep' ? rawType : null;
  const verify = useVerifyEmail();
  // Asked on load, before the password form: a link opened again after it verified is success (spec part 2, 4),
  // and one that no longer works says so at once (docs/decisions/036). If the check fails, the form decides.
  const linkStatus = useQuery(authQueries.verifyLink({ token, type }));
  const known = linkStatus.data;
  const form = useForm<VerifyEmailForm>({
    resolver: zodResolver(verifyEmailFormSchema),
    mode: 'onBlur',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const password = useWatch({ control: form.control, name: 'password' });
  useRevalidateOnFix(form);

  const error = verify.error;
  const successMessage = verify.isSuccess
    ? verify.data?.message || i18n._('Your email has been verified.')
    : error instanceof ApiError && SUCCESS_LIKE.test(error.message)
      ? error.message
      : known?.status === 'verified'
        ? known.message
        : null;
  useRedirectAfter(successMessage !== null, '/', TIMINGS.successRedirectMs);

  if (!token || !type) {
    return (
      <AuthPageCard title={i18n._('Email Verification')}>
        <VerificationFailed message={i18n._(INVALID_LINK)} type={rawType === 'clinic' ? 'clinic' : 'medrep'} />
      </AuthPageCard>
    );
  }

  if (successMessage !== null) {
    return (
      <AuthPageCard title={i18n._('Email Verification')}>
        <div role="status" className="grid justify-items-center gap-3 py-4 text-center">
          <CheckCircle2 className="h-14 w-14 text-emerald-600" aria-hidden />
          <h2 className="text-lg font-semibold">{i18n._('Email Verified!')}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">{successMessage}</p>
          <Spinner label={i18n._('Redirecting to the home page...')} />
        </div>
      </AuthPageCard>
    );
  }

  // A link that no longer works offers a new e-mail; other refusals (a weak password, a rate limit) stay on the form.
  const invalid = error instanceof ApiError && error.code === 'link_invalid' ? error.message : known?.status === 'invalid' ? known.message : null;
  if (invalid !== null) {
    return (
      <AuthPageCard title={i18n._('Email Verification')}>
        <VerificationFailed message={invalid} type={type} />
      </AuthPageCard>
    );
  }

  if (linkStatus.isPending) {
    return (
      <AuthPageCard title={i18n._('Email Verification')}>
        <Spinner label={i18n._('Checking your verification link...')} />
      </AuthPageCard>
    );
  }

  const onSubmit = form.handleSubmit(({ password }) => verify.mutate({ token, type, password }));
  const { errors } = form.formState;
  return (
    <AuthPageCard title={i18n._('Email Verification')} description={i18n._('Choose the password for your account to finish verifying your e-mail address.')}>
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
        {error && (
          <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-700 dark:bg-red-900/30 dark:text-red-300">
            {error instanceof NetworkError ? i18n._(NETWORK_ERROR) : errorMessage(error, i18n._('Verification failed. Please try again.'))}
          </p>
        )}
        <Button type="submit" size="lg" loading={verify.isPending}>
          {i18n._('Verify Email')}
        </Button>
        <p className="flex items-start gap-2 rounded-lg bg-slate-50 p-3 text-xs text-slate-600 dark:bg-slate-900/50 dark:text-slate-300">
          <ShieldCheck className="mt-0.5 h-4 w-4 shrink-0 text-teal-700 dark:text-teal-300" aria-hidden />
          {i18n._(
            'For your safety, the password is chosen by whoever opens this link from the e-mail, so only the owner of the address can sign in. You will use this password to log in.',
          )}
        </p>
      </form>
    </AuthPageCard>
  );
}
