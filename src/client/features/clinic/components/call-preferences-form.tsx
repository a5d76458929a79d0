import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog } from '../../../components/ui/dialog';
import { NativeSelect } from '../../../components/ui/native-select';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { CALL_FREQUENCIES, WEEKDAYS } from '../../../../shared/constants';
import { saveDoctorSettingsSchema, type AvailableDays, type ClinicDoctor, type SaveDoctorSettings } from '../../../../shared/schemas/clinic';
import { useSaveDoctorSettings } from '../api/save-doctor-settings';
import { MaxSlotsStepper } from './max-slots-stepper';

const dayLabel = (d: string) => d.charAt(0).toUpperCase() + d.slice(1);

/** What saving with no weekday ticked means (decision 038): the clinic may mean it, so it is asked, not refused. */
const noDaysWarning = (doctorName: string) => `No rep will be able to book a visit with ${doctorName} until at least one day is ticked again. Save anyway?`;

export interface CallPreferencesValues {
  maxSlots: number;
  callFrequency: number;
  availableDays: AvailableDays;
}

type CallPreferencesFields = CallPreferencesValues & { clinicId: number; doctorId: number | undefined; doctorName: string | undefined };

/** The Call Preferences form of one doctor (spec part 1, 2 and 5). */
export function CallPreferencesForm({ clinicId, doctor, initial }: { clinicId: number; doctor: ClinicDoctor | undefined; initial: CallPreferencesValues }) {
  const save = useSaveDoctorSettings();
  // Settings with no weekday ticked wait here for the clinic's confirmation; the server accepts them either way.
  const [unconfirmed, setUnconfirmed] = useState<SaveDoctorSettings | null>(null);
  // The whole request is checked with the shared schema, the doctor included ('No Doctor Selected' without one).
  const form = useForm<CallPreferencesFields, unknown, SaveDoctorSettings>({
    // The schema accepts any input shape (it normalises snake_case too); this form gives it the camelCase one.
    resolver: zodResolver(saveDoctorSettingsSchema as z.ZodType<SaveDoctorSettings, CallPreferencesFields>),
    defaultValues: { ...initial, clinicId, doctorId: doctor?.id, doctorName: doctor?.name },
  });
  useEffect(() => {
    form.setValue('doctorId', doctor?.id);
    form.setValue('doctorName', doctor?.name);
  }, [form, doctor?.id, doctor?.name]);

  const saved = (values: SaveDoctorSettings) =>
    save.mutate(
      { ...values, doctorName: values.doctorName ?? '' },
      {
        onSuccess: () => toast({ title: 'Settings Saved', description: `Call preferences saved for ${values.doctorName}.`, variant: 'success' }),
        onError: (err) => toast({ title: 'Failed to save settings', description: errorMessage(err, 'Please try again.'), variant: 'destructive' }),
      },
    );
  const refused = (errors: FieldErrors<CallPreferencesFields>) => {
    if (errors.doctorId) return toast({ title: 'No Doctor Selected', description: 'Please select a doctor before saving settings.', variant: 'destructive' });
    const message = errors.maxSlots?.message ?? errors.callFrequency?.message ?? errors.availableDays?.message ?? 'Please try again.';
    toast({ title: 'Failed to save settings', description: message, variant: 'destructive' });
  };
  const onSave = form.handleSubmit((values) => (WEEKDAYS.some((day) => values.availableDays[day]) ? saved(values) : setUnconfirmed(values)), refused);

  return (
    <div className="grid gap-6">
      <fieldset>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Available days</legend>
        <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
          {WEEKDAYS.map((day) => (
            <Controller
              key={day}
              control={form.control}
              name={`availableDays.${day}`}
              render={({ field }) => <Checkbox label={dayLabel(day)} checked={field.value} onCheckedChange={(checked) => field.onChange(checked === true)} />}
            />
          ))}
        </div>
      </fieldset>

      <div className="grid gap-6 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <label htmlFor="max-slots" className="text-sm font-medium text-slate-800 dark:text-slate-200">
            Max slots per day
          </label>
          <Controller
            control={form.control}
            name="maxSlots"
            render={({ field }) => <MaxSlotsStepper id="max-slots" value={field.value} onChange={field.onChange} />}
          />
          <p className="text-xs text-slate-500 dark:text-slate-400">Between 1 and 100 rep visits a day. Lowering it keeps visits already booked.</p>
        </div>
        <div className="grid content-start gap-1.5">
          <label htmlFor="call-frequency" className="text-sm font-medium text-slate-800 dark:text-slate-200">
            Call frequency
          </label>
          <NativeSelect id="call-frequency" {...form.register('callFrequency', { valueAsNumber: true })}>
            {CALL_FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                Every {f} days
              </option>
            ))}
          </NativeSelect>
          <p className="text-xs text-slate-500 dark:text-slate-400">How often the same rep may visit this doctor.</p>
        </div>
      </div>

      <div>
        <Button onClick={() => void onSave()} loading={save.isPending}>
          <Save className="h-4 w-4" aria-hidden />
          Save Settings
        </Button>
      </div>

      <Dialog
        open={unconfirmed !== null}
        onOpenChange={(open) => !open && setUnconfirmed(null)}
        title="No Available Days"
        description={noDaysWarning(unconfirmed?.doctorName ?? doctor?.name ?? 'this doctor')}
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setUnconfirmed(null)}>
            Go Back
          </Button>
          <Button
            variant="destructive"
            onClick={() => {
              if (unconfirmed) saved(unconfirmed);
              setUnconfirmed(null);
            }}
          >
            Save Anyway
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
