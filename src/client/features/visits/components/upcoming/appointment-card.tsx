import { clsx } from 'clsx';
import { Building2, CalendarDays, CalendarClock, Clock, CloudUpload, Stethoscope, Undo2 } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { canRepCancel } from '../../../../../shared/booking/booking-rules';
import { visitDateText } from '../../../../../shared/booking/visit-label';
import { checkCheckIn, visitStatusText } from '../../../../../shared/booking/visit-status';
import { canRepReschedule } from '../../../../../shared/booking/waitlist';
import { addDays, formatDisplayDate, isIsoDate } from '../../../../../shared/dates';
import type { RepAppointment } from '../../../../../shared/schemas/booking';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { i18n, listWord, useI18n } from '../../../../lib/i18n';
import { formatWeekday } from '../../../../lib/intl-format';
import { CheckInStatus } from '../check-in/check-in-status';
import { doctorTitle } from '../../../directory/components/doctor-title';
import { RESCHEDULE_NEEDS_NETWORK } from '../../../waitlist/lib/waitlist-text';

/** 'Today', 'Tomorrow' or the weekday of an appointment date (spec part 2, 2.1). */
export function dayLabel(date: string, today: string): string {
  if (!isIsoDate(date)) return '';
  if (date === today) return i18n._('Today');
  if (date === addDays(today, 1)) return i18n._('Tomorrow');
  return formatWeekday(date);
}

/**
 * spec part 2, 4: booked and completed keep their colours and a cancelled visit is red. Docs/decisions/041 made the
 * other statuses real: a visit awaiting the clinic's confirmation is amber, a confirmed one green like completed, a
 * no-show red. The words on the badge carry the meaning; the colour only repeats it.
 */
function statusTone(status: string, requiresApproval: boolean) {
  if (status === 'booked') return requiresApproval ? ('warning' as const) : ('info' as const);
  if (status === 'completed' || status === 'confirmed') return 'success' as const;
  return 'danger' as const;
}

/** A cancellation of this appointment made offline that waits on the device, and its undo (decision 033). */
export interface WaitingCancellation {
  onUndo: () => void;
  undoing: boolean;
}

/**
 * One upcoming appointment: doctor, specialty, clinic, day and date (with the visit time and the place in the doctor's
 * day when the clinic set visiting hours, docs/decisions/039), status, and cancel when the rule allows; or,
 * while its cancellation waits to be sent, that state and Undo. On the visit's day: check in, then the check-in time
 * and the proof of visit (docs/decisions/041). A visit the rep may move (after today, booked or confirmed) offers
 * Reschedule, which needs the network (docs/decisions/043).
 */
export function AppointmentCard({
  appointment: a,
  today,
  onCancel,
  cancellation,
  onCheckIn,
  checkInTypedAt,
  onReschedule,
  offline = false,
  queue,
}: {
  appointment: RepAppointment;
  today: string;
  onCancel: (a: RepAppointment) => void;
  cancellation?: WaitingCancellation;
  onCheckIn?: (a: RepAppointment) => void;
  /** When a check-in of this visit waits on the device: the ISO instant its code was typed. */
  checkInTypedAt?: string;
  onReschedule?: (a: RepAppointment) => void;
  /** Without a network Reschedule waits, saying why. */
  offline?: boolean;
  /** On the visit's day: the rep's place in line (docs/decisions/074-live-queue.md). */
  queue?: ReactNode;
}) {
  useI18n(); // re-rendered in a newly chosen language
  const offlineHintId = useId();
  const date = a.appointment_date.slice(0, 10);
  const cancel = canRepCancel({ date, status: a.status }, today);
  const doctor = doctorTitle(a.doctor_name);
  const when = i18n._(visitDateText(date, a.start_time));
  // The shared rule decides (the server applies it too); on the card, only until the check-in is made or waiting.
  const mayReschedule = onReschedule && !cancellation && canRepReschedule({ date, status: a.status }, today).ok;
  const mayCheckIn = onCheckIn && !a.checked_in_at && !checkInTypedAt && checkCheckIn({ status: a.status, date, on: today }).ok;
  return (
    <Card
      className={clsx(
        'flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between',
        cancellation && 'border-dashed border-amber-300 dark:border-amber-700',
      )}
      data-testid="appointment-card"
    >
      <div className="min-w-0 grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="flex items-center gap-1.5 font-semibold">
            <Stethoscope className="h-4 w-4 text-teal-700 dark:text-teal-300" aria-hidden />
            {doctor}
          </h3>
          <Badge tone={statusTone(a.status, a.requires_approval)}>{i18n._(visitStatusText(a.status, { requiresApproval: a.requires_approval }))}</Badge>
          {a.token !== null && (
            <Badge tone="neutral" data-testid="appointment-token">
              <span aria-hidden>{i18n._('Token #{token}', { token: a.token })}</span>
              <span className="sr-only">{i18n._('Your place in the day: {token}', { token: a.token })}</span>
            </Badge>
          )}
          {cancellation && (
            <Badge tone="warning">
              <CloudUpload className="me-1 h-3.5 w-3.5" aria-hidden />
              {i18n._('Cancellation waiting to be sent')}
            </Badge>
          )}
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-300">{listWord(a.doctor_specialty)}</p>
        <p className="flex items-center gap-1.5 text-sm text-slate-700 dark:text-slate-200">
          <Building2 className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
          {a.clinic_name}
        </p>
        <p className="flex items-center gap-1.5 text-sm text-slate-700 dark:text-slate-200">
          <CalendarDays className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
          <span className="font-medium">{dayLabel(date, today)}</span>
          <span>{formatDisplayDate(a.appointment_date)}</span>
          {a.start_time && (
            <span className="ms-1 inline-flex items-center gap-1 font-medium">
              <Clock className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
              <span className="sr-only">{i18n._('at')}</span>
              <span data-testid="appointment-time">{a.start_time}</span>
            </span>
          )}
        </p>
        {queue}
      </div>
      <div className="flex shrink-0 flex-col items-start gap-2 sm:items-end">
        <CheckInStatus
          appointmentId={a.id}
          visitName={i18n._('{doctor} on {when}', { doctor, when })}
          checkedInAt={a.checked_in_at}
          waitingTypedAt={checkInTypedAt}
          onCheckIn={mayCheckIn ? () => onCheckIn(a) : undefined}
        />
        {cancellation ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={cancellation.onUndo}
            loading={cancellation.undoing}
            aria-label={i18n._('Undo cancellation of the appointment with {doctor} on {when}', { doctor, when })}
          >
            <Undo2 className="h-4 w-4" aria-hidden />
            {i18n._('Undo')}
          </Button>
        ) : (
          <div className="flex flex-wrap items-center gap-2 sm:justify-end">
            {mayReschedule && (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => onReschedule(a)}
                disabled={offline}
                aria-describedby={offline ? offlineHintId : undefined}
                aria-label={i18n._('Reschedule appointment with {doctor} on {when}', { doctor, when })}
                data-reschedule={a.id}
              >
                <CalendarClock className="h-4 w-4" aria-hidden />
                {i18n._('Reschedule')}
              </Button>
            )}
            {cancel.ok ? (
              <Button
                variant="destructive"
                size="sm"
                onClick={() => onCancel(a)}
                aria-label={i18n._('Cancel appointment with {doctor} on {when}', { doctor, when })}
              >
                {i18n._('Cancel')}
              </Button>
            ) : (
              <p className="text-sm font-medium text-slate-500 dark:text-slate-400">{i18n._(cancel.message)}</p>
            )}
          </div>
        )}
        {mayReschedule && offline && (
          <p id={offlineHintId} className="text-xs text-slate-600 dark:text-slate-300">
            {i18n._(RESCHEDULE_NEEDS_NETWORK)}
          </p>
        )}
      </div>
    </Card>
  );
}
