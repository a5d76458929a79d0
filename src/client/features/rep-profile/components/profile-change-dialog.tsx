import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { RepSessionUser } from '../../auth/api/me-fetch';
import {
  needsCurrentPassword,
  newValueProblem,
  PROFILE_MESSAGES,
  profileOtpFormSchema,
  profilePasswordFormSchema,
  type ProfileUpdateType,
} from '../../../../shared/schemas/profile';
import { Dialog } from '../../../components/ui/dialog';
import { ApiError, errorMessage } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useSendUpdateOtp } from '../api/send-update-otp';
import { useVerifyUpdateOtp } from '../api/verify-update-otp';
import { ProfileCodeStep, type ProfileCodeForm } from './profile-code-step';
import { ProfileValueStep, type ProfileValueForm } from './profile-value-step';
import { displayPhone } from '../../../../shared/schemas/phone';

export const PROFILE_FIELD: Record<ProfileUpdateType, { title: string; label: string; current: (r: RepSessionUser) => string }> = {
  name: { title: /*i18n*/ 'Update Full Name', label: /*i18n*/ 'New Full Name', current: (r) => r.fullName },
  email: { title: /*i18n*/ 'Change Email Address', label: /*i18n*/ 'New Email Address', current: (r) => r.email },
  phone: { title: /*i18n*/ 'Update Phone Number', label: /*i18n*/ 'New Phone Number', current: (r) => displayPhone(r.phone) },
  company: { title: /*i18n*/ 'Update Company', label: /*i18n*/ 'New Company', current: (r) => r.company },
  password: { title: /*i18n*/ 'Change Password', label: /*i18n*/ 'New Password', current: () => '' },
};

/**
 * Step 1's rules, the shared ones (newValueProblem, profilePasswordFormSchema): each problem shows under its own field
 * (for a password: current, new and confirmation; decision 038).
 */
function valueFormSchema(type: ProfileUpdateType) {
  return z.object({ value: z.string(), currentPassword: z.string(), newPassword: z.string(), confirmPassword: z.string() }).superRefine((v, ctx) => {
    if (type !== 'password') {
      const problem = newValueProblem(type, v.value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['value'] });
      if (needsCurrentPassword(type) && !v.currentPassword)
        ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.currentPassword, path: ['currentPassword'] });
      return;
    }
    const r = profilePasswordFormSchema.safeParse(v);
    if (!r.success) for (const issue of r.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  });
}

/**
 * spec part 2, 2.1 and 5: step 1 takes the new value (or a new password twice) and sends a code by e-mail; a new
 * e-mail, phone or password also needs the current password (decisions 031 and 038);
 * step 2 takes the 6-digit code. On success the session answer is fetched again, so every screen shows the change.
 */
export function ProfileChangeDialog({ rep, type, onClose }: { rep: RepSessionUser; type: ProfileUpdateType; onClose: () => void }) {
  const { i18n } = useI18n();
  const field = PROFILE_FIELD[type];
  const [step, setStep] = useState<'value' | 'code'>('value');
  const schema = useMemo(() => valueFormSchema(type), [type]);
  // Messages stay until the next try (spec part 2, 5), except the code's, which typing takes away.
  const valueForm = useForm<ProfileValueForm>({
    resolver: zodResolver(schema),
    defaultValues: { value: '', currentPassword: '', newPassword: '', confirmPassword: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const codeForm = useForm<ProfileCodeForm>({
    resolver: zodResolver(profileOtpFormSchema),
    defaultValues: { otp: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const send = useSendUpdateOtp();
  const verify = useVerifyUpdateOtp();

  const sendCode = ({ value, currentPassword }: ProfileValueForm) =>
    send.mutate(
      {
        userId: rep.id,
        updateType: type,
        newValue: type === 'password' ? undefined : value.trim(),
        currentPassword: needsCurrentPassword(type) ? currentPassword : undefined,
      },
      {
        onSuccess: (res) => {
          toast({ title: i18n._('OTP Sent'), description: res.message || i18n._(PROFILE_MESSAGES.codeSent), variant: 'success' });
          codeForm.reset({ otp: '' });
          setStep('code');
        },
        onError: (err) => {
          const message = errorMessage(err, i18n._('Failed to send OTP. Please try again.'));
          // A wrong current password shows under that field, on the first step, even from a resend.
          if (err instanceof ApiError && err.code === 'wrong_password') {
            setStep('value');
            valueForm.setError('currentPassword', { message }, { shouldFocus: true });
          } else if (step === 'code') codeForm.setError('otp', { message });
          // A refusal of a new value shows under it; a password change's other refusals (too many attempts) belong
          // to no field of the form and show in the toast alone.
          else if (type !== 'password') valueForm.setError('value', { message });
          toast({ title: i18n._('Error'), description: message, variant: 'destructive' });
        },
      },
    );

  const verifyCode = ({ otp }: ProfileCodeForm) =>
    verify.mutate(
      { userId: rep.id, updateType: type, otp, newPassword: type === 'password' ? valueForm.getValues('newPassword') : undefined },
      {
        onSuccess: (res) => {
          toast({ title: i18n._('Profile Updated'), description: res.message, variant: 'success' });
          onClose();
        },
        onError: (err) => {
          const message = errorMessage(err, i18n._('Failed to verify OTP. Please try again.'));
          codeForm.setError('otp', { message });
          toast({ title: i18n._('Verification Failed'), description: message, variant: 'destructive' });
        },
      },
    );

  const codeGoesTo = type === 'email' ? valueForm.getValues('value').trim() : rep.email;
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={i18n._(field.title)}>
      {step === 'value' ? (
        <ProfileValueStep
          type={type}
          label={i18n._(field.label)}
          current={field.current(rep)}
          form={valueForm}
          sending={send.isPending}
          onSubmit={valueForm.handleSubmit(sendCode)}
          onCancel={onClose}
        />
      ) : (
        <ProfileCodeStep
          sentTo={codeGoesTo}
          form={codeForm}
          verifying={verify.isPending}
          resending={send.isPending}
          onSubmit={codeForm.handleSubmit(verifyCode)}
          onResend={() => void valueForm.handleSubmit(sendCode)()}
          onBack={() => setStep('value')}
        />
      )}
    </Dialog>
  );
}
