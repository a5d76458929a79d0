import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { passwordSchema } from '../../../../shared/schemas/auth';
import { messageOf } from '../../../../shared/i18n/message';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { PasswordChecklist } from '../../auth/components/password-checklist';
import { useAcceptInvite } from '../api/accept-invite';

// The clinic registration's password rule (src/shared/schemas/auth.ts), and the same password twice.
const formSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: /*i18n*/ 'Passwords do not match', path: ['confirmPassword'] });
type Form = z.infer<typeof formSchema>;

/**
 * /clinic/invite: the invited team member chooses a password (or, `reset`, a member a new one); accepted, they are
 * signed in and see the dashboard.
 */
export function AcceptInviteForm({ token, reset = false }: { token: string; reset?: boolean }) {
  const { i18n } = useI18n();
  const navigate = useNavigate();
  const accept = useAcceptInvite();
  const form = useForm<Form>({ resolver: zodResolver(formSchema), mode: 'onBlur', defaultValues: { password: '', confirmPassword: '' } });
  const password = useWatch({ control: form.control, name: 'password' });
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ password }) =>
    accept.mutate(
      { token, password },
      {
        onSuccess: (r) => {
          toast({ title: i18n._(r.message), description: r.clinicName, variant: 'success' });
          void navigate('/clinic/dashboard');
        },
      },
    ),
  );

  if (!token) {
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-300">
        {i18n._("This invitation link is incomplete. Open the link from the e-mail again, or ask the clinic's owner for a new one.")}
      </p>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <div className="grid gap-2">
        <FormField label={i18n._('New password')} error={errors.password?.message && i18n._(messageOf(errors.password.message))}>
          <Input type="password" autoComplete="new-password" {...form.register('password')} />
        </FormField>
        <PasswordChecklist password={password} />
      </div>
      <FormField label={i18n._('Confirm password')} error={errors.confirmPassword?.message && i18n._(errors.confirmPassword.message)}>
        <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </FormField>
      {accept.isError && (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-700 dark:bg-red-900/30 dark:text-red-300">
          {errorMessage(accept.error, i18n._('Could not save the password. Please try again.'))}
        </p>
      )}
      <Button type="submit" loading={accept.isPending}>
        {reset ? i18n._('Save new password') : i18n._('Join the team')}
      </Button>
    </form>
  );
}
