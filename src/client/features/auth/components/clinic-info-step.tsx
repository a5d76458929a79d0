import type { UseFormReturn } from 'react-hook-form';
import { INDIAN_STATES, citiesForState, JAMMU_AND_KASHMIR } from '../../../../shared/constants';
import type { ClinicRegisterForm } from '../../../../shared/schemas/auth';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { useI18n } from '../../../lib/i18n';

/** Step 1 of the clinic wizard, Clinic Information (spec part 1, 2 and 5). */
export function ClinicInfoStep({ form }: { form: UseFormReturn<ClinicRegisterForm> }) {
  const { i18n } = useI18n();
  const { errors } = form.formState;
  const state = form.watch('state');
  const cities = state ? citiesForState(state) : [];
  const stateField = form.register('state');

  return (
    <div className="grid gap-4">
      <FormField label={i18n._('Clinic Name')} error={errors.clinicName?.message}>
        <Input autoComplete="organization" placeholder={i18n._('e.g. City Care Clinic')} {...form.register('clinicName')} />
      </FormField>
      <FormField label={i18n._('Contact Person')} error={errors.contactPerson?.message}>
        <Input autoComplete="name" placeholder={i18n._('Full name')} {...form.register('contactPerson')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={i18n._('State')} error={errors.state?.message}>
          <NativeSelect
            {...stateField}
            onChange={(e) => {
              void stateField.onChange(e);
              // spec part 1, 5: J&K offers its districts; any other state offers only 'Other', preselected.
              const next = e.target.value;
              form.setValue('city', next && next !== JAMMU_AND_KASHMIR ? citiesForState(next)[0]! : '', { shouldValidate: false });
              if (form.formState.errors.city) void form.trigger('city');
            }}
          >
            <option value="">{i18n._('Select state')}</option>
            {INDIAN_STATES.map((s) => (
              <option key={s} value={s}>
                {i18n._(s)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label={i18n._('City')} error={errors.city?.message}>
          <NativeSelect disabled={!state} {...form.register('city')}>
            {state === JAMMU_AND_KASHMIR || !state ? <option value="">{state ? i18n._('Select district') : i18n._('Select a state first')}</option> : null}
            {cities.map((c) => (
              <option key={c} value={c}>
                {i18n._(c)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
    </div>
  );
}
