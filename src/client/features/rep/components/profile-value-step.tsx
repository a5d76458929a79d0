import type { FormEvent } from 'react';
import type { ProfileUpdateType } from '../../../../shared/schemas/profile';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';

interface PasswordPair {
  newPassword: string;
  confirmPassword: string;
}

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
  value: string;
  onValue: (v: string) => void;
  password: PasswordPair;
  onPassword: (p: PasswordPair) => void;
  error?: string;
  sending: boolean;
  onSend: () => void;
  onCancel: () => void;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSend();
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {props.type === 'password' ? (
        <>
          <FormField label="New Password" hint="At least 8 characters with upper case, lower case, a number and a special character.">
            <Input
              type="password"
              autoComplete="new-password"
              value={props.password.newPassword}
              onChange={(e) => props.onPassword({ ...props.password, newPassword: e.target.value })}
              autoFocus
            />
          </FormField>
          <FormField label="Confirm New Password" error={props.error}>
            <Input
              type="password"
              autoComplete="new-password"
              value={props.password.confirmPassword}
              onChange={(e) => props.onPassword({ ...props.password, confirmPassword: e.target.value })}
            />
          </FormField>
        </>
      ) : (
        <>
          {props.current && (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              Current: <span className="font-medium break-all text-slate-900 dark:text-slate-100">{props.current}</span>
            </p>
          )}
          <FormField label={props.label} error={props.error}>
            <Input {...INPUT[props.type]} value={props.value} onChange={(e) => props.onValue(e.target.value)} autoFocus />
          </FormField>
        </>
      )}
      <p className="text-xs text-slate-500 dark:text-slate-400">We will e-mail you a 6-digit code to confirm this change.</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={props.onCancel}>Cancel</Button>
        <Button type="submit" loading={props.sending}>Send OTP</Button>
      </div>
    </form>
  );
}
