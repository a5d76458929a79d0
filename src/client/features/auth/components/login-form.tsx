import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CheckCircle2, Info } from 'lucide-react';
import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { TIMINGS } from '../../../../shared/constants';
import type { ClinicPerson, ClinicUser, Login, RepUser, UserKind } from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../lib/i18n';
import { useHydrated } from '../../../lib/use-hydrated';
import type { Me } from '../api/me-fetch';
import { useLoginClinic } from '../api/login-clinic';
import { useLoginRep } from '../api/login-rep';
import { applyAccountLanguage } from '../lib/account-language';
import { getDeviceFingerprint } from '../lib/device-fingerprint';
import { readRemembered, saveClinicUser, saveRepUser, writeRemembered } from '../lib/device-storage';
import { scheduleLoginHint } from '../lib/login-hint';
import { storeSignedInSession } from '../lib/refresh-session';
import { useTermsGate } from '../lib/use-terms-gate';

// The rules (zod) load when the form is first used, not with the page: /medrep-login then starts with less
// JavaScript to run (decision 014). Validation already waits for the resolver, so nothing else changes.
const loadLoginResolver = () => import('../lib/login-resolver').then((m) => m.loginResolver);
const loginResolver: Resolver<Login> = async (...args) => (await loadLoginResolver())(...args);
// The same for 'Forgot password' (its form, its rules and zod): fetched when the link is pointed at or focused,
// shown when it is pressed.
const loadForgotPasswordDialog = () => import('./forgot-password-dialog');
const ForgotPasswordDialog = lazy(() => loadForgotPasswordDialog().then((m) => ({ default: m.ForgotPasswordDialog })));
// The way on from a registration waiting for its code shows only after such a login (docs/decisions/036).
const PendingRegistrationNotice = lazy(() => import('./pending-registration-notice').then((m) => ({ default: m.PendingRegistrationNotice })));

const TERMS_DECLINED = /*i18n*/ 'You must accept the terms and conditions to use the product.';
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// What differs between the two portals' logins (spec part 1, 2, 4 and 8).
const PORTALS = {
  medrep: { ariaLabel: /*i18n*/ 'Medical rep login', placeholder: 'you@company.com', forgotLabel: /*i18n*/ 'Forgot password?', dashboard: '/medrep-dashboard' },
  clinic: { ariaLabel: /*i18n*/ 'Clinic login', placeholder: 'clinic@example.com', forgotLabel: /*i18n*/ 'Forgot password', dashboard: '/clinic/dashboard' },
} as const;

/**
 * The login of both portals (spec part 1, 2, 4 and 8). A rep sees a 'Login Successful' step, then
 * /medrep-dashboard after 1 s; a failure is a 'Login Failed' toast. A clinic gets a 'Login Successful' toast and
 * its dashboard after 1000 ms (200 ms in the landing modal, where `onDone` closes the modal); a failure shows
 * under the form.
 */
export function LoginForm({
  userType,
  onBack,
  onDone,
  autoFocusEmail = false,
}: {
  userType: UserKind;
  onBack: () => void;
  onDone?: () => void;
  /** Puts the caret in Email as the form appears (the landing modal, where the form replaces the option pressed). */
  autoFocusEmail?: boolean;
}) {
  const { i18n } = useI18n();
  const portal = PORTALS[userType];
  const navigate = useNavigate();
  const qc = useQueryClient();
  const loginRep = useLoginRep();
  const loginClinic = useLoginClinic();
  const [forgotOpen, setForgotOpen] = useState(false);
  // Mounted from the first opening on (closing it keeps it, so it closes as it opened).
  const [forgotUsed, setForgotUsed] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The e-mail of a registration that waits for its code: the form links to its code page (docs/decisions/036).
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const [welcomed, setWelcomed] = useState<RepUser | null>(null);
  const [finishing, setFinishing] = useState(false);
  const hydrated = useHydrated();
  const form = useForm<Login>({ resolver: loginResolver, defaultValues: { email: '', password: '', rememberMe: false } });
  // 'Remember me' is read from the device once the form is on screen, before it is painted: /medrep-login is
  // pre-rendered without it (decision 014), and the render that takes the page over must match that HTML. What
  // was typed (or autofilled) before that is kept.
  useLayoutEffect(() => {
    const remembered = readRemembered(userType);
    if (!remembered.rememberMe) return;
    if (!form.getValues('email')) form.setValue('email', remembered.email);
    form.setValue('rememberMe', true);
  }, [form, userType]);

  // In the landing modal the option that had focus is gone once the form shows: focus goes where typing starts.
  useEffect(() => {
    if (autoFocusEmail) form.setFocus('email');
  }, [autoFocusEmail, form]);

  /** Opens the dashboard once the session cache holds the new session and the spec's pause is over. */
  const openDashboard = (session: Me, pauseMs: number, first?: () => void) => {
    void Promise.all([storeSignedInSession(qc, session), wait(pauseMs)]).then(() => {
      first?.();
      void navigate(portal.dashboard);
    });
  };

  // A clinic's login names who of it signed in (the owner, or a team member with a role: docs/decisions/072): carried
  // through the terms gate beside the clinic.
  const terms = useTermsGate<RepUser | (ClinicUser & { person?: ClinicPerson })>({
    userType,
    complete: (user, afterDialog) => {
      if (userType === 'medrep') {
        saveRepUser(user as RepUser);
        setWelcomed(user as RepUser);
        // The landing modal (onDone) closes as the dashboard opens.
        openDashboard({ userType: 'medrep', user: user as RepUser, termsAccepted: true }, TIMINGS.repLoginRedirectMs, onDone);
        return;
      }
      setFinishing(true);
      const { person, ...clinic } = user as ClinicUser & { person?: ClinicPerson };
      saveClinicUser(clinic);
      const modal = onDone !== undefined;
      // After the terms dialog its own 'Terms Accepted' toast stays (one toast at a time).
      if (!afterDialog) {
        toast({
          title: i18n._('Login Successful'),
          description: modal ? i18n._('Welcome back to your clinic dashboard!') : i18n._('Welcome back! You are now logged in.'),
          variant: 'success',
          duration: TIMINGS.shortToastMs,
        });
      }
      onDone?.();
      openDashboard(
        {
          userType: 'clinic',
          user: clinic,
          person: person ?? { name: clinic.contactPerson, role: 'owner' },
          termsAccepted: true,
        },
        modal ? TIMINGS.clinicModalRedirectMs : TIMINGS.clinicLoginRedirectMs,
      );
    },
    declined: () => {
      form.setValue('password', '');
      if (userType === 'clinic') setFailure(i18n._(TERMS_DECLINED));
      else toast({ title: i18n._('Terms Required'), description: i18n._(TERMS_DECLINED), variant: 'destructive' });
    },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    setPendingEmail(null);
    const rememberMe = values.rememberMe === true;
    const body = { ...values, rememberMe, deviceFingerprint: await getDeviceFingerprint() };
    try {
      const answer = userType === 'medrep' ? await loginRep.mutateAsync(body) : await loginClinic.mutateAsync(body);
      writeRemembered(userType, values.email, rememberMe);
      applyAccountLanguage(answer);
      if (userType === 'medrep') scheduleLoginHint(answer);
      await terms.gate('person' in answer ? { ...answer.user, person: answer.person } : answer.user);
    } catch (err) {
      const pending = err instanceof ApiError && err.code === 'registration_pending';
      if (pending) setPendingEmail(values.email.trim());
      // The clinic's failure shows under the form: for a pending registration that is the notice with its way on.
      if (userType === 'clinic') return pending ? undefined : setFailure(errorMessage(err, i18n._('Invalid email or password')));
      toast({ title: i18n._('Login Failed'), description: errorMessage(err, i18n._('Invalid credentials. Please try again.')), variant: 'destructive' });
      scheduleLoginHint(err);
    }
  });

  if (welcomed) {
    return (
      <div role="status" className="grid justify-items-center gap-3 py-6 text-center">
        <CheckCircle2 className="h-12 w-12 text-emerald-600" aria-hidden />
        <h3 className="text-lg font-semibold">{i18n._('Login Successful')}</h3>
        <p className="text-sm text-slate-600 dark:text-slate-300">{i18n._('Welcome back, {name}!', { name: welcomed.fullName })}</p>
        <Spinner label={i18n._('Redirecting to your dashboard...')} />
      </div>
    );
  }

  const { errors, isSubmitting } = form.formState;
  const busy = isSubmitting || finishing;
  return (
    <>
      <form onSubmit={onSubmit} onFocus={() => void loadLoginResolver()} noValidate className="grid gap-4" aria-label={i18n._(portal.ariaLabel)}>
        <FormField label={i18n._('Email')} error={errors.email?.message}>
          <Input type="email" autoComplete="username" placeholder={portal.placeholder} {...form.register('email')} />
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
            onPointerEnter={() => void loadForgotPasswordDialog()}
            onFocus={() => void loadForgotPasswordDialog()}
            onClick={() => {
              setForgotUsed(true);
              setForgotOpen(true);
            }}
          >
            {i18n._(portal.forgotLabel)}
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
        {pendingEmail && (
          <Suspense fallback={null}>
            <PendingRegistrationNotice type={userType} email={pendingEmail} context="login" />
          </Suspense>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <Button variant="secondary" onClick={onBack} disabled={busy}>
            <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden /> {i18n._('Back')}
          </Button>
          {/* Until React has taken the pre-rendered page over, the browser would send the form itself (a GET
              with the password in the URL): the button only submits once it is React's. */}
          <Button type={hydrated ? 'submit' : 'button'} loading={busy}>
            {i18n._('Login')}
          </Button>
        </div>
      </form>
      {forgotUsed && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog userType={userType} open={forgotOpen} onOpenChange={setForgotOpen} />
        </Suspense>
      )}
      {terms.dialog}
    </>
  );
}
