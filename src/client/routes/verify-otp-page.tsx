import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { LIMITS, TIMINGS } from '../../shared/constants';
import { accountKindSchema, verifyOtpSchema, type AccountKind } from '../../shared/schemas/auth';
import { Button } from '../components/ui/button';
import { FormField } from '../components/ui/form-field';
import { Input } from '../components/ui/input';
import { Spinner } from '../components/ui/spinner';
import { AuthPageCard } from '../features/auth/components/auth-page-card';
import { useResendVerification } from '../features/auth/api/resend-verification';
import { useVerifyOtp } from '../features/auth/api/verify-otp';
import { readRegistrationToken } from '../features/auth/lib/registration-token';
import { useRedirectAfter } from '../features/auth/lib/use-redirect-after';
import { ApiError, NetworkError, errorMessage } from '../lib/api';
import { digitsOnly } from '../lib/digits-only';
import { useI18n } from '../lib/i18n';
import { richText } from '../lib/rich-text';
import { toast } from '../lib/toast';
import { EmailAddress } from '../components/ui/email-address';

// The code is checked here (the shared rule); the e-mail address is the server's to judge (spec part 2, 5).
const verifyOtpFormSchema = z.object({ email: z.string().trim(), otp: verifyOtpSchema.shape.otp });
type VerifyOtpForm = z.infer<typeof verifyOtpFormSchema>;
const NOT_REGISTERED_HERE =
  /*i18n*/ 'This browser did not register this address, so its code cannot be used here. Open the link in the verification e-mail to finish on this device ("Resend Verification Code" sends a new e-mail with a new link), or register again, which replaces the waiting registration.';

// Where each kind of account registers (again).
const REGISTER_PATHS: Record<AccountKind, string> = { clinic: '/', medrep: '/medrep-login', company: '/company-login' };

/** /verify-otp?type=...&email=...: the 6-digit code from the registration e-mail (spec part 2, 2.2, 5 and 8). */
export default function VerifyOtpPage() {
  const { i18n } = useI18n();
  const [params] = useSearchParams();
  const type: AccountKind = accountKindSchema.catch('medrep').parse(params.get('type'));
  const emailFromLink = params.get('email')?.trim() ?? '';
  const form = useForm<VerifyOtpForm>({
    resolver: zodResolver(verifyOtpFormSchema),
    defaultValues: { email: emailFromLink, otp: '' },
    shouldFocusError: false,
  });
  const verify = useVerifyOtp();
  const resend = useResendVerification();
  // A company signs in on its own portal (docs/decisions/087); the clinics and reps from the home page as before.
  const loginPath = type === 'company' ? `/company-login?email=${encodeURIComponent(form.getValues('email').trim())}` : '/';
  useRedirectAfter(verify.isSuccess, loginPath, TIMINGS.successRedirectMs);
  // The code works only in the tab that registered the address (decision 030): say how to go on from here.
  const elsewhere =
    verify.error instanceof ApiError && (verify.error.code === 'registration_replaced' || verify.error.code === 'registration_not_in_browser')
      ? verify.error.message
      : null;
  // Said before any code is typed when this tab did not register the address (docs/decisions/036).
  const notRegisteredHere = !!emailFromLink && readRegistrationToken(type, emailFromLink) === undefined;
  // A refused code (wrong, expired, replaced, locked) is said under the box as well as in the toast.
  const codeError = verify.error instanceof ApiError && verify.error.code?.startsWith('code_') ? verify.error.message : undefined;

  const onVerify = form.handleSubmit(
    ({ email, otp }) =>
      verify.mutate(
        { email, otp, type },
        {
          onSuccess: (answer) =>
            toast({
              title: i18n._('Verification Successful!'),
              description: answer?.message || i18n._('Your account is verified. You can now log in.'),
              variant: 'success',
            }),
          onError: (err) =>
            err instanceof NetworkError
              ? toast({ title: i18n._('Connection Error'), description: err.message, variant: 'destructive' })
              : toast({
                  title: i18n._('Verification Failed'),
                  description: errorMessage(err, i18n._('OTP verification failed. Please try again.')),
                  variant: 'destructive',
                }),
        },
      ),
    () => toast({ title: i18n._('Invalid OTP'), description: i18n._('Please enter the complete 6-digit code.'), variant: 'destructive' }),
  );

  const onResend = () => {
    const email = form.getValues('email');
    if (!email.trim()) {
      toast({ title: i18n._('Email Required'), description: i18n._('Please provide your email address to resend OTP.'), variant: 'destructive' });
      return;
    }
    resend.mutate(
      { email: email.trim(), type },
      {
        onSuccess: (answer) => {
          form.setValue('otp', '');
          toast({
            title: i18n._('Code Sent'),
            description: answer?.message || i18n._('A new verification code has been sent to your email.'),
            variant: 'success',
          });
        },
        // A rate limit explains itself; anything else gets the spec's text. (A verified address is answered like a
        // pending one, with a 200: the server never refuses a resend as already verified.)
        onError: (err) =>
          toast({
            title: i18n._('Resend Failed'),
            description: err instanceof ApiError && err.status === 429 ? err.message : i18n._('Failed to resend OTP. Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  };

  const wayOn = (message: string, margin: string) => (
    <div className={`${margin} grid gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-900/30 dark:text-amber-100`}>
      <p>{message}</p>
      <Button variant="secondary" asChild className="justify-self-start">
        <Link to={REGISTER_PATHS[type]}>{i18n._('Register again')}</Link>
      </Button>
    </div>
  );

  if (verify.isSuccess) {
    return (
      <AuthPageCard title={i18n._('Verify Your Email')}>
        <div role="status" className="grid justify-items-center gap-3 py-4 text-center">
          <CheckCircle2 className="h-14 w-14 text-emerald-600" aria-hidden />
          <h2 className="text-lg font-semibold">{i18n._('Verification Successful!')}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">{i18n._('Your account is verified. You can now log in.')}</p>
          <Spinner label={type === 'company' ? i18n._('Redirecting to the login...') : i18n._('Redirecting to the home page...')} />
        </div>
      </AuthPageCard>
    );
  }

  return (
    <AuthPageCard
      title={i18n._('Verify Your Email')}
      description={
        emailFromLink ? (
          <p className="flex flex-wrap items-center gap-1">
            <MailCheck className="h-4 w-4 text-teal-700" aria-hidden />{' '}
            {richText(i18n._('We sent a 6-digit code to <email>{email}</email>', { email: emailFromLink }), {
              email: () => (
                <strong>
                  <EmailAddress address={emailFromLink} />
                </strong>
              ),
            })}
          </p>
        ) : (
          i18n._('Enter the e-mail address you registered with and the 6-digit code we sent to it.')
        )
      }
    >
      {notRegisteredHere && !elsewhere && wayOn(i18n._(NOT_REGISTERED_HERE), 'mb-4')}
      <form onSubmit={onVerify} noValidate className="grid gap-4">
        {!emailFromLink && (
          <FormField label={i18n._('Email')}>
            <Input type="email" autoComplete="email" {...form.register('email')} />
          </FormField>
        )}
        <FormField label={i18n._('Verification code')} hint={i18n._('Digits only')} error={form.formState.errors.otp?.message ?? codeError}>
          {/* The placeholder is words in plain type, so an empty box never looks like typed zeros. */}
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={LIMITS.otpLength}
            placeholder={i18n._('6-digit code')}
            className="h-14 text-center font-mono text-2xl tracking-[0.5em] placeholder:font-sans placeholder:text-base placeholder:tracking-normal placeholder:text-slate-500"
            {...digitsOnly(form.register('otp', { onChange: () => verify.error && verify.reset() }), LIMITS.otpLength)}
          />
        </FormField>
        <Button type="submit" size="lg" loading={verify.isPending}>
          {i18n._('Verify OTP')}
        </Button>
      </form>
      {elsewhere && wayOn(elsewhere, 'mt-4')}
      <div className="mt-6 grid justify-items-center gap-1 text-center text-sm">
        <p className="text-slate-600 dark:text-slate-300">{i18n._("Didn't receive the code?")}</p>
        <Button variant="link" onClick={onResend} loading={resend.isPending}>
          {i18n._('Resend Verification Code')}
        </Button>
      </div>
      <ul className="mt-4 grid list-disc gap-1 rounded-lg bg-slate-50 p-3 ps-7 text-xs text-slate-600 dark:bg-slate-900/50 dark:text-slate-300">
        <li>
          {i18n._('{minutes, plural, one {The code expires in # minute.} other {The code expires in # minutes.}}', { minutes: LIMITS.registrationOtpMinutes })}
        </li>
        {/* A rule of every code, true before and after a wrong one: the attempts left are the server's to say, under the box
            after a wrong code, and a new code starts them again (src/server/modules/auth/codes.ts uses the same number). */}
        <li>
          {i18n._(
            '{attempts, plural, one {Each code can be tried once; a new code starts again.} other {Each code can be tried # times; a new code starts again.}}',
            {
              attempts: LIMITS.registrationOtpAttempts,
            },
          )}
        </li>
        <li>{i18n._("Check your spam folder if you don't see the e-mail.")}</li>
      </ul>
    </AuthPageCard>
  );
}
