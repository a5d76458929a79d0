import { useQuery } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link2 } from 'lucide-react';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { NativeSelect } from '../../../components/ui/native-select';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { listWord, useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { addExistingDoctorSchema, type ClinicDoctor } from '../../../../shared/schemas/clinic';
import { useAddExistingDoctor } from '../api/add-existing-doctor';
import { doctorsQueries } from '../api/keys';

// The form's part of the shared addExistingDoctorSchema: the select's value ('' until a doctor is chosen).
const existingDoctorFormSchema = addExistingDoctorSchema.pick({ doctorId: true });
type ExistingDoctorInput = z.input<typeof existingDoctorFormSchema>;
type ExistingDoctorValues = z.output<typeof existingDoctorFormSchema>;

/** 'Add Existing Doctor': links a doctor who already practises at another clinic of the same state. */
export function AddExistingDoctorForm({ clinicId, onAdded }: { clinicId: number; onAdded: (doctor: ClinicDoctor) => void }) {
  const { i18n } = useI18n();
  const available = useQuery(doctorsQueries.availableDoctors(clinicId));
  const add = useAddExistingDoctor(clinicId);
  const form = useForm<ExistingDoctorInput, unknown, ExistingDoctorValues>({
    resolver: zodResolver(existingDoctorFormSchema),
    defaultValues: { doctorId: '' },
    shouldFocusError: false,
  });
  const doctorId = useWatch({ control: form.control, name: 'doctorId' });

  useEffect(() => {
    if (available.isError)
      toast({ title: i18n._('Error'), description: i18n._('Failed to load available doctors list. Please try again.'), variant: 'destructive' });
  }, [i18n, available.isError]);

  const notFound = () => toast({ title: i18n._('Error Adding Doctor'), description: i18n._('Selected doctor not found'), variant: 'destructive' });
  const submit = form.handleSubmit(({ doctorId: id }) => {
    const chosen = available.data?.find((d) => d.id === id);
    if (!chosen) return notFound();
    add.mutate(
      { clinicId, doctorId: chosen.id },
      {
        onSuccess: (doctor) => {
          toast({ title: i18n._('Doctor Added'), description: i18n._('{name} has been added to your clinic.', { name: doctor.name }), variant: 'success' });
          form.reset({ doctorId: '' });
          onAdded(doctor);
        },
        onError: (err) =>
          toast({
            title: i18n._('Error Adding Doctor'),
            description: errorMessage(err, i18n._('Something went wrong. Please try again.')),
            variant: 'destructive',
          }),
      },
    );
  }, notFound);

  if (available.isPending) return <Spinner label={i18n._('Loading doctors...')} />;
  if (available.isError) return <p className="text-sm text-red-600 dark:text-red-400">{i18n._('Failed to load available doctors list. Please try again.')}</p>;
  if (available.data.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-400">{i18n._('No doctors from other clinics in your state are available to add.')}</p>;
  }
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <FormField label={i18n._('Doctor')} hint={i18n._('Doctors who practise at other clinics in your state.')}>
        <NativeSelect {...form.register('doctorId')}>
          <option value="">{i18n._('Select a doctor')}</option>
          {available.data.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name} · {listWord(d.specialty)} · {listWord(d.city)} ({d.clinicNames.join(', ')})
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <div>
        <Button type="submit" loading={add.isPending} disabled={!doctorId}>
          <Link2 className="h-4 w-4" aria-hidden />
          {i18n._('Add Selected Doctor')}
        </Button>
      </div>
    </form>
  );
}
