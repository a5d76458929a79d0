import { useQuery } from '@tanstack/react-query';
import { CalendarX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { todayInIndia } from '../../../../../shared/dates';
import type { RepAppointment } from '../../../../../shared/schemas/booking';
import { Card } from '../../../../components/ui/card';
import { Spinner } from '../../../../components/ui/spinner';
import { NetworkError } from '../../../../lib/api';
import { useI18n } from '../../../../lib/i18n';
import { undoCancellation, type PendingCancellation } from '../../../../lib/offline-queue';
import { toast } from '../../../../lib/toast';
import { useCancelAppointment } from '../../../booking/api/cancel-appointment';
import { bookingQueries } from '../../../booking/api/keys';
import { PendingAppointmentsList } from '../../../pwa/components/pending-appointments-list';
import { useOnlineStatus } from '../../../pwa/hooks/use-online-status';
import { usePendingBookings, usePendingCancellations, usePendingCheckIns } from '../../../pwa/hooks/use-pending-bookings';
import { CANCEL_TOO_LATE_TITLE, CANCEL_UNDONE_TITLE, cancelTooLateText, cancelUndoneText } from '../../../pwa/lib/offline-texts';
import { announceQueuedCancellation } from '../../../pwa/lib/report-sync';
import { AppointmentCard } from './appointment-card';
import { VisitQueueLine } from '../../../live-queue/components/visit-queue-line';
import { doctorTitle } from '../../../directory/components/doctor-title';
import { AppointmentsOfflineNotice } from './appointments-offline-notice';
import { CancelAppointmentDialog } from '../../../booking/components/cancel-appointment-dialog';
import { CheckInDialog } from '../check-in/check-in-dialog';

const FETCH_ERROR = /*i18n*/ 'Failed to fetch your appointments. Please try again.';

/** By date, then by visit time on the same date (docs/decisions/039; an untimed visit after the timed ones). */
const byWhen = (a: RepAppointment, b: RepAppointment) =>
  a.appointment_date.localeCompare(b.appointment_date) || (a.start_time ?? '99:99').localeCompare(b.start_time ?? '99:99');

/**
 * The rep's upcoming appointments; reloads each time it is shown (spec part 2, 2.1). Cancel and, on the visit's day,
 * check in (docs/decisions/041); what waits on the device to be sent shows on its card. Reschedule hands the visit
 * to My Appointments, which shows its calendar (docs/decisions/043).
 */
export function UpcomingAppointments({ repId, onReschedule }: { repId: number; onReschedule?: (a: RepAppointment) => void }) {
  const { i18n } = useI18n();
  const appointments = useQuery(bookingQueries.repAppointments(repId));
  const cancel = useCancelAppointment(repId);
  const [pending, setPending] = useState<RepAppointment | null>(null);
  const [checkingIn, setCheckingIn] = useState<RepAppointment | null>(null);
  const [undoing, setUndoing] = useState<string | null>(null);
  // Bookings made offline and not yet sent: with one waiting, the list is not "empty".
  const pendingBookings = usePendingBookings(repId);
  // Cancellations made offline and not yet sent (decision 033): shown on their cards, undoable.
  const pendingCancellations = usePendingCancellations(repId);
  // Check-ins whose code was typed offline (docs/decisions/041): shown on their cards until sent.
  const pendingCheckIns = usePendingCheckIns(repId);
  const online = useOnlineStatus();
  const { refetch } = appointments;
  // Without a network and never loaded (nor kept on the device): the rep is offline, nothing has failed.
  const offlineFailure = appointments.isError && (!online || appointments.error instanceof NetworkError);

  useEffect(() => {
    if (appointments.isError && !offlineFailure) toast({ title: i18n._('Error'), description: i18n._(FETCH_ERROR), variant: 'destructive' });
  }, [appointments.isError, appointments.errorUpdatedAt, offlineFailure, i18n]);
  // The list that could not load offline loads once the network is back.
  useEffect(() => {
    if (!offlineFailure) return;
    const onOnline = () => void refetch();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [offlineFailure, refetch]);

  const today = todayInIndia(new Date());
  const list = [...(appointments.data ?? [])].sort(byWhen);
  const cancellationOf = new Map(pendingCancellations.map((c) => [c.data.appointment.id, c]));
  const checkInOf = new Map(pendingCheckIns.map((c) => [c.data.appointmentId, c.data.typedAt]));
  // Waiting cancellations whose visit is not in the list on screen (not loaded offline): shown from what was stored.
  const unlisted = pendingCancellations.filter((c) => !list.some((a) => a.id === c.data.appointment.id));
  const shown = [...list, ...unlisted.map((c) => c.data.appointment)].sort(byWhen);

  const onConfirm = () => {
    if (!pending) return;
    cancel.mutate(pending, {
      onSuccess: (res) => {
        setPending(null);
        if ('queued' in res) return announceQueuedCancellation(res.pending);
        toast({ title: i18n._('Appointment Cancelled'), description: res.message || i18n._('Your appointment has been cancelled.'), variant: 'success' });
      },
      onError: () => toast({ title: i18n._('Error'), description: i18n._('Failed to cancel appointment. Please try again.'), variant: 'destructive' }),
    });
  };

  const onUndo = async (item: PendingCancellation) => {
    setUndoing(item.id);
    const undone = await undoCancellation(item.id);
    setUndoing(null);
    if (undone) toast({ title: i18n._(CANCEL_UNDONE_TITLE), description: cancelUndoneText(item), variant: 'success' });
    else toast({ title: i18n._(CANCEL_TOO_LATE_TITLE), description: cancelTooLateText(item), variant: 'info' });
  };

  return (
    <div className="grid gap-4">
      {offlineFailure && !appointments.data && <AppointmentsOfflineNotice />}
      <PendingAppointmentsList pending={pendingBookings} />
      {appointments.isPending && !offlineFailure ? (
        <Spinner label={i18n._('Loading appointments...')} />
      ) : appointments.isError && !appointments.data && !offlineFailure ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {i18n._(FETCH_ERROR)}
        </p>
      ) : shown.length === 0 && (pendingBookings.length > 0 || offlineFailure) ? null : shown.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 py-10 text-center text-slate-600 dark:text-slate-300">
          <CalendarX className="h-8 w-8 text-slate-400" aria-hidden />
          <p>{i18n._('No upcoming appointments found.')}</p>
        </Card>
      ) : (
        <ul className="grid gap-3" aria-busy={appointments.isFetching || undefined}>
          {shown.map((a) => {
            const waiting = cancellationOf.get(a.id);
            return (
              <li key={a.id}>
                <AppointmentCard
                  appointment={a}
                  today={today}
                  onCancel={setPending}
                  cancellation={waiting && { onUndo: () => void onUndo(waiting), undoing: undoing === waiting.id }}
                  onCheckIn={setCheckingIn}
                  checkInTypedAt={checkInOf.get(a.id)}
                  onReschedule={onReschedule}
                  offline={!online}
                  queue={
                    // The live queue on the visit's day (docs/decisions/074-live-queue.md), while the visit is to come.
                    online && a.appointment_date.slice(0, 10) === today && (a.status === 'booked' || a.status === 'confirmed') ? (
                      <VisitQueueLine appointmentId={a.id} doctor={doctorTitle(a.doctor_name)} />
                    ) : undefined
                  }
                />
              </li>
            );
          })}
        </ul>
      )}
      <CancelAppointmentDialog open={pending !== null} onOpenChange={(o) => !o && setPending(null)} onConfirm={onConfirm} cancelling={cancel.isPending} />
      <CheckInDialog repId={repId} appointment={checkingIn} onClose={() => setCheckingIn(null)} />
    </div>
  );
}
