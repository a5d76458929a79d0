import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { defaultCityForState, TIMINGS } from '../../../../shared/constants';
import { clinicRegisterFormSchema, type ClinicRegisterForm } from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useRegisterClinic } from '../api/register-clinic';
import { getDeviceFingerprint } from '../lib/device-fingerprint';
import { useAvailabilityCheck } from '../lib/use-availability-check';
import { useRevalidateOnFix } from '../lib/use-revalidate-on-fix';
import { ClinicCredentialsStep } from './clinic-credentials-step';
import { ClinicInfoStep } from './clinic-info-step';

const STEP1_FIELDS = ['clinicName', 'contactPerson', 'state', 'city'] as const;
const STEP_TITLES = { 1: /*i18n*/ 'Clinic Information', 2: /*i18n*/ 'Account Credentials' } as const;

/** The two-step clinic registration wizard in a card (spec part 1, 2, 4, 5 and 8). Rules are checked on blur. */
export function ClinicRegisterWizard({ onBack, onDone }: { onBack: () => void; onDone?: () => void }) {
  const { i18n } = useI18n();
  const navigate = useNavigate();
  const register = useRegisterClinic();
  const [step, setStep] = useState<1 | 2>(1);
  const form = useForm<ClinicRegisterForm>({
    resolver: zodResolver(clinicRegisterFormSchema),
    mode: 'onBlur',
    defaultValues: { clinicName: '', contactPerson: '', state: '', city: '', email: '', contactNumber: '', password: '', confirmPassword: '' },
  });
  useRevalidateOnFix(form);
  const emailStatus = useAvailabilityCheck('email', useWatch({ control: form.control, name: 'email' }));
  // A number of the e-mail's own pending registration is the registrant's (docs/decisions/036).
  const phoneStatus = useAvailabilityCheck('phone', useWatch({ control: form.control, name: 'contactNumber' }), {
    email: emailStatus.state === 'pending' ? emailStatus.value : undefined,
  });

  // spec part 1, 4: step 1 moves on only when clinicName, contactPerson, state and city validate.
  const next = async () => {
    if (await form.trigger([...STEP1_FIELDS], { shouldFocus: true })) setStep(2);
  };

  const onSubmit = form.handleSubmit(async ({ confirmPassword: _confirm, ...values }) => {
    try {
      const city = values.city.trim() || defaultCityForState(values.state);
      await register.mutateAsync({ ...values, city, deviceFingerprint: await getDeviceFingerprint() });
      toast({
        title: i18n._('Registration Successful!'),
        description: i18n._('Please check your email for the 6-digit verification code.'),
        variant: 'success',
        duration: TIMINGS.registrationToastMs,
      });
      onDone?.();
      void navigate(`/verify-otp?type=clinic&email=${encodeURIComponent(values.email.trim())}`);
    } catch (err) {
      toast({
        title: i18n._('Registration failed'),
        description: errorMessage(err, i18n._('Something went wrong. Please try again.')),
        variant: 'destructive',
        duration: TIMINGS.errorToastMs,
      });
    }
  });

  // Enter on step 1 means Next, not submit.
  const onFormSubmit = (e: FormEvent<HTMLFormElement>) => {
    if (step === 2) return void onSubmit(e);
    e.preventDefault();
    void next();
  };

  const blocked = emailStatus.blocksSubmit || phoneStatus.blocksSubmit;
  return (
    <Card className="p-4 max-sm:border-0 max-sm:p-0 max-sm:shadow-none sm:p-6">
      <div className="mb-4">
        <p className="text-xs font-medium uppercase tracking-wide text-teal-700 dark:text-teal-300">{i18n._('Step {step} of {total}', { step, total: 2 })}</p>
        <h3 className="text-lg font-semibold text-slate-900 dark:text-slate-100">{i18n._(STEP_TITLES[step])}</h3>
        <div className="mt-2 grid grid-cols-2 gap-1" aria-hidden>
          <span className="h-1 rounded bg-teal-600" />
          <span className={step === 2 ? 'h-1 rounded bg-teal-600' : 'h-1 rounded bg-slate-200 dark:bg-slate-700'} />
        </div>
      </div>
      <form onSubmit={onFormSubmit} noValidate aria-label={i18n._('Register New Clinic')} className="grid gap-5">
        {step === 1 ? <ClinicInfoStep form={form} /> : <ClinicCredentialsStep form={form} emailStatus={emailStatus} phoneStatus={phoneStatus} />}
        {step === 1 ? (
          // Keys keep React from reusing the Next button as the submit button: the click that moves to step 2
          // would otherwise finish on a submit button and submit the form.
          <div key="step1-actions" className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
            <Button variant="secondary" onClick={onBack}>
              {i18n._('Cancel')}
            </Button>
            <Button onClick={next}>
              {i18n._('Next')} <ArrowRight className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
            </Button>
          </div>
        ) : (
          <div key="step2-actions" className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
            <Button variant="secondary" onClick={() => setStep(1)} disabled={form.formState.isSubmitting}>
              <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden /> {i18n._('Back')}
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting} disabled={blocked}>
              {i18n._('Register Clinic')}
            </Button>
          </div>
        )}
      </form>
    </Card>
  );
}
