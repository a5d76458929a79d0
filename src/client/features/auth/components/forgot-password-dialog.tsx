import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { forgotPasswordSchema, type ForgotPassword, type UserKind } from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../lib/toast';
import { useForgotPassword } from '../api/forgot-password';
import { describeForgotPasswordFailure } from '../lib/forgot-password-outcome';

// spec part 1, 8 (Forgot password): the clinic form checks the e-mail's shape under the field; the rep form only
// asks for one ('Email Required' toast) and leaves the rest to the server.
const repForgotPasswordFormSchema = z.object({ email: z.string().trim().min(1) });

const repFailureTitle = {
  notFound: 'Account Not Found',
  server: 'Server Error',
  other: 'Password Reset Failed',
  network: 'Password Reset Failed',
} as const;

const PORTALS = {
  medrep: {
    title: 'Forgot password?',
    description: 'Enter your registered email address and we will send you a link to reset your password.',
    placeholder: 'you@company.com',
    schema: repForgotPasswordFormSchema,
  },
  clinic: {
    title: 'Reset Password',
    description: "Enter your clinic's email address and we will send you a link to reset your password.",
    placeholder: 'clinic@example.com',
    schema: forgotPasswordSchema,
  },
} as const;

/**
 * The 'Forgot password' dialog of both portals (spec part 1, 2 and 8): e-mail, 'Send Reset Link', then a sent
 * state whose 'Done' resets it. The rep's outcome shows in toasts, the clinic's in the dialog.
 */
export function ForgotPasswordDialog({ userType, open, onOpenChange }: { userType: UserKind; open: boolean; onOpenChange: (open: boolean) => void }) {
  const portal = PORTALS[userType];
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const request = useForgotPassword();
  // Only the clinic form moves focus to a field with a message (the rep's message is a toast).
  const form = useForm<ForgotPassword>({ resolver: zodResolver(portal.schema), defaultValues: { email: '' }, shouldFocusError: userType === 'clinic' });

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
                title: 'Password Reset Email Sent',
                description: answer?.message || 'Check your email for a link to reset your password.',
                variant: 'success',
              });
            }
          },
          onError: (err) => {
            const outcome = describeForgotPasswordFailure(err);
            if (userType === 'clinic') return setFailure(outcome.message);
            const description = outcome.kind === 'other' ? 'Please check your email address and try again.' : outcome.message;
            toast({ title: repFailureTitle[outcome.kind], description, variant: 'destructive' });
          },
        },
      );
    },
    () => {
      if (userType === 'medrep') toast({ title: 'Email Required', description: 'Please enter your email address first.', variant: 'destructive' });
    },
  );

  return (
    <Dialog open={open} onOpenChange={close} title={portal.title} description={sentTo ? undefined : portal.description}>
      {sentTo ? (
        <div className="grid gap-4">
          <div
            role="status"
            className="flex items-start gap-2 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-900/30 dark:text-emerald-200"
          >
            <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            {userType === 'medrep' ? (
              <p>
                We have sent a password reset link to <strong>{sentTo}</strong>. The link is valid for one hour; check your spam folder if you do not see it.
              </p>
            ) : (
              <div>
                <p className="font-semibold">Reset instructions sent!</p>
                <p>Check {sentTo} for a link to reset your password. The link is valid for one hour.</p>
              </div>
            )}
          </div>
          <Button onClick={() => close(false)}>Done</Button>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          {/* The rep form's only rule is said in a toast, so no message goes under its field. */}
          <FormField label="Email" error={userType === 'clinic' ? form.formState.errors.email?.message : undefined}>
            <Input type="email" autoComplete="email" placeholder={portal.placeholder} {...form.register('email')} />
          </FormField>
          {failure && (
            <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-700 dark:bg-red-900/30 dark:text-red-300">
              {failure}
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={request.isPending}>
              Send Reset Link
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
