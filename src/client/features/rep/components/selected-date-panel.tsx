import { CalendarCheck } from 'lucide-react';
import { formatDisplayDate } from '../../../../shared/dates';
import { Button } from '../../../components/ui/button';
import { longDate, slotsText } from './calendar-day-text';

/** The chosen day and 'Book Appointment' (spec part 2, 2.1). */
export function SelectedDatePanel({
  date,
  slotsLeft,
  booking,
  onBook,
}: {
  date: string | null;
  slotsLeft: number | null;
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
          <p className="mt-2 text-sm" aria-live="polite">
            <span className="font-medium">{longDate(date)}</span> ({formatDisplayDate(date)})
          </p>
          {slotsLeft !== null && <p className="mt-1 text-sm text-emerald-700 dark:text-emerald-300">{slotsText(slotsLeft)}</p>}
          <Button className="mt-4 w-full" onClick={onBook} loading={booking}>
            {booking ? 'Booking...' : 'Book Appointment'}
          </Button>
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">Pick an available date on the calendar to book your visit.</p>
      )}
    </section>
  );
}
