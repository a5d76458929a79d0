import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { CANCELLATION_REASONS } from '../../../../shared/constants';
import { SELECT_DOCTOR_FIRST, SELECT_REASON } from '../../../../shared/schemas/clinic';
import { useCancelTodayCalls } from '../api/cancel-today-calls';

/** The reason picker behind "Cancel Today's Calls" (spec part 1, 2 and 4). */
export function CancelTodayDialog({
  open,
  onOpenChange,
  clinicId,
  doctorId,
  doctorName,
  today,
  count,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  clinicId: number;
  doctorId: number | undefined;
  doctorName: string;
  today: string;
  count: number;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const cancel = useCancelTodayCalls(clinicId);

  const close = (next: boolean) => {
    if (!next) {
      setReason('');
      setError('');
    }
    onOpenChange(next);
  };

  const confirm = () => {
    if (!doctorId) return setError(SELECT_DOCTOR_FIRST);
    if (!reason) return setError(SELECT_REASON);
    cancel.mutate(
      { clinicId, doctorId, date: today, reason },
      {
        onSuccess: ({ cancelledCount, emailsSent }) => {
          toast({
            title: 'Calls Cancelled',
            description: `${cancelledCount} appointment${cancelledCount === 1 ? '' : 's'} cancelled; ${emailsSent} rep${emailsSent === 1 ? '' : 's'} notified by e-mail.`,
            variant: 'success',
          });
          close(false);
        },
        onError: (err) =>
          toast({ title: 'Failed to cancel calls', description: errorMessage(err, "Failed to cancel today's calls. Please try again."), variant: 'destructive' }),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Cancel Today's Calls"
      description={
        count === 1
          ? `Today's visit with ${doctorName} will be cancelled and the rep will be e-mailed the reason.`
          : `All ${count} of today's visits with ${doctorName} will be cancelled and each rep will be e-mailed the reason.`
      }
    >
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">Reason for cancellation</legend>
        {CANCELLATION_REASONS.map((r) => (
          <label
            key={r}
            className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-200 p-3 text-sm has-[:checked]:border-red-500 has-[:checked]:bg-red-50 dark:border-slate-600 dark:has-[:checked]:bg-red-950"
          >
            <input
              type="radio"
              name="cancel-reason"
              value={r}
              checked={reason === r}
              onChange={() => {
                setReason(r);
                setError('');
              }}
              className="h-4 w-4 accent-red-600"
            />
            {r}
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
          Keep Calls
        </Button>
        <Button variant="destructive" onClick={confirm} loading={cancel.isPending}>
          Confirm Cancellation
        </Button>
      </div>
    </Dialog>
  );
}
