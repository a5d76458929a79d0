import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { errorMessage } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { SPECIALTIES } from '../../../../shared/constants';
import { addDoctorSchema, MISSING_DOCTOR_INFO, type ClinicDoctor } from '../../../../shared/schemas/clinic';
import type { ClinicSessionUser } from '../../auth/api/me-fetch';
import { useAddDoctor } from '../api/add-doctor';

// The form's part of the shared addDoctorSchema; the specialty starts as '' ('Select a specialty').
const newDoctorFormSchema = z.object({ name: addDoctorSchema.shape.name, specialty: z.string().pipe(addDoctorSchema.shape.specialty) });
type NewDoctorInput = z.input<typeof newDoctorFormSchema>;
type NewDoctorValues = z.output<typeof newDoctorFormSchema>;
const empty: NewDoctorInput = { name: '', specialty: '' };

/** 'Add New Doctor': name and specialty; the clinic's state and city are sent (spec part 1, 4). */
export function AddNewDoctorForm({ clinic, onAdded }: { clinic: ClinicSessionUser; onAdded: (doctor: ClinicDoctor) => void }) {
  const { i18n } = useI18n();
  const add = useAddDoctor(clinic.id);
  const form = useForm<NewDoctorInput, unknown, NewDoctorValues>({ resolver: zodResolver(newDoctorFormSchema), defaultValues: empty, shouldFocusError: false });

  const added = ({ name, specialty }: NewDoctorValues) =>
    add.mutate(
      { clinicId: clinic.id, name, specialty, state: clinic.state, city: clinic.city },
      {
        onSuccess: (doctor) => {
          toast({ title: i18n._('Doctor Added'), description: i18n._('{name} has been added to your clinic.', { name: doctor.name }), variant: 'success' });
          form.reset(empty);
          onAdded(doctor);
        },
        onError: (err) =>
          toast({ title: i18n._('Error Adding Doctor'), description: errorMessage(err, i18n._('Failed to add doctor')), variant: 'destructive' }),
      },
    );
  // The spec's messages for this form are toasts (spec part 1, 9): a missing field, or a name the rules refuse.
  const refused = (errors: FieldErrors<NewDoctorInput>) => {
    const message = errors.name?.message ?? errors.specialty?.message ?? MISSING_DOCTOR_INFO;
    if (message === MISSING_DOCTOR_INFO) toast({ title: i18n._('Missing Information'), description: i18n._(MISSING_DOCTOR_INFO), variant: 'destructive' });
    else toast({ title: i18n._('Error Adding Doctor'), description: i18n._(message), variant: 'destructive' });
  };

  return (
    <form onSubmit={form.handleSubmit(added, refused)} noValidate className="grid gap-4 sm:grid-cols-2">
      <FormField label={i18n._('Doctor name')}>
        <Input placeholder={i18n._('Dr. Full Name')} autoComplete="off" maxLength={120} {...form.register('name')} />
      </FormField>
      <FormField label={i18n._('Specialty')}>
        <NativeSelect {...form.register('specialty')}>
          <option value="">{i18n._('Select a specialty')}</option>
          {SPECIALTIES.map((s) => (
            <option key={s} value={s}>
              {i18n._(s)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <div className="sm:col-span-2">
        <Button type="submit" loading={add.isPending}>
          <UserPlus className="h-4 w-4" aria-hidden />
          {i18n._('Add Doctor')}
        </Button>
      </div>
    </form>
  );
}
