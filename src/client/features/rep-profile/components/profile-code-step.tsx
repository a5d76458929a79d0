import type { FormEventHandler } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { useI18n } from '../../../lib/i18n';
import { richText } from '../../../lib/rich-text';
import { digitsOnly } from '../../../lib/digits-only';
import { EmailAddress } from '../../../components/ui/email-address';

export type ProfileCodeForm = { otp: string };

/** Step 2 of the profile-change dialog: the 6-digit code, digits only (spec part 2, 5). */
export function ProfileCodeStep(props: {
  sentTo: string;
  form: UseFormReturn<ProfileCodeForm>;
  verifying: boolean;
  resending: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onResend: () => void;
  onBack: () => void;
}) {
  const { i18n } = useI18n();
  const { form } = props;
  const otp = form.watch('otp');
  // Typing takes the code's message away until the next try (spec part 2, 5).
  const field = digitsOnly(form.register('otp', { onChange: () => form.clearErrors('otp') }));
  return (
    <form onSubmit={props.onSubmit} noValidate className="grid gap-4">
      <p className="text-sm text-slate-700 dark:text-slate-200">
        {richText(i18n._('Enter the 6-digit code we sent to <email></email>.'), {
          email: () => <EmailAddress address={props.sentTo} className="font-medium" />,
        })}
      </p>
      <FormField label={i18n._('Verification Code')} error={form.formState.errors.otp?.message} hint={i18n._('The code expires in 10 minutes.')}>
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          {...field}
          className="text-center font-mono text-lg tracking-[0.5em]"
          autoFocus
        />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={props.onBack} disabled={props.verifying}>
          {i18n._('Back')}
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="ghost" onClick={props.onResend} loading={props.resending} disabled={props.verifying}>
            {i18n._('Resend OTP')}
          </Button>
          <Button type="submit" loading={props.verifying} disabled={otp.length !== 6}>
            {i18n._('Verify & Update')}
          </Button>
        </div>
      </div>
    </form>
  );
}
