import { zodResolver } from '@hookform/resolvers/zod';
import { XCircle } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import type { UserKind } from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { EmailRequestForm } from './email-request-form';
import { errorMessage } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useResendVerification } from '../api/resend-verification';

// Only a missing address is said here (spec part 2, 2.3); the server judges the rest and its message shows below the field.
const resendFormSchema = z.object({ email: z.string().trim().min(1, /*i18n*/ 'Please enter your email address') });

/** The link page's failure: the reason, a new verification e-mail on request, and the way home (spec part 2, 2.3). */
export function VerificationFailed({ message, type }: { message: string; type: UserKind }) {
  const { i18n } = useI18n();
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
            title: i18n._('Verification Email Sent'),
            description: answer?.message || i18n._('Please check your inbox for a new verification email.'),
            variant: 'success',
          });
        },
        onError: (err) => setProblem(errorMessage(err, i18n._('Failed to send verification email. Please try again.'))),
      },
    );
  });

  return (
    <div className="grid gap-4">
      <div role="alert" className="flex items-start gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-900/30 dark:text-red-200">
        <XCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <div>
          <p className="font-semibold">{i18n._('Verification failed')}</p>
          <p>{message}</p>
        </div>
      </div>
      {resend.isSuccess && !asking && (
        <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-900/30 dark:text-emerald-200">
          {i18n._('A new verification email is on its way. Please check your inbox and spam folder.')}
        </p>
      )}
      {asking ? (
        <EmailRequestForm
          form={form}
          failure={problem}
          pending={resend.isPending}
          submitLabel={i18n._('Send Email')}
          onSubmit={onSend}
          onCancel={() => {
            setAsking(false);
            setProblem(null);
          }}
        />
      ) : (
        <Button onClick={() => setAsking(true)}>{i18n._('Request New Verification Email')}</Button>
      )}
      <Button variant="secondary" asChild>
        <Link to="/">{i18n._('Return to Home')}</Link>
      </Button>
    </div>
  );
}
