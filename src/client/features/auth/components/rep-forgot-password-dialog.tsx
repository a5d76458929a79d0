import { CheckCircle2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../lib/toast';
import { useForgotPassword } from '../api/forgot-password';
import { describeForgotPasswordFailure } from '../lib/forgot-password-outcome';

const failureTitle = {
  notFound: 'Account Not Found',
  server: 'Server Error',
  other: 'Password Reset Failed',
  network: 'Password Reset Failed',
} as const;

/** The rep 'Forgot password?' dialog (spec part 1, 2 and 8): 'Send Reset Link', then a confirmation with 'Done'. */
export function RepForgotPasswordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const request = useForgotPassword();

  const close = (next: boolean) => {
    if (!next) {
      setEmail('');
      setSent(false);
      request.reset();
    }
    onOpenChange(next);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    if (!value) {
      toast({ title: 'Email Required', description: 'Please enter your email address first.', variant: 'destructive' });
      return;
    }
    request.mutate(
      { type: 'medrep', email: value },
      {
        onSuccess: (answer) => {
          setSent(true);
          toast({ title: 'Password Reset Email Sent', description: answer?.message || 'Check your email for a link to reset your password.', variant: 'success' });
        },
        onError: (err) => {
          const failure = describeForgotPasswordFailure(err);
          const description = failure.kind === 'other' ? 'Please check your email address and try again.' : failure.message;
          toast({ title: failureTitle[failure.kind], description, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={close} title="Forgot password?" description={sent ? undefined : 'Enter your registered email address and we will send you a link to reset your password.'}>
      {sent ? (
        <div className="grid gap-4">
          <div role="status" className="flex items-start gap-2 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-900/30 dark:text-emerald-200">
            <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <p>
              We have sent a password reset link to <strong>{email.trim()}</strong>. The link is valid for one hour; check your spam folder if
              you do not see it.
            </p>
          </div>
          <Button onClick={() => close(false)}>Done</Button>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField label="Email">
            <Input type="email" autoComplete="email" placeholder="you@company.com" value={email} onChange={(e) => setEmail(e.target.value)} />
          </FormField>
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
