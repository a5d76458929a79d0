import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { adminAuthenticateSchema, ADMIN_MESSAGES, type AdminAuthenticate } from '../../../../shared/schemas/admin';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useAuthenticateAdmin } from '../api/authenticate-admin';

/** spec part 2, 2.5: the 'Admin Access' password form, shown by the admin area's guard until a session exists. */
export function AdminLoginForm() {
  const authenticate = useAuthenticateAdmin();
  const form = useForm<AdminAuthenticate>({ resolver: zodResolver(adminAuthenticateSchema), defaultValues: { password: '' } });

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await authenticate.mutateAsync(password);
      form.reset({ password: '' });
    } catch (err) {
      const message = errorMessage(err, ADMIN_MESSAGES.invalidCredentials);
      form.setError('password', { message });
      toast({ title: ADMIN_MESSAGES.accessDenied, description: message, variant: 'destructive' });
    }
  });

  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-slate-50 p-4 dark:bg-slate-900">
      <Card className="w-full max-w-sm">
        <div className="mb-5 flex flex-col items-center gap-2 text-center">
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-teal-100 text-teal-800 dark:bg-teal-900 dark:text-teal-100">
            <ShieldCheck className="h-6 w-6" aria-hidden />
          </span>
          <h1 className="text-xl font-semibold text-slate-900 dark:text-white">Admin Access</h1>
          <p className="text-sm text-slate-600 dark:text-slate-300">Enter the admin password to continue.</p>
        </div>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <FormField label="Admin password" error={form.formState.errors.password?.message}>
            <Input type="password" autoComplete="current-password" autoFocus {...form.register('password')} />
          </FormField>
          <Button type="submit" loading={authenticate.isPending}>
            Access Admin Panel
          </Button>
        </form>
      </Card>
    </main>
  );
}
