import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { isLocale } from '../../../../shared/i18n/locales';
import { loginSchema, type CompanyUser, type Login } from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { ApiError, errorMessage } from '../../../lib/api';
import { activateLocale, currentLocale, useI18n } from '../../../lib/i18n';
import { useHydrated } from '../../../lib/use-hydrated';
import { useLoginCompany } from '../api/login-company';
import { getDeviceFingerprint } from '../lib/device-fingerprint';
import { storeSignedInSession } from '../lib/refresh-session';
import { useTermsGate } from '../lib/use-terms-gate';
import { PendingRegistrationNotice } from './pending-registration-notice';

const ForgotPasswordDialog = lazy(() => import('./forgot-password-dialog').then((m) => ({ default: m.ForgotPasswordDialog })));

const TERMS_DECLINED = /*i18n*/ 'You must accept the terms and conditions to use the product.';

/**
 * A pharma company's sign-in (docs/decisions/087): as the clinic's, a refusal shows under the form and a registration
 * still waiting for its code gets its way on; the terms are asked once, then /company/dashboard.
 */
export function CompanyLoginForm({ email = '' }: { email?: string }) {
  const { i18n } = useI18n();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const login = useLoginCompany();
  const hydrated = useHydrated();
  const [failure, setFailure] = useState<string | null>(null);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  const [forgotUsed, setForgotUsed] = useState(false);
  const form = useForm<Login>({ resolver: zodResolver(loginSchema), defaultValues: { email, password: '', rememberMe: false } });

  const terms = useTermsGate<CompanyUser>({
    userType: 'company',
    complete: (user) => {
      void storeSignedInSession(qc, { userType: 'company', user, termsAccepted: true }).then(() => navigate('/company/dashboard'));
    },
    declined: () => {
      form.setValue('password', '');
      setFailure(i18n._(TERMS_DECLINED));
    },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    setPendingEmail(null);
    try {
      const answer = await login.mutateAsync({ ...values, rememberMe: values.rememberMe === true, deviceFingerprint: await getDeviceFingerprint() });
      // A company keeps no language of its own yet (docs/decisions/087): only a saved one is applied.
      if (isLocale(answer.language) && answer.language !== currentLocale()) void activateLocale(answer.language);
      await terms.gate(answer.user);
    } catch (err) {
      form.setValue('password', '');
      if (err instanceof ApiError && err.code === 'registration_pending') return setPendingEmail(values.email.trim());
      setFailure(errorMessage(err, i18n._('Invalid email or password')));
    }
  });

  const { errors, isSubmitting } = form.formState;
  return (
    <>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4" aria-label={i18n._('Company login')}>
        <FormField label={i18n._('Email')} error={errors.email?.message}>
          <Input type="email" autoComplete="username" placeholder="contact@company.com" {...form.register('email')} />
        </FormField>
        <FormField label={i18n._('Password')} error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...form.register('password')} />
        </FormField>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Controller
            control={form.control}
            name="rememberMe"
            render={({ field }) => <Checkbox checked={field.value === true} onCheckedChange={field.onChange} label={i18n._('Remember me')} />}
          />
          <Button
            variant="link"
            size="sm"
            className="px-0"
            onClick={() => {
              setForgotUsed(true);
              setForgotOpen(true);
            }}
          >
            {i18n._('Forgot password')}
          </Button>
        </div>
        {isSubmitting && (
          <p role="status" className="flex items-center gap-2 rounded-md bg-sky-50 p-2 text-sm text-sky-900 dark:bg-sky-900/30 dark:text-sky-200">
            <Info className="h-4 w-4" aria-hidden /> {i18n._('Logging in...')}
          </p>
        )}
        {failure && (
          <p role="alert" className="rounded-md bg-red-50 p-2 text-sm font-medium text-red-700 dark:bg-red-900/30 dark:text-red-300">
            {failure}
          </p>
        )}
        {pendingEmail && <PendingRegistrationNotice type="company" email={pendingEmail} context="login" />}
        {/* Until React has taken the page over, the browser would send the form itself: the button submits once it is React's. */}
        <Button type={hydrated ? 'submit' : 'button'} loading={isSubmitting || terms.waiting}>
          {i18n._('Login')}
        </Button>
      </form>
      {forgotUsed && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog userType="company" open={forgotOpen} onOpenChange={setForgotOpen} />
        </Suspense>
      )}
      {terms.dialog}
    </>
  );
}
