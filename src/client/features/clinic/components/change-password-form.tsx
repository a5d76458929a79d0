import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { changePasswordFormSchema } from '../../../../shared/schemas/clinic';
import { useChangeClinicPassword } from '../api/change-password';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change Password (current, new, confirm); the policy is the shared schema's. */
export function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const change = useChangeClinicPassword();

  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((er) => ({ ...er, [field]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = changePasswordFormSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          toast({ title: 'Password Changed', description: 'Your password has been updated. Other devices were signed out.', variant: 'success' });
          setValues(empty);
          onDone();
        },
        onError: (err) => {
          const message = errorMessage(err, 'Failed to change password. Please try again.');
          if (message === 'Current password is incorrect.') setErrors({ currentPassword: message });
          else toast({ title: 'Error', description: message, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="mt-3 grid gap-3 sm:max-w-sm">
      <FormField label="Current password" error={errors.currentPassword}>
        <Input type="password" autoComplete="current-password" value={values.currentPassword} onChange={set('currentPassword')} />
      </FormField>
      <FormField label="New password" error={errors.newPassword} hint="At least 8 characters with upper and lower case letters, a number and a special character.">
        <Input type="password" autoComplete="new-password" value={values.newPassword} onChange={set('newPassword')} />
      </FormField>
      <FormField label="Confirm new password" error={errors.confirmPassword}>
        <Input type="password" autoComplete="new-password" value={values.confirmPassword} onChange={set('confirmPassword')} />
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
