import { useEffect, useRef, useState } from 'react';
import { BOOKING_MESSAGES, dayRefusalMessage } from '../../../../shared/booking/booking-rules';
import { visitDateText } from '../../../../shared/booking/visit-label';
import type { BookAppointmentResponse } from '../../../../shared/schemas/booking';
import { Card } from '../../../components/ui/card';
import { ApiError, errorMessage } from '../../../lib/api';
import { i18n, useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { isQueuedBooking } from '../../../lib/offline-queue';
import { usePendingBookings } from '../../pwa/hooks/use-pending-bookings';
import { announceQueuedBooking } from '../../pwa/lib/report-sync';
import { useBookAppointment } from '../api/book-appointment';
import { useAvailabilityMonth } from '../hooks/use-availability-month';
import { useVisitTimes } from '../hooks/use-visit-times';
import { AvailabilityBoard } from './availability-board';
import { doctorTitle } from '../../directory/components/doctor-title';
import { SelectedDatePanel } from './selected-date-panel';
import { WaitlistDayAction } from '../../waitlist/components/waitlist-day-action';
import { queuedBookingRefusal, withQueuedBookings } from '../lib/queued-calendar';

// spec part 2, 5: a booking refused for want of a session says so in the spec's words, whatever answered the 401.
const bookingFailure = (err: unknown) =>
  err instanceof ApiError && err.status === 401 ? i18n._(BOOKING_MESSAGES.mustBeLoggedIn) : errorMessage(err, i18n._('Failed to book appointment'));

/** The confirmation: with visiting hours it names the visit's time and place in the day (docs/decisions/039). */
function bookedText(res: BookAppointmentResponse, doctor: string): string {
  const a = res.appointment;
  if (!a.start_time) return res.message || i18n._('Your visit with {doctor} is booked.', { doctor });
  const when = i18n._(visitDateText(a.appointment_date, a.start_time));
  return a.token !== null
    ? i18n._('Your visit with {doctor} on {when} is booked (Token #{token}).', { doctor, when, token: a.token })
    : i18n._('Your visit with {doctor} on {when} is booked.', { doctor, when });
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
  useI18n(); // re-rendered in a newly chosen language
  const [selected, setSelected] = useState<string | null>(null);
  const view = useAvailabilityMonth({ clinicId, doctorId });
  const { settings, calendar } = view;
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
          // Where the clinic confirms each booking the screen says so, as the booking e-mail does (decisions 041, 053).
          toast(
            res.appointment.requires_approval
              ? {
                  title: i18n._('Appointment booked, awaiting confirmation'),
                  description: `${bookedText(res, name)} ${i18n._('The clinic will confirm the visit, and we will e-mail you when it does.')}`,
                  variant: 'success',
                }
              : { title: i18n._('Appointment Booked'), description: bookedText(res, name), variant: 'success' },
          );
          setSelected(null);
        },
        onError: (err) => {
          visitTimes?.onRefused(err);
          toast({ title: i18n._('Booking Failed'), description: bookingFailure(err), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <div ref={card} className="scroll-mt-4">
      <Card>
        <h2 className="text-lg font-semibold">{i18n._("{doctor}'s Availability", { doctor: name })}</h2>
        {clinicName && <p className="text-sm text-slate-600 dark:text-slate-300">{i18n._('at {clinic}', { clinic: clinicName })}</p>}
        <AvailabilityBoard
          view={view}
          days={days}
          selectedDate={selectedDay?.date ?? null}
          onSelect={setSelected}
          doctor={name}
          clinicName={clinicName}
          panel={
            <SelectedDatePanel
              date={selectedDay?.date ?? null}
              slotsLeft={selectedDay?.slotsLeft ?? null}
              refusal={refusal}
              booking={book.isPending}
              onBook={onBook}
              visitTimes={visitTimes?.picker}
              // docs/decisions/043: a full day offers a fair place in its line instead.
              waitlist={selectedDay?.reason === 'full' && <WaitlistDayAction doctorId={doctorId} clinicId={clinicId} date={selectedDay.date} />}
            />
          }
        />
      </Card>
    </div>
  );
}
