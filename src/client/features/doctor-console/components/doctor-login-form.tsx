import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { isLocale } from '../../../../shared/i18n/locales';
import { loginSchema, type Login } from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { activateLocale, currentLocale, useI18n } from '../../../lib/i18n';
import { useState } from 'react';
import { storeSignedInSession } from '../../auth/lib/refresh-session';
import { useLoginDoctor } from '../api/login-doctor';

/** The doctor's sign-in (docs/decisions/073): e-mail, password, Remember me; then /doctor/dashboard. */
export function DoctorLoginForm({ email = '' }: { email?: string }) {
  const { i18n } = useI18n();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const login = useLoginDoctor();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Login>({ resolver: zodResolver(loginSchema), defaultValues: { email, password: '', rememberMe: false } });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await login.mutateAsync({ ...values, rememberMe: values.rememberMe === true });
      if (isLocale(answer.language) && answer.language !== currentLocale()) void activateLocale(answer.language);
      await storeSignedInSession(qc, { userType: 'doctor', user: answer.user, termsAccepted: true });
      void navigate('/doctor/dashboard');
    } catch (err) {
      form.setValue('password', '');
      setFailure(errorMessage(err, i18n._('Login failed. Please try again.')));
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4" aria-label={i18n._('Doctor login')}>
      <FormField label={i18n._('Email')} error={form.formState.errors.email?.message}>
        <Input type="email" autoComplete="username" inputMode="email" dir="ltr" {...form.register('email')} />
      </FormField>
      <FormField label={i18n._('Password')} error={form.formState.errors.password?.message}>
        <Input type="password" autoComplete="current-password" dir="ltr" {...form.register('password')} />
      </FormField>
      <Controller
        control={form.control}
        name="rememberMe"
        render={({ field }) => <Checkbox checked={field.value === true} onCheckedChange={field.onChange} label={i18n._('Remember me')} />}
      />
      {failure && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950 dark:text-red-300">
          {failure}
        </p>
      )}
      <Button type="submit" size="lg" loading={login.isPending}>
        {i18n._('Sign in')}
      </Button>
    </form>
  );
}
