import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { dayRefusalMessage } from '../../../../shared/booking/booking-rules';
import { visitDateText } from '../../../../shared/booking/visit-label';
import { RESCHEDULE_MESSAGES } from '../../../../shared/booking/waitlist';
import { messageOf } from '../../../../shared/i18n/message';
import type { RepAppointment } from '../../../../shared/schemas/booking';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import type { PendingAppointment } from '../../../lib/offline-queue';
import { toast } from '../../../lib/toast';
import { useOnlineStatus } from '../../pwa/hooks/use-online-status';
import { useRescheduleAppointment } from '../api/reschedule-appointment';
import { useAvailabilityMonth } from '../hooks/use-availability-month';
import { useVisitTimes } from '../hooks/use-visit-times';
import { RESCHEDULE_NEEDS_NETWORK } from '../../waitlist/lib/waitlist-text';
import { AvailabilityBoard } from './availability-board';
import { doctorTitle } from '../../directory/components/doctor-title';
import { SelectedDatePanel } from './selected-date-panel';

/** A move is never queued on the device (docs/decisions/043): no waiting booking counts in its calendar. */
const NOTHING_QUEUED: PendingAppointment[] = [];
const ACTION = {
  label: /*i18n*/ 'Reschedule to this date',
  busyLabel: /*i18n*/ 'Rescheduling...',
  prompt: /*i18n*/ 'Pick a new date on the calendar for your visit.',
};

/**
 * Moving a visit (docs/decisions/043): the calendar of its doctor at its clinic, every day judged as if the visit did
 * not exist (the server's `rescheduleId`), and the picked day's panel confirming the move. On success the rep is back
 * in My Appointments with the visit on its new date; a refusal says why in the server's words and leaves the visit.
 */
export function RescheduleVisit({ repId, appointment: a, onClose }: { repId: number; appointment: RepAppointment; onClose: () => void }) {
  const { i18n } = useI18n();
  const [selected, setSelected] = useState<string | null>(null);
  const current = a.appointment_date.slice(0, 10);
  const target = { repId, doctorId: a.doctor_id, clinicId: a.clinic_id };
  // Opened on the visit's month: its date is marked there, and a move is most often to a day near it.
  const view = useAvailabilityMonth({ ...target, rescheduleId: a.id, firstMonth: current.slice(0, 7) });
  const reschedule = useRescheduleAppointment();
  const online = useOnlineStatus();
  const heading = useRef<HTMLHeadingElement>(null);
  const doctor = doctorTitle(a.doctor_name);

  // A new view: its heading takes the focus, so a screen reader says where the rep is and the page starts at the top.
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'start' });
  }, []);

  const cal = view.calendar.data;
  const days = cal?.days ?? [];
  const selectedDay = days.find((d) => d.date === selected) ?? null;
  const visitTimes = useVisitTimes({
    calendar: cal,
    date: selectedDay?.date ?? null,
    bookable: !!selectedDay?.selectable && !cal?.hasFutureAppointment,
    queued: NOTHING_QUEUED,
    target,
    rescheduleId: a.id,
  });
  const startTime = visitTimes?.startTime ?? null;
  // Said before the server refuses it (same_visit, RESCHEDULE_MESSAGES.sameDay): the same date, at the same time where
  // there are visiting hours, is no move. A whole-day visit's own date is refused as a day; with visiting hours, another
  // time that day is a move.
  const sameDay = selectedDay?.date === current;
  const refusal = selectedDay?.reason
    ? dayRefusalMessage({ reason: selectedDay.reason, cutoff: selectedDay.cutoff }, cal?.lastBookableDate ?? null)
    : sameDay && !visitTimes
      ? messageOf(RESCHEDULE_MESSAGES.sameDay)
      : null;
  const notReady = !online ? RESCHEDULE_NEEDS_NETWORK : sameDay && startTime !== null && startTime === a.start_time ? RESCHEDULE_MESSAGES.sameDay : null;

  const onConfirm = () => {
    if (!selectedDay?.selectable || refusal !== null || notReady !== null) return;
    if (visitTimes && !startTime) return;
    reschedule.mutate(
      { id: a.id, appointmentDate: selectedDay.date, ...(startTime ? { startTime } : {}) },
      {
        onSuccess: (res) => {
          const moved = res.appointment;
          toast({
            title: res.message,
            description: i18n._('Your visit with {doctor} at {clinic} is now on {when}.', {
              doctor,
              clinic: a.clinic_name,
              when: i18n._(visitDateText(moved.appointment_date, moved.start_time)),
            }),
            variant: 'success',
          });
          onClose();
        },
        onError: (err) => {
          visitTimes?.onRefused(err);
          toast({
            title: i18n._('Reschedule Failed'),
            description: errorMessage(err, i18n._('Failed to reschedule the appointment. Please try again.')),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <Card className="p-4 sm:p-5">
      <Button variant="ghost" size="sm" className="-ms-2 mb-2" onClick={onClose}>
        <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
        {i18n._('Back to My Appointments')}
      </Button>
      <h3 ref={heading} tabIndex={-1} className="scroll-mt-4 text-lg font-semibold outline-none">
        {i18n._('Reschedule visit with {doctor} at {clinic}, now on {when}', {
          doctor,
          clinic: a.clinic_name,
          when: i18n._(visitDateText(current, a.start_time)),
        })}
      </h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {i18n._('Pick a new date. Your visit stays on its date until the new one is confirmed; its old slot is then freed for others.')}
      </p>
      <AvailabilityBoard
        view={view}
        days={days}
        selectedDate={selectedDay?.date ?? null}
        onSelect={setSelected}
        doctor={doctor}
        clinicName={a.clinic_name}
        currentVisitDate={current}
        panel={
          <SelectedDatePanel
            date={selectedDay?.date ?? null}
            slotsLeft={selectedDay?.slotsLeft ?? null}
            refusal={refusal}
            booking={reschedule.isPending}
            onBook={onConfirm}
            visitTimes={visitTimes?.picker}
            action={ACTION}
            notReady={notReady}
          />
        }
      />
    </Card>
  );
}
