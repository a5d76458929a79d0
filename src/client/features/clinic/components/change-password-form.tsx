import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { changePasswordFormSchema } from '../../../../shared/schemas/clinic';
import { useChangeClinicPassword } from '../api/change-password';

type Values = z.infer<typeof changePasswordFormSchema>;
type Field = keyof Values;
const empty: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change Password (current, new, confirm); the policy is the shared schema's. */
export function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const change = useChangeClinicPassword();
  // Checked on submit; typing in a field takes its message away until the next submit.
  const form = useForm<Values>({ resolver: zodResolver(changePasswordFormSchema), defaultValues: empty, reValidateMode: 'onSubmit', shouldFocusError: false });
  const field = (name: Field) => form.register(name, { onChange: () => form.clearErrors(name) });
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          toast({ title: 'Password Changed', description: 'Your password has been updated. Other devices were signed out.', variant: 'success' });
          form.reset(empty);
          onDone();
        },
        onError: (err) => {
          const message = errorMessage(err, 'Failed to change password. Please try again.');
          if (message === 'Current password is incorrect.') form.setError('currentPassword', { message });
          else toast({ title: 'Error', description: message, variant: 'destructive' });
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="mt-3 grid gap-3 sm:max-w-sm">
      <FormField label="Current password" error={errors.currentPassword?.message}>
        <Input type="password" autoComplete="current-password" {...field('currentPassword')} />
      </FormField>
      <FormField
        label="New password"
        error={errors.newPassword?.message}
        hint="At least 8 characters with upper and lower case letters, a number and a special character."
      >
        <Input type="password" autoComplete="new-password" {...field('newPassword')} />
      </FormField>
      <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...field('confirmPassword')} />
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" loading={change.isPending}>
          Update Password
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
