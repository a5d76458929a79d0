import { Badge } from '../../../../components/ui/badge';
import { reasonText, useI18n } from '../../../../lib/i18n';
import { outcomeText, visitOutcome } from '../../../../../shared/booking/visit-status';
import { formatDisplayDate, timeInIndia } from '../../../../../shared/dates';
import type { ClinicVisit } from '../../../../../shared/schemas/visits';

const tone = { completed: 'success', no_show: 'danger', cancelled: 'neutral', not_recorded: 'warning', upcoming: 'info' } as const;

/** The outcome in words ('Cancelled by you', 'Not recorded', ...) with the reason of a cancelled visit under it. */
function Outcome({ visit, today }: { visit: ClinicVisit; today: string }) {
  const { i18n } = useI18n();
  return (
    <>
      <Badge tone={tone[visitOutcome({ status: visit.status, date: visit.appointment_date }, today)]}>
        {i18n._(outcomeText({ status: visit.status, date: visit.appointment_date, cancelled_by: visit.cancelled_by }, today, 'clinic'))}
      </Badge>
      {visit.status === 'cancelled' && visit.cancel_reason && (
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{reasonText(visit.cancel_reason)}</p>
      )}
    </>
  );
}

const checkedIn = (v: ClinicVisit) => (v.checked_in_at ? timeInIndia(new Date(v.checked_in_at)) : '—');
const th = 'py-2 pe-4 font-medium';

/** The Visit History rows: a table on wide screens, cards on phones, in the server's order (newest first). */
export function VisitHistoryList({ visits, today, showDoctor }: { visits: ClinicVisit[]; today: string; showDoctor: boolean }) {
  const { i18n } = useI18n();
  return (
    <>
      <table className="hidden w-full text-start text-sm sm:table">
        <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500 dark:border-slate-700 dark:text-slate-400">
          <tr>
            <th scope="col" className={th}>
              {i18n._('Date')}
            </th>
            <th scope="col" className={th}>
              {i18n._('Time')}
            </th>
            {showDoctor && (
              <th scope="col" className={th}>
                {i18n._('Doctor')}
              </th>
            )}
            <th scope="col" className={th}>
              {i18n._('Medical Rep')}
            </th>
            <th scope="col" className={th}>
              {i18n._('Company')}
            </th>
            <th scope="col" className={th}>
              {i18n._('Outcome')}
            </th>
            <th scope="col" className="py-2 font-medium">
              {i18n._('Checked in')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
          {visits.map((v) => (
            <tr key={v.id}>
              <td className="py-3 pe-4 align-top whitespace-nowrap">{formatDisplayDate(v.appointment_date)}</td>
              <td className="py-3 pe-4 align-top tabular-nums">{v.start_time ?? '—'}</td>
              {showDoctor && <td className="py-3 pe-4 align-top">{v.doctor_name}</td>}
              <td className="py-3 pe-4 align-top font-medium text-slate-900 dark:text-slate-100">{v.rep_name}</td>
              <td className="py-3 pe-4 align-top text-slate-600 dark:text-slate-400">{v.company_name}</td>
              <td className="py-3 pe-4 align-top">
                <Outcome visit={v} today={today} />
              </td>
              <td className="py-3 align-top tabular-nums">{checkedIn(v)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="grid gap-3 sm:hidden" aria-label={i18n._('Visits')}>
        {visits.map((v) => (
          <li key={v.id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
            <div className="flex items-start justify-between gap-2">
              <span className="font-semibold tabular-nums text-slate-900 dark:text-slate-100">
                {formatDisplayDate(v.appointment_date)}
                {v.start_time ? ` · ${v.start_time}` : ''}
              </span>
              <div className="text-end">
                <Outcome visit={v} today={today} />
              </div>
            </div>
            <p className="mt-2 font-medium text-slate-900 dark:text-slate-100">{v.rep_name}</p>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {v.company_name}
              {showDoctor ? ` · ${v.doctor_name}` : ''}
            </p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{i18n._('Checked in: {time}', { time: checkedIn(v) })}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
