import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { TIMINGS } from '../../../../shared/constants';
import { ERROR_MESSAGES } from '../../../../shared/errors';
import { companyRegisterSchema } from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { ApiError, errorMessage } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useRegisterCompany } from '../api/register-company';
import { getDeviceFingerprint } from '../lib/device-fingerprint';
import { useRevalidateOnFix } from '../lib/use-revalidate-on-fix';
import { PasswordChecklist } from './password-checklist';
import { verifyOtpPath } from './pending-registration-notice';
import { useState } from 'react';

// The payload's own rules (src/shared/schemas/auth.ts, the GSTIN's in src/shared/gstin.ts): the form says what the
// server would (docs/decisions/087).
const companyRegisterFormSchema = companyRegisterSchema.omit({ deviceFingerprint: true });
type CompanyRegisterFormInput = z.input<typeof companyRegisterFormSchema>;
type CompanyRegisterFormOutput = z.output<typeof companyRegisterFormSchema>;
type FieldName = 'companyName' | 'contactName' | 'email' | 'phone' | 'password' | 'gstin';
const FIELDS: readonly FieldName[] = ['companyName', 'contactName', 'email', 'phone', 'password', 'gstin'];

/** A pharma company's registration (docs/decisions/087); the e-mailed code is entered on /verify-otp next. */
export function CompanyRegisterForm() {
  const { i18n } = useI18n();
  const navigate = useNavigate();
  const register = useRegisterCompany();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CompanyRegisterFormInput, unknown, CompanyRegisterFormOutput>({
    resolver: zodResolver(companyRegisterFormSchema),
    mode: 'onBlur',
    defaultValues: { companyName: '', contactName: '', email: '', phone: '', password: '', gstin: '' },
  });
  useRevalidateOnFix(form);
  const password = useWatch({ control: form.control, name: 'password' });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await register.mutateAsync({ ...values, deviceFingerprint: await getDeviceFingerprint() });
      toast({
        title: i18n._('Registration Successful!'),
        description: i18n._('Please check your email for the 6-digit verification code.'),
        variant: 'success',
        duration: TIMINGS.registrationToastMs,
      });
      void navigate(verifyOtpPath('company', answer.email));
    } catch (err) {
      // A refusal about one field goes under it (and focus with it); anything else under the form, as the clinic's.
      if (err instanceof ApiError && (err.code === 'email_taken' || err.code === 'phone_taken')) {
        const field = err.code === 'email_taken' ? 'email' : 'phone';
        form.setError(field, { type: 'server', message: ERROR_MESSAGES[err.code] }, { shouldFocus: true });
        return;
      }
      const field = (err instanceof ApiError ? (err.body as { field?: unknown } | undefined)?.field : undefined) as FieldName | undefined;
      if (field && FIELDS.includes(field))
        return form.setError(field, { type: 'server', message: err instanceof Error ? err.message : '' }, { shouldFocus: true });
      setFailure(errorMessage(err, i18n._('Please check your information and try again.')));
    }
  });

  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={i18n._('Register your company')} className="grid gap-4">
      <FormField label={i18n._('Company name')} error={errors.companyName?.message}>
        <Input autoComplete="organization" {...form.register('companyName')} />
      </FormField>
      <FormField label={i18n._('Contact name')} error={errors.contactName?.message}>
        <Input autoComplete="name" {...form.register('contactName')} />
      </FormField>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label={i18n._('Email')} error={errors.email?.message}>
          <Input type="email" autoComplete="email" placeholder="contact@company.com" {...form.register('email')} />
        </FormField>
        <FormField label={i18n._('Phone')} error={errors.phone?.message}>
          <Input type="tel" inputMode="tel" autoComplete="tel" placeholder="9876543210" {...form.register('phone')} />
        </FormField>
      </div>
      <div className="grid gap-2">
        <FormField label={i18n._('Password')} error={errors.password?.message}>
          <Input type="password" autoComplete="new-password" {...form.register('password')} />
        </FormField>
        <PasswordChecklist password={password} />
      </div>
      <FormField label={i18n._('GSTIN (optional)')} error={errors.gstin?.message} hint={i18n._('15 characters, as on your GST registration.')}>
        <Input autoComplete="off" autoCapitalize="characters" spellCheck={false} placeholder="27AAPFU0939F1ZV" {...form.register('gstin')} />
      </FormField>
      {failure && (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm font-medium text-red-700 dark:bg-red-900/30 dark:text-red-300">
          {failure}
        </p>
      )}
      <Button type="submit" loading={isSubmitting}>
        {i18n._('Create Account')}
      </Button>
    </form>
  );
}
