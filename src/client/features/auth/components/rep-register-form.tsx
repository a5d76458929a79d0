import { useQuery } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { TIMINGS } from '../../../../shared/constants';
import { repRegisterFormSchema, type RepRegisterForm } from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { ERROR_MESSAGES } from '../../../../shared/errors';
import { ApiError, errorMessage } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { checkAvailability } from '../api/availability-fetch';
import { directoryQueries } from '../../directory/api/keys';
import { useRegisterRep } from '../api/register-rep';
import { getDeviceFingerprint } from '../lib/device-fingerprint';
import { useAvailabilityCheck } from '../lib/use-availability-check';
import { useRevalidateOnFix } from '../lib/use-revalidate-on-fix';
import { AvailabilityStatus } from './availability-status';
import { PasswordChecklist } from './password-checklist';
import { PendingRegistrationNotice } from './pending-registration-notice';

const TAKEN_PATTERN = /already in use|already registered/i;

/** Medical rep registration (spec part 1, 2, 5 and 8). */
export function RepRegisterForm({ onBack, onDone }: { onBack: () => void; onDone?: () => void }) {
  const { i18n } = useI18n();
  const navigate = useNavigate();
  const register = useRegisterRep();
  const states = useQuery(directoryQueries.registrationStates());
  const form = useForm<RepRegisterForm>({
    resolver: zodResolver(repRegisterFormSchema),
    mode: 'onBlur',
    defaultValues: { fullName: '', email: '', phone: '', company: '', state: '', password: '', confirmPassword: '' },
  });
  useRevalidateOnFix(form);
  // Values the server refused on submit: in use, whatever the live check said before (no green tick for them).
  const [refused, setRefused] = useState<{ email?: string; phone?: string }>({});
  const emailStatus = useAvailabilityCheck('email', useWatch({ control: form.control, name: 'email' }), { refused: refused.email });
  // A phone of the e-mail's own pending registration is the registrant's (docs/decisions/036).
  const phoneStatus = useAvailabilityCheck('phone', useWatch({ control: form.control, name: 'phone' }), {
    email: emailStatus.state === 'pending' ? emailStatus.value : undefined,
    refused: refused.phone,
  });
  const password = useWatch({ control: form.control, name: 'password' });

  /** The field says why it was refused, instead of the tick of an earlier check. */
  const refuse = (field: 'email' | 'phone', value: string) => {
    setRefused((r) => ({ ...r, [field]: value }));
    form.setError(field, { type: 'server', message: field === 'email' ? ERROR_MESSAGES.email_taken : ERROR_MESSAGES.phone_taken });
  };

  const onSubmit = form.handleSubmit(async ({ confirmPassword: _confirm, ...values }) => {
    // spec part 1, 5: on submit both e-mail and phone are checked again.
    const [email, phone] = await Promise.all([
      checkAvailability('email', values.email.trim()),
      checkAvailability('phone', values.phone.trim(), values.email.trim()),
    ]);
    if (!email.available) refuse('email', values.email.trim());
    if (!phone.available) refuse('phone', values.phone.trim());
    if (!email.available || !phone.available) {
      toast({
        title: i18n._('Registration Error'),
        description: !email.available
          ? i18n._('Email address is already in use. Please use a different email.')
          : i18n._('Phone number is already in use. Please use a different number.'),
        variant: 'destructive',
      });
      return;
    }
    try {
      await register.mutateAsync({ ...values, deviceFingerprint: await getDeviceFingerprint() });
      toast({
        title: i18n._('Registration Successful!'),
        description: i18n._('Please check your email for the 6-digit verification code.'),
        variant: 'success',
        duration: TIMINGS.registrationToastMs,
      });
      onDone?.();
      void navigate(`/verify-otp?type=medrep&email=${encodeURIComponent(values.email.trim())}`);
    } catch (err) {
      if (err instanceof ApiError && (err.code === 'email_taken' || err.code === 'phone_taken')) {
        refuse(err.code === 'email_taken' ? 'email' : 'phone', err.code === 'email_taken' ? values.email.trim() : values.phone.trim());
      }
      const message = errorMessage(err, i18n._('Please check your information and try again.'));
      if (TAKEN_PATTERN.test(message)) {
        toast({
          title: i18n._('Account Already Exists'),
          description: i18n._('This email is already registered. Please use the login form to access your account.'),
          variant: 'info',
        });
      } else {
        toast({ title: i18n._('Registration Failed'), description: message, variant: 'destructive' });
      }
    }
  });

  const { errors, isSubmitting } = form.formState;
  const blocked = emailStatus.blocksSubmit || phoneStatus.blocksSubmit;
  return (
    <form onSubmit={onSubmit} noValidate aria-label={i18n._('Create New Account')} className="grid gap-4">
      <FormField label={i18n._('Full Name')} error={errors.fullName?.message}>
        <Input autoComplete="name" placeholder={i18n._('Your full name')} {...form.register('fullName')} />
      </FormField>
      <FormField label={i18n._('Email')} error={errors.email?.message} status={errors.email ? undefined : <AvailabilityStatus result={emailStatus} />}>
        <Input type="email" autoComplete="email" placeholder="you@company.com" {...form.register('email')} />
      </FormField>
      {emailStatus.state === 'pending' && !errors.email && emailStatus.pendingType && (
        <PendingRegistrationNotice type={emailStatus.pendingType} email={emailStatus.value} context="register" />
      )}
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label={i18n._('Phone')} error={errors.phone?.message} status={errors.phone ? undefined : <AvailabilityStatus result={phoneStatus} />}>
          <Input type="tel" inputMode="tel" autoComplete="tel" placeholder="9876543210" {...form.register('phone')} />
        </FormField>
        <FormField label={i18n._('Company')} error={errors.company?.message}>
          <Input autoComplete="organization" placeholder={i18n._('Pharma company')} {...form.register('company')} />
        </FormField>
      </div>
      <FormField label={i18n._('State')} error={errors.state?.message}>
        <NativeSelect disabled={states.isPending} {...form.register('state')}>
          <option value="">{states.isPending ? i18n._('Loading states...') : i18n._('Select state')}</option>
          {(states.data ?? []).map((s) => (
            <option key={s} value={s}>
              {i18n._(s)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <div className="grid gap-2">
        <FormField label={i18n._('Password')} error={errors.password?.message}>
          <Input type="password" autoComplete="new-password" {...form.register('password')} />
        </FormField>
        <PasswordChecklist password={password} />
      </div>
      <FormField label={i18n._('Confirm Password')} error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={onBack} disabled={isSubmitting}>
          <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden /> {i18n._('Back')}
        </Button>
        <Button type="submit" loading={isSubmitting} disabled={blocked}>
          {i18n._('Create Account')}
        </Button>
      </div>
    </form>
  );
}
