import { Clock } from 'lucide-react';
import { Link } from 'react-router';
import type { AccountKind } from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { richText } from '../../../lib/rich-text';
import { toast } from '../../../lib/toast';
import { useResendVerification } from '../api/resend-verification';
import { readRegistrationToken } from '../lib/registration-token';
import { EmailAddress } from '../../../components/ui/email-address';

/** Where the code of a pending registration is entered (spec part 2, 2.2). */
export const verifyOtpPath = (type: AccountKind, email: string) => `/verify-otp?type=${type}&email=${encodeURIComponent(email)}`;

/**
 * The way on from a registration that waits for its code, under a registration's e-mail field or a refused login
 * (docs/decisions/036). What works depends on this tab (decision 030): the code only where the registration token is
 * kept; elsewhere the e-mailed link, a new e-mail (its link), or registering again, which replaces the waiting one.
 */
export function PendingRegistrationNotice({ type, email, context }: { type: AccountKind; email: string; context: 'register' | 'login' }) {
  const { i18n } = useI18n();
  const resend = useResendVerification();
  const inThisTab = readRegistrationToken(type, email) !== undefined;
  const again =
    context === 'register'
      ? i18n._('Registering again with this form replaces the waiting registration and sends a new code to this browser.')
      : i18n._('You can also register again, which replaces the waiting registration.');

  const onResend = () =>
    resend.mutate(
      { email, type },
      {
        onSuccess: (answer) =>
          toast({
            title: i18n._('Verification Email Sent'),
            description: answer?.message || i18n._('A new verification code has been sent to your email.'),
            variant: 'success',
          }),
        // A wait or the daily cap explains itself (decision 030); anything else gets the spec's resend text.
        onError: (err) =>
          toast({
            title: i18n._('Resend Failed'),
            description: err instanceof ApiError && err.status < 500 ? err.message : i18n._('Failed to resend OTP. Please try again.'),
            variant: 'destructive',
          }),
      },
    );

  return (
    <div
      role={context === 'login' ? 'alert' : 'status'}
      data-testid="pending-registration"
      className="grid gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-900/30 dark:text-amber-100"
    >
      <p className="flex items-center gap-1.5 font-semibold">
        <Clock className="h-4 w-4 shrink-0" aria-hidden /> {i18n._('Waiting for verification')}
      </p>
      <p>
        {richText(
          type === 'medrep'
            ? i18n._('A medical rep registration of <email>{email}</email> is waiting for its verification code.', { email })
            : type === 'company'
              ? i18n._('A company registration of <email>{email}</email> is waiting for its verification code.', { email })
              : i18n._('A clinic registration of <email>{email}</email> is waiting for its verification code.', { email }),
          {
            email: () => (
              <strong>
                <EmailAddress address={email} />
              </strong>
            ),
          },
        )}{' '}
        {inThisTab
          ? i18n._('It was registered in this browser: enter the 6-digit code we e-mailed to finish it.')
          : i18n._('Its code works only in the browser where it was registered. In this one, open the link in the verification e-mail to finish it.')}{' '}
        {again}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button asChild size="sm">
          <Link to={verifyOtpPath(type, email)}>{inThisTab ? i18n._('Enter the code') : i18n._('Go to verification')}</Link>
        </Button>
        <Button size="sm" variant="secondary" onClick={onResend} loading={resend.isPending}>
          {i18n._('Resend verification e-mail')}
        </Button>
      </div>
    </div>
  );
}
