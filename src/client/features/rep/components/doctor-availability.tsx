import { AlertCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { BOOKING_MESSAGES, dayRefusalMessage } from '../../../../shared/booking/booking-rules';
import { visitDateText } from '../../../../shared/booking/visit-label';
import { todayInIndia } from '../../../../shared/dates';
import type { BookAppointmentResponse } from '../../../../shared/schemas/booking';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { isQueuedBooking } from '../../../lib/offline-queue';
import { usePendingBookings } from '../../pwa/hooks/use-pending-bookings';
import { announceQueuedBooking } from '../../pwa/lib/report-sync';
import { useBookAppointment } from '../api/book-appointment';
import { useBookingCalendar } from '../api/get-booking-calendar';
import { useDoctorAvailability } from '../api/get-doctor-availability';
import { useVisitTimes } from '../hooks/use-visit-times';
import { AvailabilityCalendar } from './availability-calendar';
import { AvailabilitySummary } from './availability-summary';
import { CalendarLegend } from './calendar-legend';
import { BookingDisabledPanel } from './booking-disabled-panel';
import { shiftMonth } from './calendar-day-text';
import { doctorTitle } from './doctor-title';
import { SelectedDatePanel } from './selected-date-panel';
import { queuedBookingRefusal, withQueuedBookings } from '../lib/queued-calendar';

const LOAD_ERROR = 'Could not load doctor availability. Please try again.';

// spec part 2, 5: a booking refused for want of a session says so in the spec's words, whatever answered the 401.
const bookingFailure = (err: unknown) =>
  err instanceof ApiError && err.status === 401 ? BOOKING_MESSAGES.mustBeLoggedIn : errorMessage(err, 'Failed to book appointment');

/** The confirmation: with visiting hours it names the visit's time and place in the day (docs/decisions/039). */
function bookedText(res: BookAppointmentResponse, doctor: string): string {
  const a = res.appointment;
  if (!a.start_time) return res.message || `Your visit with ${doctor} is booked.`;
  const token = a.token !== null ? ` (Token #${a.token})` : '';
  return `Your visit with ${doctor} on ${visitDateText(a.appointment_date, a.start_time)} is booked${token}.`;
}

/** "Dr. {doctor}'s Availability": settings summary, month calendar and the booking panel (spec part 2, 2.1). */
export function DoctorAvailability({
  repId,
  doctorId,
  clinicId,
  doctorName,
  clinicName,
}: {
  repId: number;
  doctorId: number;
  clinicId: number;
  doctorName: string;
  clinicName?: string;
}) {
  const [month, setMonth] = useState(() => todayInIndia(new Date()).slice(0, 7));
  const [selected, setSelected] = useState<string | null>(null);
  const settings = useDoctorAvailability(clinicId, doctorId);
  const calendar = useBookingCalendar(clinicId, doctorId, month);
  // Decision 033: the bookings waiting on this device count in the calendar, and before another one is queued.
  const queued = usePendingBookings(repId);
  const target = { repId, doctorId, clinicId };
  const book = useBookAppointment((input, waiting) => (calendar.data ? queuedBookingRefusal(calendar.data, waiting, target, input.appointmentDate) : null));
  const card = useRef<HTMLDivElement>(null);

  // On a phone the calendar opens below the five selects: bring it into view once a clinic is chosen.
  useEffect(() => {
    card.current?.scrollIntoView?.({ block: 'start' });
  }, []);

  const name = doctorTitle(settings.data?.doctorName || doctorName);
  const cal = calendar.data;
  const days = cal ? withQueuedBookings(cal, queued, target) : [];
  // Any day can be picked: one that cannot be booked shows why (spec part 2, 5) instead of the Book button.
  const selectedDay = days.find((d) => d.date === selected) ?? null;
  const refusal = selectedDay?.reason ? dayRefusalMessage({ reason: selectedDay.reason, cutoff: selectedDay.cutoff }, cal?.lastBookableDate ?? null) : null;
  const visitTimes = useVisitTimes({
    calendar: cal,
    date: selectedDay?.date ?? null,
    bookable: !!selectedDay?.selectable && !cal?.hasFutureAppointment,
    queued,
    target,
  });

  const onBook = () => {
    if (!selectedDay?.selectable) return;
    const startTime = visitTimes?.startTime;
    if (visitTimes && !startTime) return;
    book.mutate(
      { doctorId, clinicId, repId, appointmentDate: selectedDay.date, doctorName: name, clinicName, ...(startTime ? { startTime } : {}) },
      {
        onSuccess: (res) => {
          if (isQueuedBooking(res)) {
            announceQueuedBooking(res.pending);
            setSelected(null);
            return;
          }
          toast({ title: 'Appointment Booked', description: bookedText(res, name), variant: 'success' });
          setSelected(null);
        },
        onError: (err) => {
          visitTimes?.onRefused(err);
          toast({ title: 'Booking Failed', description: bookingFailure(err), variant: 'destructive' });
        },
      },
    );
  };

  const failed = settings.isError || (calendar.isError && !cal);
  return (
    <div ref={card} className="scroll-mt-4">
      <Card>
        <h2 className="text-lg font-semibold">{name}&apos;s Availability</h2>
        {clinicName && <p className="text-sm text-slate-600 dark:text-slate-300">at {clinicName}</p>}
        {failed ? (
          <div
            role="alert"
            className="mt-4 flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
          >
            <AlertCircle className="h-4 w-4 shrink-0" aria-hidden />
            <span className="flex-1">{LOAD_ERROR}</span>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                void settings.refetch();
                void calendar.refetch();
              }}
            >
              Try again
            </Button>
          </div>
        ) : settings.isPending || !cal ? (
          <div className="mt-4">
            <Spinner label="Loading availability..." />
          </div>
        ) : (
          <div className="mt-4 grid gap-5">
            <AvailabilitySummary settings={settings.data} />
            {cal.hasFutureAppointment ? (
              <BookingDisabledPanel appointment={cal.futureAppointment} doctor={name} clinic={clinicName} />
            ) : (
              <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_18rem]">
                <AvailabilityCalendar
                  month={month}
                  days={days}
                  today={cal.today}
                  selectedDate={selectedDay?.date ?? null}
                  onSelect={setSelected}
                  onMonthChange={(delta) => setMonth((m) => shiftMonth(m, delta))}
                  canGoPrev={month > cal.today.slice(0, 7)}
                  canGoNext={month < cal.lastBookableDate.slice(0, 7)}
                  lastBookableDate={cal.lastBookableDate}
                  busy={calendar.isPlaceholderData || calendar.isFetching}
                />
                <SelectedDatePanel
                  date={selectedDay?.date ?? null}
                  slotsLeft={selectedDay?.slotsLeft ?? null}
                  refusal={refusal}
                  booking={book.isPending}
                  onBook={onBook}
                  visitTimes={visitTimes?.picker}
                />
                {/* After the panel: on a phone a picked day's message then sits right under the calendar. */}
                <div className="lg:col-start-1">
                  <CalendarLegend />
                </div>
              </div>
            )}
          </div>
        )}
      </Card>
    </div>
  );
}
