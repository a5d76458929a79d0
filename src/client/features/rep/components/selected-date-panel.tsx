import { CalendarCheck, AlertCircle } from 'lucide-react';
import { formatDisplayDate } from '../../../../shared/dates';
import { Button } from '../../../components/ui/button';
import { longDate, slotsText } from './calendar-day-text';

/**
 * The chosen day and 'Book Appointment' (spec part 2, 2.1). A day that cannot be booked shows the spec's
 * message of its rule (spec part 2, 5) in place of the button, so the reason is seen (and, through the live
 * region, heard) when the day is picked, not only when the server refuses a booking.
 */
export function SelectedDatePanel({
  date,
  slotsLeft,
  refusal = null,
  booking,
  onBook,
}: {
  date: string | null;
  slotsLeft: number | null;
  /** Why the picked day cannot be booked, in the spec's words; null when it can. */
  refusal?: string | null;
  booking: boolean;
  onBook: () => void;
}) {
  return (
    <section aria-label="Selected date" className="self-start rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h3 className="flex items-center gap-2 font-semibold">
        <CalendarCheck className="h-5 w-5 text-teal-700 dark:text-teal-300" aria-hidden /> Selected Date
      </h3>
      {date ? (
        <>
          <div aria-live="polite" aria-atomic="true">
            <p className="mt-2 text-sm">
              <span className="font-medium">{longDate(date)}</span> ({formatDisplayDate(date)})
            </p>
            {refusal !== null && (
              <p
                data-testid="day-refusal"
                className="mt-3 flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
              >
                <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
                <span>{refusal}</span>
              </p>
            )}
          </div>
          {refusal === null && (
            <>
              {slotsLeft !== null && <p className="mt-1 text-sm text-emerald-700 dark:text-emerald-300">{slotsText(slotsLeft)}</p>}
              <Button className="mt-4 w-full" onClick={onBook} loading={booking}>
                {booking ? 'Booking...' : 'Book Appointment'}
              </Button>
            </>
          )}
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">Pick an available date on the calendar to book your visit.</p>
      )}
    </section>
  );
}
