import { CalendarX, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { todayInIndia } from '../../../../shared/dates';
import type { RepAppointment } from '../../../../shared/schemas/booking';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../lib/toast';
import { useCancelAppointment } from '../api/cancel-appointment';
import { useRepAppointments } from '../api/get-rep-appointments';
import { PendingAppointmentsList } from '../../pwa/components/pending-appointments-list';
import { usePendingBookings } from '../../pwa/hooks/use-pending-bookings';
import { AppointmentCard } from './appointment-card';
import { CancelAppointmentDialog } from './cancel-appointment-dialog';

const FETCH_ERROR = 'Failed to fetch your appointments. Please try again.';

/** The rep's upcoming appointments; reloads each time the tab opens (spec part 2, 2.1). */
export function MyAppointmentsTab({ repId }: { repId: number }) {
  const appointments = useRepAppointments(repId);
  const cancel = useCancelAppointment();
  const [pending, setPending] = useState<RepAppointment | null>(null);
  // Bookings made offline and not yet sent: with one waiting, the list is not "empty".
  const pendingBookings = usePendingBookings(repId);
  const { refetch } = appointments;

  useEffect(() => {
    if (appointments.isError) toast({ title: 'Error', description: FETCH_ERROR, variant: 'destructive' });
  }, [appointments.isError, appointments.errorUpdatedAt]);

  const today = todayInIndia(new Date());
  const list = [...(appointments.data ?? [])].sort((a, b) => a.appointment_date.localeCompare(b.appointment_date));

  const onConfirm = () => {
    if (!pending) return;
    cancel.mutate(pending.id, {
      onSuccess: (res) => {
        toast({ title: 'Appointment Cancelled', description: res.message || 'Your appointment has been cancelled.', variant: 'success' });
        setPending(null);
      },
      onError: () => toast({ title: 'Error', description: 'Failed to cancel appointment. Please try again.', variant: 'destructive' }),
    });
  };

  return (
    <section aria-labelledby="my-appointments-title" className="grid gap-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id="my-appointments-title" className="text-lg font-semibold">
          My Appointments
        </h2>
        <Button variant="secondary" size="sm" onClick={() => void refetch()} disabled={appointments.isFetching}>
          <RefreshCw className={appointments.isFetching ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden />
          Refresh
        </Button>
      </div>
      <PendingAppointmentsList pending={pendingBookings} />
      {appointments.isPending ? (
        <Spinner label="Loading appointments..." />
      ) : appointments.isError && !appointments.data ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {FETCH_ERROR}
        </p>
      ) : list.length === 0 && pendingBookings.length > 0 ? null : list.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 py-10 text-center text-slate-600 dark:text-slate-300">
          <CalendarX className="h-8 w-8 text-slate-400" aria-hidden />
          <p>No upcoming appointments found.</p>
        </Card>
      ) : (
        <ul className="grid gap-3" aria-busy={appointments.isFetching || undefined}>
          {list.map((a) => (
            <li key={a.id}>
              <AppointmentCard appointment={a} today={today} onCancel={setPending} />
            </li>
          ))}
        </ul>
      )}
      <CancelAppointmentDialog open={pending !== null} onOpenChange={(o) => !o && setPending(null)} onConfirm={onConfirm} cancelling={cancel.isPending} />
    </section>
  );
}
