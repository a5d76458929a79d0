import { ChevronLeft, ChevronRight, MonitorPlay, Users, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Spinner } from '../../../../components/ui/spinner';
import { useI18n } from '../../../../lib/i18n';
import { formatWeekday } from '../../../../lib/intl-format';
import { toast } from '../../../../lib/toast';
import { addDays, formatDisplayDate, todayInIndia } from '../../../../../shared/dates';
import type { ClinicDoctor } from '../../../../../shared/schemas/clinic';
import { useDoctorAppointments } from '../../api/use-doctor-appointments';
import { AppointmentList } from './appointment-list';
import { CancelTodayDialog } from './cancel-today-dialog';

/**
 * Appointments sub-tab: one day of the selected doctor's visitors, day by day (spec part 1, 2), and how many reps wait
 * for a slot that day (docs/decisions/043).
 */
export function AppointmentsView({
  clinicId,
  doctor,
  canCancelDay = true,
}: {
  clinicId: number;
  doctor: ClinicDoctor | undefined;
  /** Cancel Today's Calls is the owner's and managers', not reception's (docs/decisions/072-clinic-team.md). */
  canCancelDay?: boolean;
}) {
  const { i18n } = useI18n();
  const today = todayInIndia(new Date());
  const [date, setDate] = useState(today);
  const [confirming, setConfirming] = useState(false);
  const query = useDoctorAppointments(clinicId, doctor?.id, date);

  useEffect(() => {
    if (query.isError) toast({ title: i18n._('Error'), description: i18n._('Failed to load doctor appointments. Please try again.'), variant: 'destructive' });
  }, [i18n, query.isError, query.errorUpdatedAt]);

  const appointments = query.data?.appointments ?? [];
  // Only the day on view counts: while another day loads, the last day's count is not shown as this one's.
  const waiting = query.isSettling ? 0 : (query.data?.waiting ?? 0);
  const activeToday = appointments.filter((a) => a.appointment_date === today && (a.status === 'booked' || a.status === 'confirmed'));
  const shownDate = formatDisplayDate(date);

  return (
    <Card className="p-4 sm:p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-2">
          <Button variant="secondary" size="icon" aria-label={i18n._('Previous day')} onClick={() => setDate((d) => addDays(d, -1))}>
            <ChevronLeft className="h-5 w-5 rtl:-scale-x-100" aria-hidden />
          </Button>
          {/* Shrinks on phones: with 'Today' beside it, a fixed width pushed the page 9 px wider than 360 px. */}
          <p className="min-w-0 flex-1 text-center sm:min-w-[9.5rem] sm:flex-none" aria-live="polite">
            <span className="block font-semibold text-slate-900 dark:text-white">{shownDate}</span>
            <span className="block text-sm text-slate-600 dark:text-slate-400">
              {formatWeekday(date)}
              {date === today ? ` · ${i18n._('Today')}` : ''}
            </span>
          </p>
          <Button variant="secondary" size="icon" aria-label={i18n._('Next day')} onClick={() => setDate((d) => addDays(d, 1))}>
            <ChevronRight className="h-5 w-5 rtl:-scale-x-100" aria-hidden />
          </Button>
          {date !== today && (
            <Button variant="link" size="sm" onClick={() => setDate(today)}>
              {i18n._('Today')}
            </Button>
          )}
        </div>
        {/* The waiting room's TV (docs/decisions/074-live-queue.md): today's tokens, live, in a tab of its own. */}
        <a
          href={`/clinic/queue-board?clinicId=${clinicId}`}
          target="_blank"
          rel="noopener"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-teal-800 underline-offset-4 hover:underline dark:text-teal-300"
          data-testid="queue-board-link"
        >
          <MonitorPlay className="h-4 w-4" aria-hidden />
          {i18n._('Queue board')}
        </a>
        {canCancelDay && activeToday.length > 0 && (
          <Button variant="destructive" onClick={() => setConfirming(true)}>
            <XCircle className="h-4 w-4" aria-hidden />
            {i18n._("Cancel Today's Calls ({count})", { count: activeToday.length })}
          </Button>
        )}
      </div>

      {/* Live: the count of the day moved to is heard after its date. */}
      <div aria-live="polite">
        {doctor && waiting > 0 && (
          <p className="mt-3 flex items-center gap-2 text-sm font-medium text-amber-900 dark:text-amber-200" data-testid="waiting-count">
            <Users className="h-4 w-4 shrink-0" aria-hidden />
            {/* docs/decisions/043: how many reps wait in the day's line for a slot to free up. */}
            {i18n._('{count, plural, one {# rep waiting for this day} other {# reps waiting for this day}}', { count: waiting })}
          </p>
        )}
      </div>

      <div className="mt-4">
        {!doctor ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{i18n._('Add a doctor in the Doctors tab to see their appointments.')}</p>
        ) : query.isPending || (query.isSettling && !query.data) ? (
          <Spinner label={i18n._('Loading appointments...')} />
        ) : appointments.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">{i18n._('No appointments found for {date}.', { date: shownDate })}</p>
        ) : (
          <div className={query.isSettling ? 'opacity-60 transition-opacity' : undefined}>
            <AppointmentList appointments={appointments} clinicId={clinicId} today={today} />
          </div>
        )}
      </div>

      <CancelTodayDialog
        open={confirming}
        onOpenChange={setConfirming}
        clinicId={clinicId}
        doctorId={doctor?.id}
        doctorName={doctor?.name ?? i18n._('the doctor')}
        today={today}
        count={activeToday.length}
        arrived={activeToday.filter((a) => a.checked_in_at).length}
      />
    </Card>
  );
}
