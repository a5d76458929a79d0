import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Info } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { TIMINGS } from '../../../../shared/constants';
import { loginSchema, type ClinicUser, type Login } from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { meQueryKey } from '../api/get-me';
import { useLoginClinic } from '../api/login-clinic';
import { getDeviceFingerprint } from '../lib/device-fingerprint';
import { readRemembered, saveClinicUser, writeRemembered } from '../lib/device-storage';
import { useTermsGate } from '../lib/use-terms-gate';
import { ClinicForgotPasswordDialog } from './clinic-forgot-password-dialog';

const DECLINED = 'You must accept the terms and conditions to use the product.';

/**
 * Clinic login (spec part 1, 2, 4 and 8). With `onDone` it is the landing-modal variant: the modal closes and
 * the dashboard opens after 200 ms; otherwise after 1000 ms.
 */
export function ClinicLoginForm({ onBack, onDone }: { onBack: () => void; onDone?: () => void }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const login = useLoginClinic();
  const [failure, setFailure] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const remembered = readRemembered('clinic');
  const form = useForm<Login>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: remembered.email, password: '', rememberMe: remembered.rememberMe },
  });

  const terms = useTermsGate<ClinicUser>({
    userType: 'clinic',
    complete: (user, afterDialog) => {
      setFinishing(true);
      saveClinicUser(user);
      void qc.invalidateQueries({ queryKey: meQueryKey });
      const modal = onDone !== undefined;
      // After the terms dialog its own 'Terms Accepted' toast stays (one toast at a time).
      if (!afterDialog) {
        toast({
          title: 'Login Successful',
          description: modal ? 'Welcome back to your clinic dashboard!' : 'Welcome back! You are now logged in.',
          variant: 'success',
          duration: TIMINGS.shortToastMs,
        });
      }
      onDone?.();
      setTimeout(() => void navigate('/clinic/dashboard'), modal ? TIMINGS.clinicModalRedirectMs : TIMINGS.clinicLoginRedirectMs);
    },
    declined: () => {
      form.setValue('password', '');
      setFailure(DECLINED);
    },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const rememberMe = values.rememberMe === true;
    try {
      const answer = await login.mutateAsync({ ...values, rememberMe, deviceFingerprint: await getDeviceFingerprint() });
      writeRemembered('clinic', values.email, rememberMe);
      await terms.gate(answer.user);
    } catch (err) {
      setFailure(errorMessage(err, 'Invalid email or password'));
    }
  });

  const busy = form.formState.isSubmitting || finishing;
  const { errors } = form.formState;
  return (
    <>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Clinic login">
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="username" placeholder="clinic@example.com" {...form.register('email')} />
        </FormField>
        <FormField label="Password" error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...form.register('password')} />
        </FormField>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Controller
            control={form.control}
            name="rememberMe"
            render={({ field }) => <Checkbox checked={field.value === true} onCheckedChange={field.onChange} label="Remember me" />}
          />
          <Button variant="link" size="sm" className="px-0" onClick={() => setForgotOpen(true)}>
            Forgot password
          </Button>
        </div>
        {form.formState.isSubmitting && (
          <p role="status" className="flex items-center gap-2 rounded-md bg-sky-50 p-2 text-sm text-sky-900 dark:bg-sky-900/30 dark:text-sky-200">
            <Info className="h-4 w-4" aria-hidden /> Logging in...
          </p>
        )}
        {failure && (
          <p role="alert" className="rounded-md bg-red-50 p-2 text-sm font-medium text-red-700 dark:bg-red-900/30 dark:text-red-300">
            {failure}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <Button variant="secondary" onClick={onBack} disabled={busy}>
            <ArrowLeft className="h-4 w-4" aria-hidden /> Back
          </Button>
          <Button type="submit" loading={busy}>
            Login
          </Button>
        </div>
      </form>
      <ClinicForgotPasswordDialog open={forgotOpen} onOpenChange={setForgotOpen} />
      {terms.dialog}
    </>
  );
}
