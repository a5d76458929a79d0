import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { forgotPasswordSchema, type ForgotPassword, type AccountKind } from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { useI18n } from '../../../lib/i18n';
import { richText } from '../../../lib/rich-text';
import { toast } from '../../../lib/toast';
import { useForgotPassword } from '../api/forgot-password';
import { describeForgotPasswordFailure } from '../lib/forgot-password-outcome';

// spec part 1, 8 (Forgot password): the clinic form checks the e-mail's shape under the field; the rep form only
// asks for one ('Email Required' toast) and leaves the rest to the server.
const repForgotPasswordFormSchema = z.object({ email: z.string().trim().min(1) });

const repFailureTitle = {
  notFound: /*i18n*/ 'Account Not Found',
  server: /*i18n*/ 'Server Error',
  other: /*i18n*/ 'Password Reset Failed',
  network: /*i18n*/ 'Password Reset Failed',
} as const;

const PORTALS = {
  medrep: {
    title: /*i18n*/ 'Forgot password?',
    description: /*i18n*/ 'Enter your registered email address and we will send you a link to reset your password.',
    placeholder: 'you@company.com',
    schema: repForgotPasswordFormSchema,
  },
  clinic: {
    title: /*i18n*/ 'Reset Password',
    description: /*i18n*/ "Enter your clinic's email address and we will send you a link to reset your password.",
    placeholder: 'clinic@example.com',
    schema: forgotPasswordSchema,
  },
  // A pharma company's account (docs/decisions/087): its form behaves as the clinic's, outcome in the dialog.
  company: {
    title: /*i18n*/ 'Reset Password',
    description: /*i18n*/ "Enter your company's email address and we will send you a link to reset your password.",
    placeholder: 'contact@company.com',
    schema: forgotPasswordSchema,
  },
} as const;

/**
 * The 'Forgot password' dialog of both portals (spec part 1, 2 and 8): e-mail, 'Send Reset Link', then a sent
 * state whose 'Done' resets it. The rep's outcome shows in toasts, the clinic's in the dialog.
 */
export function ForgotPasswordDialog({ userType, open, onOpenChange }: { userType: AccountKind; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { i18n } = useI18n();
  const portal = PORTALS[userType];
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const request = useForgotPassword();
  // Only the clinic form moves focus to a field with a message (the rep's message is a toast).
  const form = useForm<ForgotPassword>({ resolver: zodResolver(portal.schema), defaultValues: { email: '' }, shouldFocusError: userType !== 'medrep' });

  const close = (next: boolean) => {
    if (!next) {
      setSentTo(null);
      setFailure(null);
      form.reset({ email: '' });
      request.reset();
    }
    onOpenChange(next);
  };

  const onSubmit = form.handleSubmit(
    ({ email }) => {
      setFailure(null);
      request.mutate(
        { type: userType, email },
        {
          onSuccess: (answer) => {
            setSentTo(email);
            if (userType === 'medrep') {
              toast({
                title: i18n._('Password Reset Email Sent'),
                description: answer?.message || i18n._('Check your email for a link to reset your password.'),
                variant: 'success',
              });
            }
          },
          onError: (err) => {
            const outcome = describeForgotPasswordFailure(err);
            if (userType !== 'medrep') return setFailure(outcome.message);
            const description = outcome.kind === 'other' ? i18n._('Please check your email address and try again.') : outcome.message;
            toast({ title: i18n._(repFailureTitle[outcome.kind]), description, variant: 'destructive' });
          },
        },
      );
    },
    () => {
      if (userType === 'medrep')
        toast({ title: i18n._('Email Required'), description: i18n._('Please enter your email address first.'), variant: 'destructive' });
    },
  );

  return (
    <Dialog open={open} onOpenChange={close} title={i18n._(portal.title)} description={sentTo ? undefined : i18n._(portal.description)}>
      {sentTo ? (
        <div className="grid gap-4">
          <div
            role="status"
            className="flex items-start gap-2 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-900/30 dark:text-emerald-200"
          >
            <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            {userType === 'medrep' ? (
              <p>
                {richText(
                  i18n._(
                    'We have sent a password reset link to <email>{email}</email>. The link is valid for one hour; check your spam folder if you do not see it.',
                    { email: sentTo },
                  ),
                  { email: (text) => <strong>{text}</strong> },
                )}
              </p>
            ) : (
              <div>
                <p className="font-semibold">{i18n._('Reset instructions sent!')}</p>
                <p>{i18n._('Check {email} for a link to reset your password. The link is valid for one hour.', { email: sentTo })}</p>
              </div>
            )}
          </div>
          <Button onClick={() => close(false)}>{i18n._('Done')}</Button>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          {/* The rep form's only rule is said in a toast, so no message goes under its field. */}
          <FormField label={i18n._('Email')} error={userType !== 'medrep' ? form.formState.errors.email?.message : undefined}>
            <Input type="email" autoComplete="email" placeholder={portal.placeholder} {...form.register('email')} />
          </FormField>
          {failure && (
            <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-700 dark:bg-red-900/30 dark:text-red-300">
              {failure}
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => close(false)}>
              {i18n._('Cancel')}
            </Button>
            <Button type="submit" loading={request.isPending}>
              {i18n._('Send Reset Link')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
