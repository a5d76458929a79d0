import { Building2, CalendarDays, CheckCircle2, Clock, Stethoscope } from 'lucide-react';
import { visitDateText } from '../../../../../shared/booking/visit-label';
import { outcomeText, visitOutcome, type VisitOutcome } from '../../../../../shared/booking/visit-status';
import { formatDisplayDate, timeInIndia } from '../../../../../shared/dates';
import type { RepVisit } from '../../../../../shared/schemas/visits';
import { Badge } from '../../../../components/ui/badge';
import { Card } from '../../../../components/ui/card';
import { listWord, reasonText, useI18n } from '../../../../lib/i18n';
import { doctorTitle } from '../../../directory/components/doctor-title';
import { ProofOfVisitButton } from '../proof/proof-of-visit-button';
import { dayLabel } from '../upcoming/appointment-card';

// The words carry the outcome; the colour only repeats it.
const TONE: Record<VisitOutcome, 'success' | 'danger' | 'neutral' | 'warning' | 'info'> = {
  completed: 'success',
  no_show: 'danger',
  cancelled: 'neutral',
  not_recorded: 'warning',
  upcoming: 'info',
};

/**
 * One visit of the Visit History (docs/decisions/041): when, doctor and specialty, clinic and city, the outcome
 * (completed, no-show, cancelled and by whom, not recorded), the check-in time and, once checked in, the proof.
 */
export function VisitHistoryItem({ visit: v, today }: { visit: RepVisit; today: string }) {
  const { i18n } = useI18n();
  const date = v.appointment_date.slice(0, 10);
  const doctor = doctorTitle(v.doctor_name);
  const outcome = { status: v.status, date, cancelled_by: v.cancelled_by };
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="visit-history-item">
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h4 className="flex items-center gap-1.5 font-semibold">
            <Stethoscope className="h-4 w-4 text-teal-700 dark:text-teal-300" aria-hidden />
            {doctor}
          </h4>
          <Badge tone={TONE[visitOutcome(outcome, today)]}>{i18n._(outcomeText(outcome, today, 'rep'))}</Badge>
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-300">{listWord(v.doctor_specialty)}</p>
        <p className="flex items-center gap-1.5 text-sm text-slate-700 dark:text-slate-200">
          <Building2 className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
          {v.clinic_name}, {listWord(v.clinic_city)}
        </p>
        <p className="flex flex-wrap items-center gap-1.5 text-sm text-slate-700 dark:text-slate-200">
          <CalendarDays className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
          <span className="font-medium">{dayLabel(date, today)}</span>
          <span>{formatDisplayDate(date)}</span>
          {v.start_time && (
            <span className="inline-flex items-center gap-1 font-medium">
              <Clock className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
              <span className="sr-only">{i18n._('at')}</span>
              {v.start_time}
            </span>
          )}
        </p>
        {v.status === 'cancelled' && v.cancel_reason && (
          <p className="text-sm text-slate-600 dark:text-slate-300">{i18n._('Reason: {reason}', { reason: reasonText(v.cancel_reason) })}</p>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2 sm:flex-col sm:items-end">
        {v.checked_in_at ? (
          <>
            <p className="flex items-center gap-1.5 text-sm font-medium text-emerald-800 dark:text-emerald-300">
              <CheckCircle2 className="h-4 w-4 shrink-0" aria-hidden />
              {i18n._('Checked in {time}', { time: timeInIndia(new Date(v.checked_in_at)) })}
            </p>
            <ProofOfVisitButton appointmentId={v.id} visitName={i18n._('{doctor} on {when}', { doctor, when: i18n._(visitDateText(date, v.start_time)) })} />
          </>
        ) : (
          <p className="text-sm text-slate-500 dark:text-slate-400">{i18n._('Not checked in')}</p>
        )}
      </div>
    </Card>
  );
}
