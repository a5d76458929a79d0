import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { ApiError, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../lib/i18n';
import { useAcceptInvite } from '../api/accept-invite';

/**
 * The clinic's invitation (docs/decisions/073): a password for a new doctor login, or the existing login's own
 * password when the e-mail has one. Then the sign-in, the e-mail filled in.
 */
export function AcceptInviteForm({ token }: { token: string }) {
  const { i18n } = useI18n();
  const navigate = useNavigate();
  const accept = useAcceptInvite();
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [dead, setDead] = useState(false);

  const submit = async () => {
    setFailure(null);
    try {
      const answer = await accept.mutateAsync({ token, password });
      toast({ title: i18n._('Invitation accepted'), description: answer.message, variant: 'success' });
      void navigate(`/doctor-login?email=${encodeURIComponent(answer.email)}`);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'doctor_invite_invalid') setDead(true);
      setFailure(errorMessage(err, i18n._('Something went wrong. Please try again.')));
    }
  };

  if (!token || dead) {
    return (
      <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
        {failure ?? i18n._('This invitation link is invalid.')}
      </p>
    );
  }
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <FormField
        label={i18n._('Password')}
        hint={i18n._(
          'New to RepVisit: choose a password (at least 8 characters, with upper and lower case, a number and a symbol). Already have a doctor login: enter its password.',
        )}
      >
        <Input type="password" autoComplete="new-password" dir="ltr" value={password} onChange={(e) => setPassword(e.target.value)} />
      </FormField>
      {failure && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950 dark:text-red-300">
          {failure}
        </p>
      )}
      <Button type="submit" size="lg" loading={accept.isPending} disabled={password.length === 0}>
        {i18n._('Accept invitation')}
      </Button>
    </form>
  );
}
