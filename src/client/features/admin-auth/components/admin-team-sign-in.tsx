import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ADMIN_MESSAGES } from '../../../../shared/schemas/admin';
import { ADMIN_TEAM_MESSAGES, adminSignInSchema } from '../../../../shared/schemas/admin-team';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { ApiError, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useAuthenticateAdmin } from '../api/authenticate-admin';
import { useI18n } from '../../../lib/i18n';

// The form asks for the e-mail (optional on the wire only for the password gate); the code may be left empty by a
// staff admin without two-factor. Sent without one, any refusal asks for it (docs/decisions/054).
const teamSignInFormSchema = adminSignInSchema.extend({
  email: adminSignInSchema.shape.email.unwrap(),
  code: z.string().trim().max(40, /*i18n*/ 'Invalid code'),
});
type TeamSignInForm = z.input<typeof teamSignInFormSchema>;

/** The gate once a named owner exists (docs/decisions/042): e-mail, password and a TOTP or recovery code. */
export function AdminTeamSignIn() {
  const { i18n } = useI18n();
  const authenticate = useAuthenticateAdmin();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<TeamSignInForm>({ resolver: zodResolver(teamSignInFormSchema), defaultValues: { email: '', password: '', code: '' } });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    const code = values.code?.trim().replace(/\s+/g, '');
    try {
      await authenticate.mutateAsync({ email: values.email, password: values.password, code: code || undefined });
      form.reset();
    } catch (err) {
      const message = errorMessage(err, i18n._(ADMIN_MESSAGES.invalidCredentials));
      toast({ title: i18n._(ADMIN_MESSAGES.accessDenied), description: message, variant: 'destructive' });
      // One refusal whatever part was wrong (docs/decisions/054). Without a code the server asks for one, whether the
      // password was right or not: the code field takes the focus, the e-mail and password stay to be checked.
      setRefusal(message);
      if (err instanceof ApiError && err.code === 'two_factor_required') form.setFocus('code');
      else form.resetField('code');
    }
  });

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <FormField label={i18n._('Email')} error={errors.email?.message && i18n._(errors.email.message)}>
        <Input type="email" autoComplete="username" autoFocus {...form.register('email')} />
      </FormField>
      <FormField label={i18n._('Password')} error={errors.password?.message && i18n._(errors.password.message)}>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <FormField label={i18n._('Authentication code')} hint={i18n._(ADMIN_TEAM_MESSAGES.codeHint)} error={errors.code?.message && i18n._(errors.code.message)}>
        <Input autoComplete="one-time-code" inputMode="text" spellCheck={false} autoCapitalize="none" {...form.register('code')} />
      </FormField>
      {refusal && (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-700 dark:bg-red-900/30 dark:text-red-300">
          {refusal}
        </p>
      )}
      <Button type="submit" loading={authenticate.isPending}>
        {i18n._('Access Admin Panel')}
      </Button>
    </form>
  );
}
