import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ADMIN_INVITE_HOURS, ADMIN_TEAM_MESSAGES, inviteAdminSchema } from '../../../../shared/schemas/admin-team';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useInviteAdmin } from '../api/invite-admin';
import { useI18n } from '../../../lib/i18n';

type InviteForm = z.input<typeof inviteAdminSchema>;

/**
 * 'Invite admin': name, e-mail and role; the invitee gets a link to set a password and enrol two-factor. `firstOwner`:
 * the single-password session, which may invite only the first owner.
 */
export function InviteAdminForm({ firstOwner }: { firstOwner: boolean }) {
  const { i18n } = useI18n();
  const invite = useInviteAdmin();
  const form = useForm<InviteForm, unknown, z.output<typeof inviteAdminSchema>>({
    resolver: zodResolver(inviteAdminSchema),
    defaultValues: { name: '', email: '', role: firstOwner ? 'owner' : 'staff' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: ({ admin }) => {
        toast({
          title: i18n._(ADMIN_TEAM_MESSAGES.invited),
          description: i18n._('{name} has been e-mailed a link to {email}.', { name: admin.name, email: admin.email }),
          variant: 'success',
        });
        form.reset({ name: '', email: '', role: firstOwner ? 'owner' : 'staff' });
      },
      onError: (err) =>
        toast({ title: i18n._('Invitation Failed'), description: errorMessage(err, i18n._('Could not invite the admin.')), variant: 'destructive' }),
    }),
  );

  return (
    <Card className="p-4">
      <h2 className="text-base font-semibold text-slate-900 dark:text-white">{i18n._('Invite admin')}</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {i18n._(
          '{hours, plural, one {They receive a link, valid for # hour and usable once, to choose a password and set up two-factor sign-in.} other {They receive a link, valid for # hours and usable once, to choose a password and set up two-factor sign-in.}}',
          {
            hours: ADMIN_INVITE_HOURS,
          },
        )}
      </p>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_10rem_auto] lg:items-start">
        <FormField label={i18n._('Name')} error={errors.name?.message && i18n._(errors.name.message)}>
          <Input autoComplete="off" {...form.register('name')} />
        </FormField>
        <FormField label={i18n._('Email')} error={errors.email?.message && i18n._(errors.email.message)}>
          <Input type="email" autoComplete="off" {...form.register('email')} />
        </FormField>
        {firstOwner ? (
          // The single shared password may name only the first owner: there is no choice to offer.
          <div className="grid gap-1.5 text-sm">
            <span className="font-medium text-slate-800 dark:text-slate-200">{i18n._('Role')}</span>
            <span className="flex h-10 items-center text-slate-900 dark:text-slate-100">{i18n._('Owner')}</span>
            <span className="text-xs text-slate-500 dark:text-slate-400">{i18n._('The first named admin is an owner.')}</span>
          </div>
        ) : (
          <FormField label={i18n._('Role')} error={errors.role?.message && i18n._(errors.role.message)}>
            <NativeSelect {...form.register('role')}>
              <option value="staff">{i18n._('Staff')}</option>
              <option value="owner">{i18n._('Owner')}</option>
            </NativeSelect>
          </FormField>
        )}
        <Button type="submit" loading={invite.isPending} className="lg:mt-[1.625rem]">
          <UserPlus className="h-4 w-4" aria-hidden />
          {i18n._('Invite admin')}
        </Button>
      </form>
    </Card>
  );
}
