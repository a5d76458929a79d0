import type { UseFormReturn } from 'react-hook-form';
import type { ClinicRegisterForm } from '../../../../shared/schemas/auth';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { useI18n } from '../../../lib/i18n';
import type { AvailabilityResult } from '../lib/use-availability-check';
import { AvailabilityStatus } from './availability-status';
import { PasswordChecklist } from './password-checklist';
import { PendingRegistrationNotice } from './pending-registration-notice';

/** Step 2 of the clinic wizard, Account Credentials (spec part 1, 2 and 5), with live availability ticks. */
export function ClinicCredentialsStep({
  form,
  emailStatus,
  phoneStatus,
}: {
  form: UseFormReturn<ClinicRegisterForm>;
  emailStatus: AvailabilityResult;
  phoneStatus: AvailabilityResult;
}) {
  const { i18n } = useI18n();
  const { errors } = form.formState;
  return (
    <div className="grid gap-4">
      <FormField label={i18n._('Email')} error={errors.email?.message} status={errors.email ? undefined : <AvailabilityStatus result={emailStatus} />}>
        <Input type="email" autoComplete="email" placeholder="clinic@example.com" {...form.register('email')} />
      </FormField>
      {emailStatus.state === 'pending' && !errors.email && emailStatus.pendingType && (
        <PendingRegistrationNotice type={emailStatus.pendingType} email={emailStatus.value} context="register" />
      )}
      <FormField
        label={i18n._('Contact Number')}
        hint={i18n._('at least 10 digits')}
        error={errors.contactNumber?.message}
        status={errors.contactNumber ? undefined : <AvailabilityStatus result={phoneStatus} />}
      >
        <Input type="tel" inputMode="tel" autoComplete="tel" placeholder="9876543210" {...form.register('contactNumber')} />
      </FormField>
      <div className="grid gap-2">
        <FormField label={i18n._('Password')} error={errors.password?.message}>
          <Input type="password" autoComplete="new-password" {...form.register('password')} />
        </FormField>
        <PasswordChecklist password={form.watch('password')} />
      </div>
      <FormField label={i18n._('Confirm Password')} error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </FormField>
    </div>
  );
}
