import type { FormEventHandler } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { needsCurrentPassword, PROFILE_PASSWORD_HINT, type ProfileUpdateType } from '../../../../shared/schemas/profile';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { EmailAddress } from '../../../components/ui/email-address';
import { useI18n } from '../../../lib/i18n';

export type ProfileValueForm = { value: string; currentPassword: string; newPassword: string; confirmPassword: string };

const INPUT: Record<Exclude<ProfileUpdateType, 'password'>, { type: string; autoComplete: string; inputMode?: 'email' | 'tel' }> = {
  name: { type: 'text', autoComplete: 'name' },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  phone: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  company: { type: 'text', autoComplete: 'organization' },
};

/** Step 1 of the profile-change dialog: the new value, or a new password and its confirmation. */
export function ProfileValueStep(props: {
  type: ProfileUpdateType;
  label: string;
  current: string;
  form: UseFormReturn<ProfileValueForm>;
  sending: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
}) {
  const { i18n } = useI18n();
  const { form } = props;
  const { errors } = form.formState;
  return (
    <form onSubmit={props.onSubmit} noValidate className="grid gap-4">
      {props.type === 'password' ? (
        <>
          {/* Each message under its own field, the server's 'Current password is incorrect.' too (decision 038). */}
          <FormField label={i18n._('Current Password')} error={errors.currentPassword?.message}>
            <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} autoFocus />
          </FormField>
          <FormField label={i18n._('New Password')} hint={i18n._(PROFILE_PASSWORD_HINT)} error={errors.newPassword?.message}>
            <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
          </FormField>
          <FormField label={i18n._('Confirm New Password')} error={errors.confirmPassword?.message}>
            <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
          </FormField>
        </>
      ) : (
        <>
          {props.current && (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {i18n._('Current:')}{' '}
              {props.type === 'email' ? (
                <EmailAddress address={props.current} className="font-medium text-slate-900 dark:text-slate-100" />
              ) : (
                <span className="font-medium break-words text-slate-900 dark:text-slate-100">{props.current}</span>
              )}
            </p>
          )}
          <FormField label={props.label} error={errors.value?.message}>
            <Input {...INPUT[props.type]} {...form.register('value')} autoFocus />
          </FormField>
          {needsCurrentPassword(props.type) && (
            <FormField
              label={i18n._('Current Password')}
              hint={i18n._('To keep your account safe, confirm it is you.')}
              error={errors.currentPassword?.message}
            >
              <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
            </FormField>
          )}
        </>
      )}
      <p className="text-xs text-slate-500 dark:text-slate-400">{i18n._('We will e-mail you a 6-digit code to confirm this change.')}</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={props.onCancel}>
          {i18n._('Cancel')}
        </Button>
        <Button type="submit" loading={props.sending}>
          {i18n._('Send OTP')}
        </Button>
      </div>
    </form>
  );
}
