import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { errorMessage } from '../../../../lib/api';
import { useI18n } from '../../../../lib/i18n';
import { toast } from '../../../../lib/toast';
import { CANCELLATION_REASONS } from '../../../../../shared/constants';
import { cancelTodayCallsSchema, SELECT_DOCTOR_FIRST, SELECT_REASON } from '../../../../../shared/schemas/clinic';
import { useCancelTodayCalls } from '../../api/cancel-today-calls';

// The dialog's part of the shared cancelTodayCallsSchema (the clinic, doctor and date come from the dashboard).
// No radio ticked is null to react-hook-form; the shared rule then says 'Please select a reason for cancellation.'.
const reasonFormSchema = z.object({ reason: z.string().nullable().pipe(cancelTodayCallsSchema.shape.reason) });

/**
 * The reason picker behind "Cancel Today's Calls" (spec part 1, 2 and 4). Reps who have already checked in at reception
 * are named by count and kept unless the clinic ticks them in (decision 046).
 */
export function CancelTodayDialog({
  open,
  onOpenChange,
  clinicId,
  doctorId,
  doctorName,
  today,
  count,
  arrived = 0,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  clinicId: number;
  doctorId: number | undefined;
  doctorName: string;
  today: string;
  count: number;
  /** How many of today's active visits have a rep who checked in. */
  arrived?: number;
}) {
  const { i18n } = useI18n();
  const [noDoctor, setNoDoctor] = useState(false);
  const [includeArrived, setIncludeArrived] = useState(false);
  const cancel = useCancelTodayCalls(clinicId);
  const form = useForm<{ reason: string | null }, unknown, { reason: (typeof CANCELLATION_REASONS)[number] }>({
    resolver: zodResolver(reasonFormSchema),
    defaultValues: { reason: '' },
    shouldFocusError: false,
  });
  // The reps at reception are kept unless ticked in (decision 046): the description counts what will be cancelled.
  const cancelling = includeArrived ? count : count - arrived;
  const error = noDoctor ? SELECT_DOCTOR_FIRST : form.formState.errors.reason?.message;

  const close = (next: boolean) => {
    if (!next) {
      form.reset({ reason: '' });
      setNoDoctor(false);
      setIncludeArrived(false);
    }
    onOpenChange(next);
  };

  // spec part 1, 5: the reason's message shows as a toast too (and stays under the choices).
  const noReason = (errors: FieldErrors<{ reason: string | null }>) =>
    toast({ title: i18n._('No Reason Selected'), description: i18n._(errors.reason?.message ?? SELECT_REASON), variant: 'destructive' });
  const send = form.handleSubmit(({ reason }) => {
    if (!doctorId) return;
    cancel.mutate(
      { clinicId, doctorId, date: today, reason, includeCheckedIn: arrived > 0 && includeArrived },
      {
        onSuccess: ({ cancelledCount, emailsSent }) => {
          toast({
            title: i18n._('Calls Cancelled'),
            description: i18n._(
              '{cancelledCount, plural, one {# appointment} other {# appointments}} cancelled; {emailsSent, plural, one {# rep} other {# reps}} notified by e-mail.',
              { cancelledCount, emailsSent },
            ),
            variant: 'success',
          });
          close(false);
        },
        onError: (err) =>
          toast({
            title: i18n._('Failed to cancel calls'),
            description: errorMessage(err, i18n._("Failed to cancel today's calls. Please try again.")),
            variant: 'destructive',
          }),
      },
    );
  }, noReason);
  // The doctor is checked first (spec part 1, 4 and 5), then the reason; each message is a toast too.
  const confirm = () => {
    setNoDoctor(!doctorId);
    if (doctorId) void send();
    else toast({ title: i18n._('No Doctor Selected'), description: i18n._(SELECT_DOCTOR_FIRST), variant: 'destructive' });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={i18n._("Cancel Today's Calls")}
      description={
        cancelling === 0
          ? i18n._('Every rep with a visit today has already arrived: no visit is cancelled unless you include them.')
          : arrived > 0 && !includeArrived
            ? i18n._(
                '{count, plural, one {# visit with {doctorName} will be cancelled and the rep e-mailed the reason; the reps who have arrived keep theirs.} other {# visits with {doctorName} will be cancelled and each rep e-mailed the reason; the reps who have arrived keep theirs.}}',
                { count: cancelling, doctorName },
              )
            : cancelling === 1
              ? i18n._("Today's visit with {doctorName} will be cancelled and the rep will be e-mailed the reason.", { doctorName })
              : i18n._("All {count} of today's visits with {doctorName} will be cancelled and each rep will be e-mailed the reason.", {
                  count: cancelling,
                  doctorName,
                })
      }
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
              value={r}
              {...form.register('reason', { onChange: () => (form.clearErrors('reason'), setNoDoctor(false)) })}
              className="h-4 w-4 accent-red-600"
            />
            {i18n._(r)}
          </label>
        ))}
      </fieldset>
      {arrived > 0 && (
        <div className="mt-4 grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
          <p>
            {i18n._(
              '{arrived, plural, one {# rep has already arrived and checked in at reception. Their visit is kept unless you include it.} other {# reps have already arrived and checked in at reception. Their visits are kept unless you include them.}}',
              { arrived },
            )}
          </p>
          <label className="flex cursor-pointer items-center gap-3 font-medium">
            <input type="checkbox" checked={includeArrived} onChange={(e) => setIncludeArrived(e.target.checked)} className="h-4 w-4 accent-red-600" />
            {i18n._('{arrived, plural, one {Also cancel the visit of the rep who has arrived} other {Also cancel the visits of the # reps who have arrived}}', {
              arrived,
            })}
          </label>
        </div>
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-600 dark:text-red-400">
          {i18n._(error)}
        </p>
      )}
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => close(false)}>
          {i18n._('Keep Calls')}
        </Button>
        <Button variant="destructive" onClick={confirm} loading={cancel.isPending}>
          {i18n._('Confirm Cancellation')}
        </Button>
      </div>
    </Dialog>
  );
}
