import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { forgotPasswordSchema, type ForgotPassword } from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { useForgotPassword } from '../api/forgot-password';
import { describeForgotPasswordFailure } from '../lib/forgot-password-outcome';

/** The clinic 'Reset Password' dialog (spec part 1, 2 and 8): e-mail, then a sent state; 'Done' resets it. */
export function ClinicForgotPasswordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const request = useForgotPassword();
  const form = useForm<ForgotPassword>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });

  const reset = () => {
    setSentTo(null);
    setFailure(null);
    form.reset({ email: '' });
    request.reset();
  };
  const close = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  const onSubmit = form.handleSubmit(({ email }) => {
    setFailure(null);
    request.mutate(
      { type: 'clinic', email },
      {
        onSuccess: () => setSentTo(email),
        onError: (err) => setFailure(describeForgotPasswordFailure(err).message),
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={close} title="Reset Password" description={sentTo ? undefined : "Enter your clinic's email address and we will send you a link to reset your password."}>
      {sentTo ? (
        <div className="grid gap-4">
          <div role="status" className="flex items-start gap-2 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-900/30 dark:text-emerald-200">
            <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <div>
              <p className="font-semibold">Reset instructions sent!</p>
              <p>Check {sentTo} for a link to reset your password. The link is valid for one hour.</p>
            </div>
          </div>
          <Button onClick={() => close(false)}>Done</Button>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField label="Email" error={form.formState.errors.email?.message}>
            <Input type="email" autoComplete="email" placeholder="clinic@example.com" {...form.register('email')} />
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
