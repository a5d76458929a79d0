import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { adminAuthenticateSchema, ADMIN_MESSAGES, type AdminAuthenticate } from '../../../../shared/schemas/admin';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { ApiError, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useAuthenticateAdmin } from '../api/authenticate-admin';
import { useI18n } from '../../../lib/i18n';

/**
 * The spec's single-password gate (part 2, 2.5). `onTeamRequired`: a named owner enrolled since the gate was read, so
 * the password alone opens nothing any more and the team's form should show.
 */
export function AdminPasswordSignIn({ onTeamRequired }: { onTeamRequired: () => void }) {
  const { i18n } = useI18n();
  const authenticate = useAuthenticateAdmin();
  const form = useForm<AdminAuthenticate>({ resolver: zodResolver(adminAuthenticateSchema), defaultValues: { password: '' } });

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await authenticate.mutateAsync({ password });
      form.reset({ password: '' });
    } catch (err) {
      const message = errorMessage(err, i18n._(ADMIN_MESSAGES.invalidCredentials));
      form.setError('password', { message });
      toast({ title: i18n._(ADMIN_MESSAGES.accessDenied), description: message, variant: 'destructive' });
      if (err instanceof ApiError && err.code === 'admin_team_required') onTeamRequired();
    }
  });

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <FormField label={i18n._('Admin password')} error={form.formState.errors.password?.message && i18n._(form.formState.errors.password.message)}>
        <Input type="password" autoComplete="current-password" autoFocus {...form.register('password')} />
      </FormField>
      <Button type="submit" loading={authenticate.isPending}>
        {i18n._('Access Admin Panel')}
      </Button>
    </form>
  );
}
