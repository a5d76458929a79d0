import { UserPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { SPECIALTIES } from '../../../../shared/constants';
import { MISSING_DOCTOR_INFO, type ClinicDoctor } from '../../../../shared/schemas/clinic';
import type { ClinicSessionUser } from '../../auth/api/get-me';
import { useAddDoctor } from '../api/add-doctor';

/** 'Add New Doctor': name and specialty; the clinic's state and city are sent (spec part 1, 4). */
export function AddNewDoctorForm({ clinic, onAdded }: { clinic: ClinicSessionUser; onAdded: (doctor: ClinicDoctor) => void }) {
  const [name, setName] = useState('');
  const [specialty, setSpecialty] = useState('');
  const add = useAddDoctor(clinic.id);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim() || !specialty) {
      toast({ title: 'Missing Information', description: MISSING_DOCTOR_INFO, variant: 'destructive' });
      return;
    }
    add.mutate(
      { clinicId: clinic.id, name: name.trim(), specialty, state: clinic.state, city: clinic.city },
      {
        onSuccess: (doctor) => {
          toast({ title: 'Doctor Added', description: `${doctor.name} has been added to your clinic.`, variant: 'success' });
          setName('');
          setSpecialty('');
          onAdded(doctor);
        },
        onError: (err) => toast({ title: 'Error Adding Doctor', description: errorMessage(err, 'Failed to add doctor'), variant: 'destructive' }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      <FormField label="Doctor name">
        <Input value={name} onChange={(e) => setName(e.target.value)} placeholder="Dr. Full Name" autoComplete="off" maxLength={120} />
      </FormField>
      <FormField label="Specialty">
        <NativeSelect value={specialty} onChange={(e) => setSpecialty(e.target.value)}>
          <option value="">Select a specialty</option>
          {SPECIALTIES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <div className="sm:col-span-2">
        <Button type="submit" loading={add.isPending}>
          <UserPlus className="h-4 w-4" aria-hidden />
          Add Doctor
        </Button>
      </div>
    </form>
  );
}
