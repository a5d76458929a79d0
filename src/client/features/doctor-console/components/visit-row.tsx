import { Badge } from '../../../components/ui/badge';
import { formatTimeOfDay } from '../../../lib/intl-format';
import { useI18n } from '../../../lib/i18n';
import { visitLabel } from '../../../../shared/booking/visit-label';
import type { DoctorVisit } from '../../../../shared/schemas/doctor-console';

/** Where a visit of the day stands for the doctor: seen, in the room, arrived, not yet here. */
function stateOf(v: DoctorVisit) {
  if (v.status === 'completed') return { tone: 'neutral', text: /*i18n*/ 'Seen' } as const;
  if (v.status === 'no_show') return { tone: 'danger', text: /*i18n*/ 'No-show' } as const;
  if (v.calledAt) return { tone: 'info', text: /*i18n*/ 'In the room' } as const;
  if (v.checkedInAt) return { tone: 'success', text: /*i18n*/ 'Arrived' } as const;
  return { tone: 'warning', text: /*i18n*/ 'Not arrived' } as const;
}

/** One visit of the doctor's day: time or token, rep, company, and where it stands. */
export function VisitRow({ visit }: { visit: DoctorVisit }) {
  const { i18n } = useI18n();
  const state = stateOf(visit);
  const done = visit.status === 'completed' || visit.status === 'no_show';
  return (
    <li className={`flex items-center gap-3 py-2 ${done ? 'opacity-60' : ''}`} data-testid="doctor-visit">
      <span className="w-16 shrink-0 text-sm font-semibold tabular-nums text-slate-900 dark:text-slate-100" dir="ltr">
        {visitLabel({ token: visit.token, start_time: visit.startTime })}
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-slate-900 dark:text-slate-100">{visit.repName}</p>
        <p className="truncate text-xs text-slate-600 dark:text-slate-400">
          {visit.companyName}
          {visit.checkedInAt && !done && !visit.calledAt ? ` · ${i18n._('arrived {time}', { time: formatTimeOfDay(visit.checkedInAt) })}` : ''}
        </p>
      </div>
      <Badge tone={state.tone} className="shrink-0">
        {i18n._(state.text)}
      </Badge>
    </li>
  );
}
