import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog } from '../../../components/ui/dialog';
import { NativeSelect } from '../../../components/ui/native-select';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { formatWeekday } from '../../../lib/intl-format';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../lib/i18n';
import { CALL_FREQUENCIES, WEEKDAYS, type Weekday } from '../../../../shared/constants';
import { addDays } from '../../../../shared/dates';
import type { DoctorSettings } from '../../../../shared/schemas/clinic';
import { MaxSlotsStepper } from '../../call-settings/components/max-slots-stepper';
import { doctorConsoleQueries } from '../api/keys';
import { useSaveDoctorOwnSettings } from '../api/save-settings';

// 1 January 2024 was a Monday, the first of WEEKDAYS.
const dayLabel = (d: Weekday) => formatWeekday(addDays('2024-01-01', WEEKDAYS.indexOf(d)));

/**
 * The doctor's own call settings at a clinic that lets them manage them (docs/decisions/073): the days, the visits a
 * day and how often a rep may come. The visiting hours stay the clinic's screen's; the clinic sees every change.
 */
export function DoctorSettingsDialog({
  clinicId,
  clinicName,
  open,
  onOpenChange,
}: {
  clinicId: number;
  clinicName: string;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const { i18n } = useI18n();
  const settings = useQuery({ ...doctorConsoleQueries.settings(clinicId), enabled: open });
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={i18n._('Call settings at {clinic}', { clinic: clinicName })}>
      {settings.isPending ? (
        <Spinner label={i18n._('Loading settings...')} />
      ) : settings.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorMessage(settings.error, i18n._('Something went wrong. Please try again.'))}
        </p>
      ) : (
        <SettingsForm initial={settings.data} onDone={() => onOpenChange(false)} />
      )}
    </Dialog>
  );
}

function SettingsForm({ initial, onDone }: { initial: DoctorSettings; onDone: () => void }) {
  const { i18n } = useI18n();
  const save = useSaveDoctorOwnSettings();
  const [maxSlots, setMaxSlots] = useState(initial.maxSlots);
  const [callFrequency, setCallFrequency] = useState(initial.callFrequency);
  const [availableDays, setAvailableDays] = useState(initial.availableDays);
  const submit = async () => {
    try {
      await save.mutateAsync({ clinicId: initial.clinicId, doctorId: initial.doctorId, maxSlots, callFrequency, availableDays });
      toast({ title: i18n._('Settings Saved'), variant: 'success' });
      onDone();
    } catch (err) {
      toast({ title: i18n._('Failed to save settings'), description: errorMessage(err, i18n._('Please try again.')), variant: 'destructive' });
    }
  };
  return (
    <div className="grid gap-5">
      <fieldset>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{i18n._('Available days')}</legend>
        <div className="mt-3 grid grid-cols-2 gap-3">
          {WEEKDAYS.map((day) => (
            <Checkbox key={day} label={dayLabel(day)} checked={availableDays[day]} onCheckedChange={(c) => setAvailableDays({ ...availableDays, [day]: c })} />
          ))}
        </div>
      </fieldset>
      <div className="grid gap-1.5">
        <label htmlFor="doctor-max-slots" className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {i18n._('Max slots per day')}
        </label>
        <MaxSlotsStepper id="doctor-max-slots" value={maxSlots} onChange={setMaxSlots} />
      </div>
      <div className="grid gap-1.5">
        <label htmlFor="doctor-call-frequency" className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {i18n._('Call frequency')}
        </label>
        <NativeSelect id="doctor-call-frequency" value={callFrequency} onChange={(e) => setCallFrequency(Number(e.target.value))}>
          {CALL_FREQUENCIES.map((f) => (
            <option key={f} value={f}>
              {i18n._('{days, plural, one {Every day} other {Every # days}}', { days: f })}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button onClick={() => void submit()} loading={save.isPending}>
        {i18n._('Save Settings')}
      </Button>
    </div>
  );
}
