import type { FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';

/** Step 2 of the profile-change dialog: the 6-digit code, digits only (spec part 2, 5). */
export function ProfileCodeStep(props: {
  sentTo: string;
  otp: string;
  onOtp: (v: string) => void;
  error?: string;
  verifying: boolean;
  resending: boolean;
  onVerify: () => void;
  onResend: () => void;
  onBack: () => void;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onVerify();
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <p className="text-sm text-slate-700 dark:text-slate-200">
        Enter the 6-digit code we sent to <span className="font-medium break-all">{props.sentTo}</span>.
      </p>
      <FormField label="Verification Code" error={props.error} hint="The code expires in 10 minutes.">
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          value={props.otp}
          onChange={(e) => props.onOtp(e.target.value.replace(/\D/g, '').slice(0, 6))}
          className="text-center font-mono text-lg tracking-[0.5em]"
          autoFocus
        />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={props.onBack} disabled={props.verifying}>Back</Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="ghost" onClick={props.onResend} loading={props.resending} disabled={props.verifying}>Resend OTP</Button>
          <Button type="submit" loading={props.verifying} disabled={props.otp.length !== 6}>Verify &amp; Update</Button>
        </div>
      </div>
    </form>
  );
}
