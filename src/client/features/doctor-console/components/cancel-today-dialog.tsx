import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../lib/i18n';
import { CANCELLATION_REASONS } from '../../../../shared/constants';
import type { DoctorDayClinic } from '../../../../shared/schemas/doctor-console';
import { useCancelToday } from '../api/cancel-today';

type Reason = (typeof CANCELLATION_REASONS)[number];

/**
 * No rep visits today at one clinic: the clinic's Cancel Today's Calls with a reason, as the doctor's act. It cannot be
 * undone, so the dialog says so and asks for the reason first; reps who have arrived keep their visit.
 */
export function CancelTodayDialog({ clinic, open, onOpenChange }: { clinic: DoctorDayClinic; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { i18n } = useI18n();
  const cancel = useCancelToday();
  const [reason, setReason] = useState<Reason | null>(null);
  const [error, setError] = useState<string | null>(null);
  const close = (next: boolean) => {
    if (!next) {
      setReason(null);
      setError(null);
    }
    onOpenChange(next);
  };
  const confirm = async () => {
    if (!reason) return setError(i18n._('Please select a reason for cancellation.'));
    try {
      const answer = await cancel.mutateAsync({ clinicId: clinic.clinicId, reason });
      toast({ title: i18n._('No rep visits today'), description: answer.message, variant: 'success' });
      close(false);
    } catch (err) {
      setError(errorMessage(err, i18n._('Something went wrong. Please try again.')));
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={i18n._('No rep visits today at {clinic}?', { clinic: clinic.clinicName })}
      description={i18n._(
        "Today's rep visits at this clinic are cancelled and each rep is e-mailed the reason in the clinic's name. Reps who have arrived keep their visit. This cannot be undone.",
      )}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">{i18n._('Reason for cancellation')}</legend>
        {CANCELLATION_REASONS.map((r) => (
          <label
            key={r}
            className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-200 p-3 text-sm has-[:checked]:border-red-500 has-[:checked]:bg-red-50 dark:border-slate-600 dark:has-[:checked]:bg-red-950"
          >
            <input
              type="radio"
              name={`reason-${clinic.clinicId}`}
              value={r}
              checked={reason === r}
              onChange={() => setReason(r)}
              className="h-4 w-4 accent-red-600"
            />
            {i18n._(r)}
          </label>
        ))}
      </fieldset>
      {error && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => close(false)}>
          {i18n._('Keep the visits')}
        </Button>
        <Button variant="destructive" loading={cancel.isPending} onClick={() => void confirm()}>
          {i18n._('Cancel today’s rep visits')}
        </Button>
      </div>
    </Dialog>
  );
}
