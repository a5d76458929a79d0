import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { NativeSelect } from '../../../components/ui/native-select';
import { ApiError, errorMessage } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { formatWeekday } from '../../../lib/intl-format';
import { dismissToast, toast } from '../../../lib/toast';
import { visitWindowProblems, type VisitWindow } from '../../../../shared/booking/visit-windows';
import { CALL_FREQUENCIES, WEEKDAYS, type Weekday } from '../../../../shared/constants';
import { addDays } from '../../../../shared/dates';
import {
  saveDoctorSettingsSchema,
  type AvailableDays,
  type ClinicAppointment,
  type ClinicDoctor,
  type SaveDoctorSettings,
} from '../../../../shared/schemas/clinic';
import { useSaveDoctorSettings } from '../api/save-doctor-settings';
import { ConfirmBookingsField } from './confirm-bookings-field';
import { MaxSlotsStepper } from './max-slots-stepper';
import { NoDaysDialog } from './no-days-dialog';
import { OutsideWindowsPanel } from './outside-windows-panel';
import { windowInputId } from './visit-window-fields';
import { VisitingHoursEditor } from './visiting-hours-editor';
import { messageOf } from '../../../../shared/i18n/message';

// The weekday's name in the active language: 1 January 2024 was a Monday, the first of WEEKDAYS.
const dayLabel = (d: Weekday) => formatWeekday(addDays('2024-01-01', WEEKDAYS.indexOf(d)));

export interface CallPreferencesValues {
  maxSlots: number;
  callFrequency: number;
  availableDays: AvailableDays;
  visitWindows: VisitWindow[];
  slotMinutes: number;
  requiresApproval: boolean;
  /** The doctor's own login edits these settings (docs/decisions/073). */
  doctorManagesSettings: boolean;
}

/** The server's refusal of a visiting-hours field (its `field` is visitWindows.N.start|end or slotMinutes), else undefined. */
function visitingHoursRefusal(err: unknown): string | undefined {
  if (!(err instanceof ApiError) || err.status !== 400) return undefined;
  const field = (err.body as { field?: unknown } | undefined)?.field;
  return typeof field === 'string' && /^(visitWindows|slotMinutes)\b/.test(field) ? err.message : undefined;
}

type CallPreferencesFields = CallPreferencesValues & { clinicId: number; doctorId: number | undefined; doctorName: string | undefined };

/** The Call Preferences form of one doctor (spec part 1, 2 and 5). */
export function CallPreferencesForm({ clinicId, doctor, initial }: { clinicId: number; doctor: ClinicDoctor | undefined; initial: CallPreferencesValues }) {
  const { i18n } = useI18n();
  const save = useSaveDoctorSettings();
  // Settings with no weekday ticked wait here for the clinic's confirmation; the server accepts them either way.
  const [unconfirmed, setUnconfirmed] = useState<SaveDoctorSettings | null>(null);
  // Visits the last save's hours leave out (decision 039), and the server's refusal of the hours.
  const [outside, setOutside] = useState<{ doctorId: number; doctorName: string; visits: ClinicAppointment[] } | null>(null);
  const [hoursRefused, setHoursRefused] = useState<string | undefined>();
  const idBase = useId();
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

  // The shared rule checks the windows as the clinic sees them (the schema's indexes are of the sorted list).
  const [visitWindows, slotMinutes, maxSlots] = useWatch({ control: form.control, name: ['visitWindows', 'slotMinutes', 'maxSlots'] });
  const problems = visitWindowProblems(visitWindows, slotMinutes);

  const saved = (values: SaveDoctorSettings) => {
    const doctorName = values.doctorName ?? '';
    setOutside(null);
    setHoursRefused(undefined);
    save.mutate(
      {
        ...values,
        doctorName,
        visitWindows: values.visitWindows ?? [],
        slotMinutes: values.slotMinutes ?? slotMinutes,
        requiresApproval: values.requiresApproval ?? false,
        doctorManagesSettings: values.doctorManagesSettings ?? false,
      },
      {
        onSuccess: ({ outsideWindows }) => {
          if (outsideWindows.length === 0) {
            toast({ title: i18n._('Settings Saved'), description: i18n._('Call preferences saved for {doctorName}.', { doctorName }), variant: 'success' });
            return;
          }
          // A choice is pending: the panel says the settings were saved, and no toast lies over its Keep / Cancel buttons.
          dismissToast();
          setOutside({ doctorId: values.doctorId, doctorName, visits: outsideWindows });
        },
        onError: (err) => {
          setHoursRefused(visitingHoursRefusal(err));
          toast({ title: i18n._('Failed to save settings'), description: errorMessage(err, i18n._('Please try again.')), variant: 'destructive' });
        },
      },
    );
  };
  const refused = (errors: FieldErrors<CallPreferencesFields>) => {
    if (errors.doctorId)
      return toast({ title: i18n._('No Doctor Selected'), description: i18n._('Please select a doctor before saving settings.'), variant: 'destructive' });
    const message = errors.maxSlots?.message ?? errors.callFrequency?.message ?? errors.availableDays?.message ?? problems[0]?.message ?? 'Please try again.';
    toast({ title: i18n._('Failed to save settings'), description: i18n._(messageOf(message)), variant: 'destructive' });
  };
  const onSave = () => {
    // A window problem is shown beside its field already: say it, and take the keyboard there.
    const first = problems[0];
    if (first && doctor) {
      if (first.index !== null && first.field !== 'windows' && first.field !== 'slotMinutes')
        document.getElementById(windowInputId(idBase, first.index, first.field))?.focus();
      return toast({ title: i18n._('Failed to save settings'), description: i18n._(messageOf(first.message)), variant: 'destructive' });
    }
    void form.handleSubmit((values) => (WEEKDAYS.some((day) => values.availableDays[day]) ? saved(values) : setUnconfirmed(values)), refused)();
  };

  return (
    <div className="grid gap-6">
      <fieldset>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{i18n._('Available days')}</legend>
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
            {i18n._('Max slots per day')}
          </label>
          <Controller
            control={form.control}
            name="maxSlots"
            render={({ field }) => <MaxSlotsStepper id="max-slots" value={field.value} onChange={field.onChange} />}
          />
          <p className="text-xs text-slate-500 dark:text-slate-400">{i18n._('Between 1 and 100 rep visits a day. Lowering it keeps visits already booked.')}</p>
        </div>
        <div className="grid content-start gap-1.5">
          <label htmlFor="call-frequency" className="text-sm font-medium text-slate-800 dark:text-slate-200">
            {i18n._('Call frequency')}
          </label>
          <NativeSelect id="call-frequency" {...form.register('callFrequency', { valueAsNumber: true })}>
            {CALL_FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {i18n._('{days, plural, one {Every day} other {Every # days}}', { days: f })}
              </option>
            ))}
          </NativeSelect>
          <p className="text-xs text-slate-500 dark:text-slate-400">{i18n._('How often the same rep may visit this doctor.')}</p>
        </div>
      </div>

      <VisitingHoursEditor
        idBase={idBase}
        windows={visitWindows}
        slotMinutes={slotMinutes}
        maxSlots={maxSlots}
        problems={problems}
        serverError={hoursRefused}
        onWindowsChange={(next) => {
          setHoursRefused(undefined);
          form.setValue('visitWindows', next, { shouldDirty: true });
        }}
        onSlotMinutesChange={(next) => {
          setHoursRefused(undefined);
          form.setValue('slotMinutes', next, { shouldDirty: true });
        }}
      />

      <Controller
        control={form.control}
        name="requiresApproval"
        render={({ field }) => <ConfirmBookingsField checked={field.value} onCheckedChange={field.onChange} />}
      />

      <Controller
        control={form.control}
        name="doctorManagesSettings"
        render={({ field }) => (
          <div className="grid gap-1">
            <Checkbox label={i18n._('Doctor manages these settings')} checked={field.value === true} onCheckedChange={(c) => field.onChange(c === true)} />
            <p className="text-xs text-slate-500 dark:text-slate-400">
              {i18n._("The doctor's own login may change these settings for this clinic. You see every change.")}
            </p>
          </div>
        )}
      />

      <div>
        <Button onClick={onSave} loading={save.isPending}>
          <Save className="h-4 w-4" aria-hidden />
          {i18n._('Save Settings')}
        </Button>
      </div>

      {outside && outside.doctorId === doctor?.id && (
        <OutsideWindowsPanel
          clinicId={clinicId}
          doctorId={outside.doctorId}
          doctorName={outside.doctorName}
          visits={outside.visits}
          onClose={() => setOutside(null)}
        />
      )}

      <NoDaysDialog
        open={unconfirmed !== null}
        doctorName={unconfirmed?.doctorName ?? doctor?.name ?? i18n._('this doctor')}
        onBack={() => setUnconfirmed(null)}
        onSave={() => {
          if (unconfirmed) saved(unconfirmed);
          setUnconfirmed(null);
        }}
      />
    </div>
  );
}
