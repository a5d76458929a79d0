import { CalendarDays, CloudUpload, Stethoscope } from 'lucide-react';
import { formatDisplayDate } from '../../../../shared/dates';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { useI18n } from '../../../lib/i18n';
import type { usePendingBookings } from '../hooks/use-pending-bookings';

/** Bookings made offline that wait on this device, shown on My Appointments as 'Pending sync'. */
export function PendingAppointmentsList({ pending }: { pending: ReturnType<typeof usePendingBookings> }) {
  const { i18n } = useI18n();
  if (pending.length === 0) return null;
  return (
    <section aria-label={i18n._('Waiting to be sent')} className="grid gap-3">
      <ul className="grid gap-3">
        {pending.map((p) => (
          <li key={p.id}>
            <Card className="grid gap-1 border-dashed border-amber-300 dark:border-amber-700" data-testid="pending-appointment-card">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="flex items-center gap-1.5 font-semibold">
                  <Stethoscope className="h-4 w-4 text-teal-700 dark:text-teal-300" aria-hidden />
                  {p.data.doctorName || i18n._('Doctor')}
                </h3>
                <Badge tone="warning">
                  <CloudUpload className="me-1 h-3.5 w-3.5" aria-hidden />
                  {i18n._('Pending sync')}
                </Badge>
              </div>
              {p.data.clinicName && <p className="text-sm text-slate-700 dark:text-slate-200">{p.data.clinicName}</p>}
              <p className="flex items-center gap-1.5 text-sm text-slate-700 dark:text-slate-200">
                <CalendarDays className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
                {formatDisplayDate(p.data.appointmentDate)}
                {p.data.startTime && <span className="ms-1 font-medium">{i18n._('at {time}', { time: p.data.startTime })}</span>}
              </p>
              <p className="text-xs text-slate-500 dark:text-slate-400">{i18n._('Saved on this device; it will be booked when you are back online.')}</p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
