import { CheckCircle2, XCircle } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Link, useSearchParams } from 'react-router';
import { TIMINGS } from '../../shared/constants';
import type { UserKind } from '../../shared/schemas/auth';
import { Button } from '../components/ui/button';
import { FormField } from '../components/ui/form-field';
import { Input } from '../components/ui/input';
import { Spinner } from '../components/ui/spinner';
import { AuthPageCard } from '../features/auth/components/auth-page-card';
import { useResendVerification } from '../features/auth/api/resend-verification';
import { verifyEmail } from '../features/auth/api/verify-email';
import { useRedirectAfter } from '../features/auth/lib/use-redirect-after';
import { ApiError, errorMessage } from '../lib/api';
import { toast } from '../lib/toast';

type Outcome = { state: 'loading' } | { state: 'success'; message: string } | { state: 'error'; message: string };

// spec part 2, 4: a non-ok answer saying the account is verified or ready counts as success.
const SUCCESS_LIKE = /verified|account has been created|account is ready/i;

/** /verify-email?token=...&type=...: verifies on load (spec part 2, 2.3, 4, 5 and 8). */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const type = params.get('type') ?? '';
  const [outcome, setOutcome] = useState<Outcome>(() =>
    token && type ? { state: 'loading' } : { state: 'error', message: 'Invalid verification link. Please try again or contact support.' },
  );
  const started = useRef(false);
  useRedirectAfter(outcome.state === 'success', '/', TIMINGS.successRedirectMs);

  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice; a link is used once.
    started.current = true;
    if (!token || !type) return; // the initial outcome already says the link is invalid
    verifyEmail({ token, type })
      .then((answer) => setOutcome({ state: 'success', message: answer?.message || 'Your email has been verified.' }))
      .catch((err: unknown) => {
        if (err instanceof ApiError) {
          setOutcome(SUCCESS_LIKE.test(err.message) ? { state: 'success', message: err.message } : { state: 'error', message: err.message });
        } else {
          setOutcome({ state: 'error', message: 'Network error occurred. Please check your connection and try again.' });
        }
      });
  }, [token, type]);

  return (
    <AuthPageCard title="Email Verification">
      {outcome.state === 'loading' && <Spinner label="Verifying your email..." />}
      {outcome.state === 'success' && (
        <div role="status" className="grid justify-items-center gap-3 py-4 text-center">
          <CheckCircle2 className="h-14 w-14 text-emerald-600" aria-hidden />
          <h2 className="text-lg font-semibold">Email Verified!</h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">{outcome.message}</p>
          <Spinner label="Redirecting to the home page..." />
        </div>
      )}
      {outcome.state === 'error' && <VerificationFailed message={outcome.message} type={type === 'clinic' ? 'clinic' : 'medrep'} />}
    </AuthPageCard>
  );
}

// Only a missing address is said here (spec part 2, 2.3); the server judges the rest and its message shows below the field.
const resendFormSchema = z.object({ email: z.string().trim().min(1, 'Please enter your email address') });

function VerificationFailed({ message, type }: { message: string; type: UserKind }) {
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const resend = useResendVerification();
  const form = useForm<{ email: string }>({
    resolver: zodResolver(resendFormSchema),
    defaultValues: { email: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  const onSend = form.handleSubmit(({ email }) => {
    setProblem(null);
    resend.mutate(
      { email, type },
      {
        onSuccess: (answer) => {
          setAsking(false);
          toast({
            title: 'Verification Email Sent',
            description: answer?.message || 'Please check your inbox for a new verification email.',
            variant: 'success',
          });
        },
        onError: (err) => setProblem(errorMessage(err, 'Failed to send verification email. Please try again.')),
      },
    );
  });

  return (
    <div className="grid gap-4">
      <div role="alert" className="flex items-start gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-900/30 dark:text-red-200">
        <XCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <div>
          <p className="font-semibold">Verification failed</p>
          <p>{message}</p>
        </div>
      </div>
      {resend.isSuccess && !asking && (
        <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-900/30 dark:text-emerald-200">
          A new verification email is on its way. Please check your inbox and spam folder.
        </p>
      )}
      {asking ? (
        <form onSubmit={onSend} noValidate className="grid gap-3">
          <FormField label="Email" error={form.formState.errors.email?.message ?? problem ?? undefined}>
            <Input type="email" autoComplete="email" placeholder="you@example.com" {...form.register('email')} />
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              variant="secondary"
              onClick={() => {
                setAsking(false);
                setProblem(null);
                form.clearErrors();
              }}
            >
              Cancel
            </Button>
            <Button type="submit" loading={resend.isPending}>
              Send Email
            </Button>
          </div>
        </form>
      ) : (
        <Button onClick={() => setAsking(true)}>Request New Verification Email</Button>
      )}
      <Button variant="secondary" asChild>
        <Link to="/">Return to Home</Link>
      </Button>
    </div>
  );
}
