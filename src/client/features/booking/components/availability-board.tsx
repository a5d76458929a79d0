import { AlertCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useI18n } from '../../../lib/i18n';
import type { AvailabilityMonth } from '../hooks/use-availability-month';
import type { QueuedCalendarDay } from '../lib/queued-calendar';
import { AvailabilityCalendar } from './availability-calendar';
import { AvailabilitySummary } from './availability-summary';
import { BookingDisabledPanel } from './booking-disabled-panel';
import { CalendarLegend } from './calendar-legend';

const LOAD_ERROR = /*i18n*/ 'Could not load doctor availability. Please try again.';

/**
 * The doctor's settings summary, the month calendar and the panel of the picked day (spec part 2, 2.1), as booking
 * and rescheduling (docs/decisions/043) both show them; while the rep holds a future visit here, 'Booking Currently
 * Disabled' instead of the calendar.
 */
export function AvailabilityBoard({
  view,
  days,
  selectedDate,
  onSelect,
  panel,
  doctor,
  clinicName,
  currentVisitDate,
}: {
  view: AvailabilityMonth;
  days: QueuedCalendarDay[];
  selectedDate: string | null;
  onSelect: (date: string) => void;
  /** The picked day's panel (SelectedDatePanel). */
  panel: ReactNode;
  doctor: string;
  clinicName?: string;
  /** When moving a visit: its date now, marked on the calendar. */
  currentVisitDate?: string;
}) {
  const { i18n } = useI18n();
  const { settings, calendar, month } = view;
  const cal = calendar.data;
  if (settings.isError || (calendar.isError && !cal)) {
    return (
      <div
        role="alert"
        className="mt-4 flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
      >
        <AlertCircle className="h-4 w-4 shrink-0" aria-hidden />
        <span className="flex-1">{i18n._(LOAD_ERROR)}</span>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => {
            void settings.refetch();
            void calendar.refetch();
          }}
        >
          {i18n._('Try again')}
        </Button>
      </div>
    );
  }
  if (settings.isPending || !cal) {
    return (
      <div className="mt-4">
        <Spinner label={i18n._('Loading availability...')} />
      </div>
    );
  }
  return (
    <div className="mt-4 grid gap-5">
      <AvailabilitySummary settings={settings.data} />
      {cal.hasFutureAppointment ? (
        <BookingDisabledPanel appointment={cal.futureAppointment} doctor={doctor} clinic={clinicName} />
      ) : (
        <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <AvailabilityCalendar
            month={month}
            days={days}
            today={cal.today}
            selectedDate={selectedDate}
            onSelect={onSelect}
            onMonthChange={view.onMonthChange}
            canGoPrev={month > cal.today.slice(0, 7)}
            canGoNext={month < cal.lastBookableDate.slice(0, 7)}
            lastBookableDate={cal.lastBookableDate}
            busy={calendar.isPlaceholderData || calendar.isFetching}
            currentVisitDate={currentVisitDate}
          />
          {panel}
          {/* After the panel: on a phone a picked day's message then sits right under the calendar. */}
          <div className="lg:col-start-1">
            <CalendarLegend withCurrentVisit={currentVisitDate !== undefined} />
          </div>
        </div>
      )}
    </div>
  );
}
