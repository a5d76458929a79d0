import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CheckCircle2, Info } from 'lucide-react';
import { useLayoutEffect, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { TIMINGS } from '../../../../shared/constants';
import type { Login, RepUser } from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useHydrated } from '../../../lib/use-hydrated';
import { meQueryKey } from '../api/get-me';
import { useLoginRep } from '../api/login-rep';
import { getDeviceFingerprint } from '../lib/device-fingerprint';
import { readRemembered, saveRepUser, writeRemembered } from '../lib/device-storage';
import { useTermsGate } from '../lib/use-terms-gate';
import { RepForgotPasswordDialog } from './rep-forgot-password-dialog';

// spec part 1, 7: the 'password_recently_changed' hint shows a second tip after 2 seconds.
const HINT_DELAY_MS = 2000;
const PASSWORD_CHANGED_TIP = "Clear your browser's saved passwords if it's auto-filling your old password.";

function hintOf(source: unknown): string | undefined {
  const body = source instanceof ApiError ? source.body : source;
  const hint = (body as { hint?: unknown } | undefined)?.hint;
  return typeof hint === 'string' ? hint : undefined;
}

function scheduleHint(source: unknown) {
  if (hintOf(source) !== 'password_recently_changed') return;
  setTimeout(() => toast({ title: 'Tip', description: PASSWORD_CHANGED_TIP, variant: 'info' }), HINT_DELAY_MS);
}

// The rules (zod) load when the form is first used, not with the page: /medrep-login then starts with less
// JavaScript to run (issue 10). Validation already waits for the resolver, so nothing else changes.
const loadLoginResolver = () => import('../lib/login-resolver').then((m) => m.loginResolver);
const loginResolver: Resolver<Login> = async (...args) => (await loadLoginResolver())(...args);

/** Medical rep login (spec part 1, 2, 4 and 8): on success a 'Login Successful' step, then /medrep-dashboard after 1 s. */
export function RepLoginForm({ onBack, onDone }: { onBack: () => void; onDone?: () => void }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const login = useLoginRep();
  const [forgotOpen, setForgotOpen] = useState(false);
  const [succeeded, setSucceeded] = useState<RepUser | null>(null);
  const hydrated = useHydrated();
  const form = useForm<Login>({
    resolver: loginResolver,
    defaultValues: { email: '', password: '', rememberMe: false },
  });
  // 'Remember me' is read from the device once the form is on screen, before it is painted: /medrep-login is
  // pre-rendered without it (issue 10), and the render that takes the page over must match that HTML. What
  // was typed (or autofilled) before that is kept.
  useLayoutEffect(() => {
    const remembered = readRemembered('medrep');
    if (!remembered.rememberMe) return;
    if (!form.getValues('email')) form.setValue('email', remembered.email);
    form.setValue('rememberMe', true);
  }, [form]);

  const terms = useTermsGate<RepUser>({
    userType: 'medrep',
    complete: (user) => {
      saveRepUser(user);
      void qc.invalidateQueries({ queryKey: meQueryKey });
      setSucceeded(user);
      setTimeout(() => {
        onDone?.();
        void navigate('/medrep-dashboard');
      }, TIMINGS.repLoginRedirectMs);
    },
    declined: () => {
      form.setValue('password', '');
      toast({ title: 'Terms Required', description: 'You must accept the terms and conditions to use the product.', variant: 'destructive' });
    },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    const rememberMe = values.rememberMe === true;
    try {
      const answer = await login.mutateAsync({ ...values, rememberMe, deviceFingerprint: await getDeviceFingerprint() });
      writeRemembered('medrep', values.email, rememberMe);
      scheduleHint(answer);
      await terms.gate(answer.user);
    } catch (err) {
      toast({ title: 'Login Failed', description: errorMessage(err, 'Invalid credentials. Please try again.'), variant: 'destructive' });
      scheduleHint(err);
    }
  });

  if (succeeded) {
    return (
      <div role="status" className="grid justify-items-center gap-3 py-6 text-center">
        <CheckCircle2 className="h-12 w-12 text-emerald-600" aria-hidden />
        <h3 className="text-lg font-semibold">Login Successful</h3>
        <p className="text-sm text-slate-600 dark:text-slate-300">Welcome back, {succeeded.fullName}!</p>
        <Spinner label="Redirecting to your dashboard..." />
      </div>
    );
  }

  const { errors, isSubmitting } = form.formState;
  return (
    <>
      <form onSubmit={onSubmit} onFocus={() => void loadLoginResolver()} noValidate className="grid gap-4" aria-label="Medical rep login">
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="username" placeholder="you@company.com" {...form.register('email')} />
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
            Forgot password?
          </Button>
        </div>
        {isSubmitting && (
          <p role="status" className="flex items-center gap-2 rounded-md bg-sky-50 p-2 text-sm text-sky-900 dark:bg-sky-900/30 dark:text-sky-200">
            <Info className="h-4 w-4" aria-hidden /> Logging in...
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <Button variant="secondary" onClick={onBack} disabled={isSubmitting}>
            <ArrowLeft className="h-4 w-4" aria-hidden /> Back
          </Button>
          {/* Until React has taken the pre-rendered page over, the browser would send the form itself (a GET
              with the password in the URL): the button only submits once it is React's. */}
          <Button type={hydrated ? 'submit' : 'button'} loading={isSubmitting}>
            Login
          </Button>
        </div>
      </form>
      <RepForgotPasswordDialog open={forgotOpen} onOpenChange={setForgotOpen} />
      {terms.dialog}
    </>
  );
}
