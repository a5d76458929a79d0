import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { forgotPasswordSchema, type ForgotPassword, type AccountKind } from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { EmailRequestForm } from './email-request-form';
import { useForgotPassword } from '../api/forgot-password';
import { describeForgotPasswordFailure } from '../lib/forgot-password-outcome';
import { EmailAddress } from '../../../components/ui/email-address';
import { useI18n } from '../../../lib/i18n';
import { richText } from '../../../lib/rich-text';

/**
 * The reset page's answer to a link that no longer works: why, and a new link by e-mail through the forgot-password
 * call (spec part 1, 8 for its messages; docs/decisions/036).
 */
export function RequestResetLink({ message, type }: { message: string; type: AccountKind }) {
  const { i18n } = useI18n();
  const [asking, setAsking] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const request = useForgotPassword();
  const form = useForm<ForgotPassword>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' }, shouldFocusError: true });

  const onSend = form.handleSubmit(({ email }) => {
    setFailure(null);
    request.mutate(
      { type, email },
      {
        onSuccess: () => {
          setSentTo(email);
          setAsking(false);
        },
        onError: (err) => setFailure(describeForgotPasswordFailure(err).message),
      },
    );
  });

  return (
    <div className="grid gap-4">
      <div role="alert" className="flex items-start gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-900/30 dark:text-red-200">
        <XCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <p>{message}</p>
      </div>
      {sentTo && (
        <div
          role="status"
          className="flex items-start gap-2 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-900/30 dark:text-emerald-200"
        >
          <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <p>
            {richText(
              i18n._(
                'We have sent a new password reset link to <email>{email}</email>. The link is valid for one hour; check your spam folder if you do not see it.',
                { email: sentTo },
              ),
              {
                email: () => (
                  <strong>
                    <EmailAddress address={sentTo} />
                  </strong>
                ),
              },
            )}
          </p>
        </div>
      )}
      {asking ? (
        <EmailRequestForm
          form={form}
          failure={failure}
          pending={request.isPending}
          submitLabel={i18n._('Send Reset Link')}
          onSubmit={onSend}
          onCancel={() => {
            setAsking(false);
            setFailure(null);
          }}
        />
      ) : (
        !sentTo && <Button onClick={() => setAsking(true)}>{i18n._('Request a new link')}</Button>
      )}
    </div>
  );
}
