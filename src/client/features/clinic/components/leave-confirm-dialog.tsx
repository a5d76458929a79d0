import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import type { CreateLeave } from '../../../../shared/schemas/leave';
import { leaveDates } from '../lib/leave-form';

/** Saving an absence that cancels booked visits asks first, naming how many (docs/decisions/040-planned-absences.md). */
export function LeaveConfirmDialog({
  open,
  count,
  who,
  request,
  pending,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  count: number;
  who: string;
  request: CreateLeave | undefined;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const visits = count === 1 ? '1 booked visit' : `${count} booked visits`;
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onCancel()}
      title={`Cancel ${visits}?`}
      description={`Saving this absence cancels ${visits} and e-mails ${count === 1 ? 'the rep' : 'each rep'} the reason.`}
    >
      {request && (
        <dl className="grid grid-cols-[4.5rem_1fr] gap-x-3 gap-y-1 rounded-md bg-slate-50 p-3 text-sm dark:bg-slate-900/40">
          <dt className="text-slate-500 dark:text-slate-400">Who</dt>
          <dd className="text-slate-900 dark:text-slate-100">{who}</dd>
          <dt className="text-slate-500 dark:text-slate-400">Dates</dt>
          <dd className="text-slate-900 dark:text-slate-100">{leaveDates(request)}</dd>
          <dt className="text-slate-500 dark:text-slate-400">Reason</dt>
          <dd className="break-words text-slate-900 dark:text-slate-100">{request.reason}</dd>
        </dl>
      )}
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Go Back
        </Button>
        <Button variant="destructive" onClick={onConfirm} loading={pending}>
          {count === 1 ? 'Save and cancel 1 visit' : `Save and cancel ${count} visits`}
        </Button>
      </div>
    </Dialog>
  );
}
