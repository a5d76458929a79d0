import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { ApiError, errorMessage } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { changePasswordFormSchema } from '../../../../shared/schemas/clinic';
import { useChangeClinicPassword } from '../api/change-password';

type Values = z.infer<typeof changePasswordFormSchema>;
type Field = keyof Values;
const empty: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change Password (current, new, confirm); the policy is the shared schema's. */
export function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const { i18n } = useI18n();
  const change = useChangeClinicPassword();
  // Checked on submit; typing in a field takes its message away until the next submit.
  const form = useForm<Values>({ resolver: zodResolver(changePasswordFormSchema), defaultValues: empty, reValidateMode: 'onSubmit', shouldFocusError: false });
  const field = (name: Field) => form.register(name, { onChange: () => form.clearErrors(name) });
  const { errors } = form.formState;
  // The shared schema's words are translated here; the server's ('Current password is incorrect.') come translated.
  const tr = (message: string | undefined) => message && i18n._(message);

  const submit = form.handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          toast({
            title: i18n._('Password Changed'),
            description: i18n._('Your password has been updated. Other devices were signed out.'),
            variant: 'success',
          });
          form.reset(empty);
          onDone();
        },
        onError: (err) => {
          const message = errorMessage(err, i18n._('Failed to change password. Please try again.'));
          // By its code: the server's message is in the clinic's language.
          if (err instanceof ApiError && err.code === 'wrong_password') form.setError('currentPassword', { message });
          else toast({ title: i18n._('Error'), description: message, variant: 'destructive' });
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="mt-3 grid gap-3 sm:max-w-sm">
      <FormField label={i18n._('Current password')} error={tr(errors.currentPassword?.message)}>
        <Input type="password" autoComplete="current-password" {...field('currentPassword')} />
      </FormField>
      <FormField
        label={i18n._('New password')}
        error={tr(errors.newPassword?.message)}
        hint={i18n._('At least 8 characters with upper and lower case letters, a number and a special character.')}
      >
        <Input type="password" autoComplete="new-password" {...field('newPassword')} />
      </FormField>
      <FormField label={i18n._('Confirm new password')} error={tr(errors.confirmPassword?.message)}>
        <Input type="password" autoComplete="new-password" {...field('confirmPassword')} />
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" loading={change.isPending}>
          {i18n._('Update Password')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {i18n._('Cancel')}
        </Button>
      </div>
    </form>
  );
}
