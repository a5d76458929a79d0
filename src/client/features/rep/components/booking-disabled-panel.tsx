import { Ban } from 'lucide-react';
import { formatDisplayDate } from '../../../../shared/dates';
import type { RepFutureAppointment } from '../../../../shared/schemas/booking';

/** Replaces the calendar while the rep holds an active future appointment here (spec part 2, 2.1 and 5). */
export function BookingDisabledPanel({ appointment, doctor, clinic }: { appointment?: RepFutureAppointment | null; doctor: string; clinic?: string }) {
  const date = appointment?.appointment_date;
  return (
    <div
      role="status"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <h3 className="flex items-center gap-2 font-semibold">
        <Ban className="h-5 w-5" aria-hidden /> Booking Currently Disabled
      </h3>
      <p className="mt-2 text-sm">
        You already have a future appointment with {doctor}
        {clinic ? ` at ${clinic}` : ' at this clinic'}
        {date ? (
          <>
            {' '}
            on <strong>{formatDisplayDate(date)}</strong>
          </>
        ) : null}
        {appointment?.status ? ` (${appointment.status})` : ''}.
      </p>
      <p className="mt-1 text-sm">Please complete or cancel your current appointment before booking another one. You can cancel it under My Appointments.</p>
    </div>
  );
}
