import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CLINIC_INVITE_HOURS, CLINIC_TEAM_MESSAGES, inviteMemberSchema } from '../../../../shared/schemas/clinic-team';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { errorMessage } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useInviteMember } from '../api/invite-member';
import { ROLE_LABEL } from '../lib/role-words';

type InviteForm = z.input<typeof inviteMemberSchema>;
const empty: InviteForm = { name: '', email: '', role: 'reception' };

/** 'Invite a team member' (the owner's): name, e-mail and role; the invitee gets a link to choose a password. */
export function InviteMemberForm() {
  const { i18n } = useI18n();
  const invite = useInviteMember();
  const form = useForm<InviteForm, unknown, z.output<typeof inviteMemberSchema>>({ resolver: zodResolver(inviteMemberSchema), defaultValues: empty });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: ({ member }) => {
        toast({
          title: i18n._(CLINIC_TEAM_MESSAGES.invited),
          description: i18n._('{name} has been e-mailed a link to {email}.', { name: member.name, email: member.email }),
          variant: 'success',
        });
        form.reset(empty);
      },
      onError: (err) =>
        toast({ title: i18n._('Invitation Failed'), description: errorMessage(err, i18n._('Could not send the invitation.')), variant: 'destructive' }),
    }),
  );

  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{i18n._('Invite a team member')}</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {i18n._(
          '{hours, plural, one {They receive a link, valid for # hour and usable once, to choose a password. Then they sign in on the clinic login with their own e-mail.} other {They receive a link, valid for # hours and usable once, to choose a password. Then they sign in on the clinic login with their own e-mail.}}',
          { hours: CLINIC_INVITE_HOURS },
        )}
      </p>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_11rem_auto] lg:items-start">
        <FormField label={i18n._('Name')} error={errors.name?.message && i18n._(errors.name.message)}>
          <Input autoComplete="off" {...form.register('name')} />
        </FormField>
        <FormField label={i18n._('Email')} error={errors.email?.message && i18n._(errors.email.message)}>
          <Input type="email" dir="ltr" autoComplete="off" {...form.register('email')} />
        </FormField>
        <FormField label={i18n._('Role')} error={errors.role?.message && i18n._(errors.role.message)}>
          <NativeSelect {...form.register('role')}>
            <option value="reception">{i18n._(ROLE_LABEL.reception)}</option>
            <option value="manager">{i18n._(ROLE_LABEL.manager)}</option>
          </NativeSelect>
        </FormField>
        <Button type="submit" loading={invite.isPending} className="lg:mt-[1.625rem]">
          <UserPlus className="h-4 w-4" aria-hidden />
          {i18n._('Send invitation')}
        </Button>
      </form>
      <p className="mt-3 text-xs text-slate-500 dark:text-slate-400">
        {i18n._('A manager can do everything you can except manage the team. Reception runs the day: appointments, check-in, confirm and outcomes.')}
      </p>
    </Card>
  );
}
