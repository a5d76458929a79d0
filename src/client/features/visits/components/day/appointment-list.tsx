import { clsx } from 'clsx';
import { MapPinCheck, Phone } from 'lucide-react';
import { Badge } from '../../../../components/ui/badge';
import { useI18n } from '../../../../lib/i18n';
import { visitLabel } from '../../../../../shared/booking/visit-label';
import { checkInArrivedLate, visitStatusText } from '../../../../../shared/booking/visit-status';
import { formatDisplayDate, timeInIndia } from '../../../../../shared/dates';
import type { ClinicAppointment } from '../../../../../shared/schemas/clinic';
import { displayPhone } from '../../../../../shared/schemas/phone';
import { VisitActions } from '../outcomes/visit-actions';

const statusTone = { booked: 'info', confirmed: 'success', completed: 'neutral', no_show: 'danger', cancelled: 'danger' } as const;

/** 'Awaiting confirmation' for a visit booked while the doctor confirmed each booking (decisions 041, 053). */
function StatusBadge({ status, requiresApproval }: { status: ClinicAppointment['status']; requiresApproval: boolean }) {
  const { i18n } = useI18n();
  const tone = status === 'booked' && requiresApproval ? 'warning' : (statusTone[status] ?? 'danger');
  // The shared rule's words, translated here (they are marked where they are written).
  return <Badge tone={tone}>{i18n._(visitStatusText(status, { requiresApproval }))}</Badge>;
}

/**
 * 'Arrived 15:42': when the rep checked in at reception, Indian time (decision 041). A check-in typed offline that
 * reached RepVisit more than 10 minutes later says so, with both times (decision 046).
 */
function Arrived({ at, receivedAt }: { at: string | null; receivedAt?: string | null }) {
  const { i18n } = useI18n();
  if (!at) return null;
  const late = checkInArrivedLate({ checked_in_at: at, check_in_received_at: receivedAt });
  return (
    <span className="inline-flex flex-wrap items-center gap-1 text-xs font-medium text-emerald-800 dark:text-emerald-300">
      <MapPinCheck className="h-3.5 w-3.5" aria-hidden />
      <span className="whitespace-nowrap">{i18n._('Arrived {time}', { time: timeInIndia(new Date(at)) })}</span>
      {late && receivedAt && (
        <span className="whitespace-nowrap text-amber-800 dark:text-amber-300">
          {i18n._('(sent offline, reached RepVisit {time})', { time: timeInIndia(new Date(receivedAt)) })}
        </span>
      )}
    </span>
  );
}

/**
 * The visit's place in the day and its time, "#2 · 15:45" (docs/decisions/039): "#2" for a doctor without visiting
 * hours, the time alone for a cancelled visit (it holds no place), a dash when there is neither.
 */
function VisitPlace({ appointment, className }: { appointment: ClinicAppointment; className?: string }) {
  const label = visitLabel(appointment);
  return <span className={clsx('font-semibold tabular-nums whitespace-nowrap', className)}>{label ?? '—'}</span>;
}

/**
 * The day's visitors in the server's order (the day's order: by time, then booking): a table on wide screens
 * (Token / Time, Date, Medical Rep, Contact, Actions), cards in the same order on phones. Each visit has the
 * clinic's moves the shared rule allows today (decision 041).
 */
export function AppointmentList({ appointments, clinicId, today }: { appointments: ClinicAppointment[]; clinicId: number; today: string }) {
  const { i18n } = useI18n();
  return (
    <>
      <table className="hidden w-full text-start text-sm sm:table">
        <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500 dark:border-slate-700 dark:text-slate-400">
          <tr>
            <th scope="col" className="py-2 pe-4 font-medium">
              {i18n._('Token / Time')}
            </th>
            <th scope="col" className="py-2 pe-4 font-medium">
              {i18n._('Date')}
            </th>
            <th scope="col" className="py-2 pe-4 font-medium">
              {i18n._('Medical Rep')}
            </th>
            <th scope="col" className="py-2 pe-4 font-medium">
              {i18n._('Contact')}
            </th>
            <th scope="col" className="py-2 font-medium">
              {i18n._('Actions')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-700">
          {appointments.map((a) => (
            <tr key={a.id} className={a.status === 'cancelled' ? 'text-slate-500 dark:text-slate-400' : undefined}>
              <td className="py-3 pe-4 align-top">
                <VisitPlace appointment={a} className={a.status === 'cancelled' ? 'line-through' : 'text-slate-900 dark:text-slate-100'} />
              </td>
              <td className="py-3 pe-4 align-top whitespace-nowrap">{formatDisplayDate(a.appointment_date)}</td>
              <td className="py-3 pe-4 align-top">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium text-slate-900 dark:text-slate-100">{a.rep_name}</span>
                  <StatusBadge status={a.status} requiresApproval={a.requires_approval} />
                  <Arrived at={a.checked_in_at} receivedAt={a.check_in_received_at} />
                </div>
                <div className="text-slate-600 dark:text-slate-400">{a.company_name}</div>
              </td>
              <td className="py-3 pe-4 align-top">
                <a href={`tel:${a.contact_number}`} dir="ltr" className="whitespace-nowrap text-teal-700 hover:underline dark:text-teal-300">
                  {displayPhone(a.contact_number)}
                </a>
              </td>
              <td className="py-3 align-top">
                <VisitActions clinicId={clinicId} visit={a} today={today} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="grid gap-3 sm:hidden" aria-label={i18n._('Appointments')}>
        {appointments.map((a) => (
          <li key={a.id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
            <div className="flex items-start justify-between gap-2">
              <VisitPlace
                appointment={a}
                className={clsx(
                  'rounded-md px-2 py-0.5 text-sm',
                  a.status === 'cancelled'
                    ? 'bg-slate-100 text-slate-500 line-through dark:bg-slate-800 dark:text-slate-400'
                    : 'bg-teal-50 text-teal-800 dark:bg-teal-900/40 dark:text-teal-200',
                )}
              />
              <StatusBadge status={a.status} requiresApproval={a.requires_approval} />
            </div>
            <div className="mt-2 min-w-0">
              <p className="font-medium text-slate-900 dark:text-slate-100">{a.rep_name}</p>
              <p className="text-sm text-slate-600 dark:text-slate-400">{a.company_name}</p>
              <Arrived at={a.checked_in_at} receivedAt={a.check_in_received_at} />
            </div>
            <div className="mt-2 flex items-center justify-between text-sm">
              <span className="text-slate-600 dark:text-slate-400">{formatDisplayDate(a.appointment_date)}</span>
              <a href={`tel:${a.contact_number}`} className="flex items-center gap-1 text-teal-700 dark:text-teal-300">
                <Phone className="h-4 w-4" aria-hidden />
                <span dir="ltr">{displayPhone(a.contact_number)}</span>
              </a>
            </div>
            <div className="mt-3 empty:hidden">
              <VisitActions clinicId={clinicId} visit={a} today={today} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
