import { useState } from 'react';
import type { RepSessionUser } from '../../auth/api/get-me';
import { newValueProblem, PROFILE_MESSAGES, profileOtpFormSchema, profilePasswordFormSchema, type ProfileUpdateType } from '../../../../shared/schemas/profile';
import { Dialog } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSendUpdateOtp } from '../api/send-update-otp';
import { useVerifyUpdateOtp } from '../api/verify-update-otp';
import { ProfileCodeStep } from './profile-code-step';
import { ProfileValueStep } from './profile-value-step';

export const PROFILE_FIELD: Record<ProfileUpdateType, { title: string; label: string; current: (r: RepSessionUser) => string }> = {
  name: { title: 'Update Full Name', label: 'New Full Name', current: (r) => r.fullName },
  email: { title: 'Change Email Address', label: 'New Email Address', current: (r) => r.email },
  phone: { title: 'Update Phone Number', label: 'New Phone Number', current: (r) => r.phone },
  company: { title: 'Update Company', label: 'New Company', current: (r) => r.company },
  password: { title: 'Change Password', label: 'New Password', current: () => '' },
};

/**
 * spec part 2, 2.1 and 5: step 1 takes the new value (or a new password twice) and sends a code by e-mail;
 * step 2 takes the 6-digit code. On success the session answer is fetched again, so every screen shows the change.
 */
export function ProfileChangeDialog({ rep, type, onClose }: { rep: RepSessionUser; type: ProfileUpdateType; onClose: () => void }) {
  const field = PROFILE_FIELD[type];
  const [step, setStep] = useState<'value' | 'code'>('value');
  const [value, setValue] = useState('');
  const [password, setPassword] = useState({ newPassword: '', confirmPassword: '' });
  const [valueError, setValueError] = useState<string | undefined>();
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string | undefined>();
  const send = useSendUpdateOtp();
  const verify = useVerifyUpdateOtp();

  const problem = (): string | null => {
    if (type !== 'password') return newValueProblem(type, value);
    const r = profilePasswordFormSchema.safeParse(password);
    return r.success ? null : r.error.issues[0]!.message;
  };

  const sendCode = (then?: () => void) => {
    const p = problem();
    setValueError(p ?? undefined);
    if (p) return;
    send.mutate(
      { userId: rep.id, updateType: type, newValue: type === 'password' ? undefined : value.trim() },
      {
        onSuccess: (res) => {
          toast({ title: 'OTP Sent', description: res.message || PROFILE_MESSAGES.codeSent, variant: 'success' });
          setOtp('');
          setOtpError(undefined);
          setStep('code');
          then?.();
        },
        onError: (err) => {
          const message = errorMessage(err, 'Failed to send OTP. Please try again.');
          if (step === 'value') setValueError(message);
          else setOtpError(message);
          toast({ title: 'Error', description: message, variant: 'destructive' });
        },
      },
    );
  };

  const verifyCode = () => {
    const checked = profileOtpFormSchema.safeParse({ otp });
    if (!checked.success) return setOtpError(checked.error.issues[0]!.message);
    verify.mutate(
      { userId: rep.id, updateType: type, otp, newPassword: type === 'password' ? password.newPassword : undefined },
      {
        onSuccess: (res) => {
          toast({ title: 'Profile Updated', description: res.message, variant: 'success' });
          onClose();
        },
        onError: (err) => {
          const message = errorMessage(err, 'Failed to verify OTP. Please try again.');
          setOtpError(message);
          toast({ title: 'Verification Failed', description: message, variant: 'destructive' });
        },
      },
    );
  };

  const codeGoesTo = type === 'email' ? value.trim() : rep.email;
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={field.title}>
      {step === 'value' ? (
        <ProfileValueStep
          type={type}
          label={field.label}
          current={field.current(rep)}
          value={value}
          onValue={setValue}
          password={password}
          onPassword={setPassword}
          error={valueError}
          sending={send.isPending}
          onSend={() => sendCode()}
          onCancel={onClose}
        />
      ) : (
        <ProfileCodeStep
          sentTo={codeGoesTo}
          otp={otp}
          onOtp={(v) => {
            setOtp(v);
            setOtpError(undefined);
          }}
          error={otpError}
          verifying={verify.isPending}
          resending={send.isPending}
          onVerify={verifyCode}
          onResend={() => sendCode()}
          onBack={() => setStep('value')}
        />
      )}
    </Dialog>
  );
}
