import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { formatDisplayDate } from '../../../../shared/dates';
import type { ClinicAppointment } from '../../../../shared/schemas/clinic';
import { useCancelVisits } from '../api/cancel-visits';

/**
 * After a save of Call Preferences: that it was saved, and the booked visits the new visiting hours no longer offer. They stay booked
 * at their times unless the clinic cancels them here, each rep then e-mailed (docs/decisions/039).
 */
export function OutsideWindowsPanel({
  clinicId,
  doctorId,
  doctorName,
  visits,
  onClose,
}: {
  clinicId: number;
  doctorId: number;
  doctorName: string;
  visits: ClinicAppointment[];
  onClose: () => void;
}) {
  const { i18n } = useI18n();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelVisits(clinicId);
  const count = visits.length;
  // Focus moves to the panel when it appears, so keyboard and screen-reader users land on it after saving.
  useEffect(() => heading.current?.focus(), []);

  const cancelAll = () =>
    cancel.mutate(
      { clinicId, doctorId, appointmentIds: visits.map((v) => v.id) },
      {
        onSuccess: ({ cancelledCount, emailsSent }) => {
          toast({
            title: i18n._('Visits Cancelled'),
            description: i18n._(
              '{cancelledCount, plural, one {# visit} other {# visits}} cancelled; {emailsSent, plural, one {# rep} other {# reps}} notified by e-mail.',
              { cancelledCount, emailsSent },
            ),
            variant: 'success',
          });
          setConfirming(false);
          onClose();
        },
        onError: (err) =>
          toast({ title: i18n._('Failed to cancel visits'), description: errorMessage(err, i18n._('Please try again.')), variant: 'destructive' }),
      },
    );

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950/40">
      {/* The save's outcome, said here instead of a toast that would cover the choice below. */}
      <p role="status" className="mb-2 flex items-center gap-2 text-sm font-medium text-emerald-800 dark:text-emerald-300">
        <CheckCircle2 className="h-4 w-4 shrink-0" aria-hidden />
        {i18n._('Call preferences saved for {doctorName}.', { doctorName })}
      </p>
      <h3
        id={`${id}-title`}
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 font-semibold text-amber-900 focus:outline-none dark:text-amber-100"
      >
        <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden />
        {i18n._('{count, plural, one {# booked visit is outside the new visiting hours} other {# booked visits are outside the new visiting hours}}', {
          count,
        })}
      </h3>
      <p className="mt-1 text-sm text-amber-900 dark:text-amber-100">
        {i18n._('They stay booked at their times unless you cancel them; each rep is e-mailed if you do.')}
      </p>
      <ul className="mt-3 divide-y divide-amber-200 rounded-md border border-amber-200 bg-white dark:divide-amber-800 dark:border-amber-800 dark:bg-slate-800">
        {visits.map((v) => (
          <li key={v.id} className="grid grid-cols-2 gap-x-3 gap-y-0.5 px-3 py-2 text-sm sm:grid-cols-[7rem_5rem_1fr_1fr] sm:items-center">
            <span className="font-medium text-slate-900 dark:text-slate-100">{formatDisplayDate(v.appointment_date)}</span>
            <span className="text-slate-700 dark:text-slate-300">{v.start_time ?? i18n._('No time')}</span>
            <span className="text-slate-900 dark:text-slate-100">{v.rep_name}</span>
            <span className="text-slate-600 dark:text-slate-400">{v.company_name}</span>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          {i18n._('Keep these visits')}
        </Button>
        <Button variant="destructive" onClick={() => setConfirming(true)}>
          {i18n._('Cancel these visits')}
        </Button>
      </div>

      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={i18n._('{count, plural, one {Cancel # visit?} other {Cancel # visits?}}', { count })}
        description={i18n._(
          "{count, plural, one {The visit listed with {doctorName} will be cancelled and the rep e-mailed that the clinic changed the doctor's visiting hours.} other {The # visits listed with {doctorName} will be cancelled and each rep e-mailed that the clinic changed the doctor's visiting hours.}}",
          { count, doctorName },
        )}
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {i18n._('Go Back')}
          </Button>
          <Button variant="destructive" onClick={cancelAll} loading={cancel.isPending}>
            {i18n._('{count, plural, one {Cancel # Visit} other {Cancel # Visits}}', { count })}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
