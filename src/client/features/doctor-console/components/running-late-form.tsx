import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../lib/i18n';
import { RUNNING_LATE, RUNNING_LATE_MESSAGE, runningLateSchema } from '../../../../shared/schemas/doctor-console';
import { useRunningLate } from '../api/running-late';

/** Running late at one clinic: 5-180 minutes, or Clear (docs/decisions/073). The reps waiting are told once. */
export function RunningLateForm({ clinicId, lateByMinutes }: { clinicId: number; lateByMinutes: number }) {
  const { i18n } = useI18n();
  const save = useRunningLate();
  const [minutes, setMinutes] = useState(lateByMinutes > 0 ? String(lateByMinutes) : '');
  const [error, setError] = useState<string | null>(null);

  const send = async (value: number) => {
    setError(null);
    const parsed = runningLateSchema.safeParse({ clinicId, minutes: value });
    if (!parsed.success) return setError(i18n._(RUNNING_LATE_MESSAGE));
    try {
      const answer = await save.mutateAsync(parsed.data);
      toast({ title: i18n._('Running late'), description: answer.message, variant: 'success' });
      if (value === 0) setMinutes('');
    } catch (err) {
      setError(errorMessage(err, i18n._('Something went wrong. Please try again.')));
    }
  };

  const inputId = `late-${clinicId}`;
  return (
    <form
      noValidate
      className="grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        void send(Number(minutes));
      }}
    >
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {i18n._('Running late (minutes)')}
      </label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={RUNNING_LATE.min}
          max={RUNNING_LATE.max}
          step={5}
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className="min-w-0 flex-1 sm:max-w-32"
          dir="ltr"
        />
        <Button type="submit" variant="secondary" className="shrink-0 whitespace-nowrap" loading={save.isPending} disabled={minutes === ''}>
          {i18n._('Save')}
        </Button>
        {lateByMinutes > 0 && (
          <Button variant="ghost" className="shrink-0 whitespace-nowrap" onClick={() => void send(0)} disabled={save.isPending}>
            {i18n._('Clear')}
          </Button>
        )}
      </div>
      {error && (
        <p id={`${inputId}-error`} role="alert" className="text-xs font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </form>
  );
}
