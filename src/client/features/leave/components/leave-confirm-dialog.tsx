import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useI18n } from '../../../lib/i18n';
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
  const { i18n } = useI18n();
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onCancel()}
      title={i18n._('{count, plural, one {Cancel # booked visit?} other {Cancel # booked visits?}}', { count })}
      description={i18n._(
        '{count, plural, one {Saving this absence cancels # booked visit and e-mails the rep the reason.} other {Saving this absence cancels # booked visits and e-mails each rep the reason.}}',
        { count },
      )}
    >
      {request && (
        <dl className="grid grid-cols-[4.5rem_1fr] gap-x-3 gap-y-1 rounded-md bg-slate-50 p-3 text-sm dark:bg-slate-900/40">
          <dt className="text-slate-500 dark:text-slate-400">{i18n._('Who')}</dt>
          <dd className="text-slate-900 dark:text-slate-100">{who}</dd>
          <dt className="text-slate-500 dark:text-slate-400">{i18n._('Dates')}</dt>
          <dd className="text-slate-900 dark:text-slate-100">{leaveDates(request)}</dd>
          <dt className="text-slate-500 dark:text-slate-400">{i18n._('Reason')}</dt>
          <dd className="break-words text-slate-900 dark:text-slate-100">{request.reason}</dd>
        </dl>
      )}
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {i18n._('Go Back')}
        </Button>
        <Button variant="destructive" onClick={onConfirm} loading={pending}>
          {i18n._('{count, plural, one {Save and cancel # visit} other {Save and cancel # visits}}', { count })}
        </Button>
      </div>
    </Dialog>
  );
}
