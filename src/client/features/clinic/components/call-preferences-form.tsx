import { Save } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { NativeSelect } from '../../../components/ui/native-select';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { CALL_FREQUENCIES, WEEKDAYS } from '../../../../shared/constants';
import type { AvailableDays, ClinicDoctor } from '../../../../shared/schemas/clinic';
import { useSaveDoctorSettings } from '../api/save-doctor-settings';
import { MaxSlotsStepper } from './max-slots-stepper';

const dayLabel = (d: string) => d.charAt(0).toUpperCase() + d.slice(1);

export interface CallPreferencesValues {
  maxSlots: number;
  callFrequency: number;
  availableDays: AvailableDays;
}

/** The Call Preferences form of one doctor (spec part 1, 2 and 5). */
export function CallPreferencesForm({
  clinicId,
  doctor,
  initial,
}: {
  clinicId: number;
  doctor: ClinicDoctor | undefined;
  initial: CallPreferencesValues;
}) {
  const [values, setValues] = useState(initial);
  const save = useSaveDoctorSettings();

  const onSave = () => {
    if (!doctor) {
      toast({ title: 'No Doctor Selected', description: 'Please select a doctor before saving settings.', variant: 'destructive' });
      return;
    }
    save.mutate(
      { clinicId, doctorId: doctor.id, doctorName: doctor.name, ...values },
      {
        onSuccess: () => toast({ title: 'Settings Saved', description: `Call preferences saved for ${doctor.name}.`, variant: 'success' }),
        onError: (err) => toast({ title: 'Failed to save settings', description: errorMessage(err, 'Please try again.'), variant: 'destructive' }),
      },
    );
  };

  return (
    <div className="grid gap-6">
      <fieldset>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Available days</legend>
        <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
          {WEEKDAYS.map((day) => (
            <Checkbox
              key={day}
              label={dayLabel(day)}
              checked={values.availableDays[day]}
              onCheckedChange={(checked) => setValues((v) => ({ ...v, availableDays: { ...v.availableDays, [day]: checked } }))}
            />
          ))}
        </div>
      </fieldset>

      <div className="grid gap-6 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <label htmlFor="max-slots" className="text-sm font-medium text-slate-800 dark:text-slate-200">
            Max slots per day
          </label>
          <MaxSlotsStepper id="max-slots" value={values.maxSlots} onChange={(maxSlots) => setValues((v) => ({ ...v, maxSlots }))} />
          <p className="text-xs text-slate-500 dark:text-slate-400">Between 1 and 100 rep visits a day. Lowering it keeps visits already booked.</p>
        </div>
        <div className="grid content-start gap-1.5">
          <label htmlFor="call-frequency" className="text-sm font-medium text-slate-800 dark:text-slate-200">
            Call frequency
          </label>
          <NativeSelect
            id="call-frequency"
            value={values.callFrequency}
            onChange={(e) => setValues((v) => ({ ...v, callFrequency: Number(e.target.value) }))}
          >
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
        <Button onClick={onSave} loading={save.isPending}>
          <Save className="h-4 w-4" aria-hidden />
          Save Settings
        </Button>
      </div>
    </div>
  );
}
