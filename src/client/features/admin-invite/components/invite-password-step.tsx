import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ADMIN_PASSWORD_MIN_LENGTH, adminPasswordSchema, type InviteAcceptResponse } from '../../../../shared/schemas/admin-team';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { useAcceptAdminInvite } from '../api/accept-admin-invite';
import { passwordChecks } from '../../../../shared/schemas/auth';
import { PasswordChecklist } from '../../auth/components/password-checklist';
import { useI18n } from '../../../lib/i18n';
import { messageOf } from '../../../../shared/i18n/message';

// The accounts' rules with the admins' longer minimum (adminPasswordSchema): the first of passwordChecks is the
// length, replaced here (its label in the active language); the others are the same letters, digit and special character.
const adminPasswordChecks = (lengthLabel: string) => [
  { label: lengthLabel, test: (pw: string) => pw.length >= ADMIN_PASSWORD_MIN_LENGTH },
  ...passwordChecks.slice(1),
];

const newPasswordSchema = z
  .object({ password: adminPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: /*i18n*/ 'Passwords do not match', path: ['confirmPassword'] });
// A link whose password was chosen already (the page was reloaded before the code): the same password again.
const samePasswordSchema = z.object({ password: z.string().min(1, /*i18n*/ 'Please enter the password you chose'), confirmPassword: z.string() });
type PasswordForm = z.infer<typeof newPasswordSchema>;

/** Step 1 of the invitation: choose the password (the admins' rules), or give it again when it was chosen already. */
export function InvitePasswordStep({
  token,
  email,
  accepted,
  onAccepted,
}: {
  token: string;
  email: string;
  accepted: boolean;
  onAccepted: (r: InviteAcceptResponse) => void;
}) {
  const { i18n } = useI18n();
  const accept = useAcceptAdminInvite();
  const form = useForm<PasswordForm>({
    resolver: zodResolver(accepted ? samePasswordSchema : newPasswordSchema),
    mode: 'onBlur',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const password = useWatch({ control: form.control, name: 'password' });
  const { errors } = form.formState;
  const submit = form.handleSubmit(({ password }) => accept.mutate({ token, password }, { onSuccess: onAccepted }));

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {/* The account's name for password managers, which save the new password under it. */}
      <input type="email" autoComplete="username" value={email} readOnly hidden />
      <h2 className="text-base font-semibold text-slate-900 dark:text-white">
        {accepted ? i18n._('Step 1 of 3: Your password') : i18n._('Step 1 of 3: Choose a password')}
      </h2>
      {accepted ? (
        <FormField
          label={i18n._('Password')}
          hint={i18n._('You chose a password on this link already: enter it to go on.')}
          error={errors.password?.message && i18n._(messageOf(errors.password.message))}
        >
          <Input type="password" autoComplete="current-password" {...form.register('password')} />
        </FormField>
      ) : (
        <>
          <div className="grid gap-2">
            <FormField label={i18n._('New password')} error={errors.password?.message && i18n._(messageOf(errors.password.message))}>
              <Input type="password" autoComplete="new-password" {...form.register('password')} />
            </FormField>
            <PasswordChecklist
              password={password}
              checks={adminPasswordChecks(
                i18n._('{count, plural, one {At least # character} other {At least # characters}}', { count: ADMIN_PASSWORD_MIN_LENGTH }),
              )}
            />
          </div>
          <FormField label={i18n._('Confirm password')} error={errors.confirmPassword?.message && i18n._(errors.confirmPassword.message)}>
            <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
          </FormField>
        </>
      )}
      {accept.isError && (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-700 dark:bg-red-900/30 dark:text-red-300">
          {errorMessage(accept.error, i18n._('Could not save the password. Please try again.'))}
        </p>
      )}
      <Button type="submit" loading={accept.isPending}>
        {i18n._('Continue')}
      </Button>
    </form>
  );
}
