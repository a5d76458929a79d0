import { useInfiniteQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { ADMIN_MESSAGES, type AdminAppointment, type AdminAppointmentsFilter } from '../../../../shared/schemas/admin';
import { useDeleteAppointment } from '../api/delete-appointment';
import { displayDate } from '../../admin-shared/lib/admin-format';
import { pagedRows } from '../../admin-shared/lib/paged-rows';
import { useDebouncedValue } from '../../admin-shared/lib/use-debounced-value';
import { AppointmentFilters, NO_FILTERS } from './appointment-filters';
import { ConfirmDeleteDialog } from '../../admin-shared/components/confirm-delete-dialog';
import { DataList, type Column } from '../../admin-shared/components/data-list';
import { ListSummary } from '../../admin-shared/components/list-summary';
import { LoadMore } from '../../admin-shared/components/load-more';
import { displayPhone } from '../../../../shared/schemas/phone';
import { visitDateText } from '../../../../shared/booking/visit-label';
import { visitStatusText } from '../../../../shared/booking/visit-status';
import { listWord, reasonText, useI18n } from '../../../lib/i18n';
import { adminAppointmentsCsvUrl } from '../api/export-urls';
import { adminListsQueries } from '../api/keys';

// A no-show is a visit that did not happen, like a cancelled one (docs/decisions/041).
const statusTone = (s: string) => (s === 'booked' || s === 'confirmed' ? 'info' : s === 'completed' ? 'success' : 'danger');

/** spec part 2, 2.5: the Appointments tab with its filters, count, rows and delete, a page at a time (docs/decisions/022). */
export function AppointmentsTab() {
  const [filters, setFilters] = useState(NO_FILTERS);
  const doctor = useDebouncedValue(filters.doctor.trim());
  const filter: AdminAppointmentsFilter = {
    doctor: doctor || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    status: (filters.status || undefined) as AdminAppointmentsFilter['status'],
  };
  const filtered = Object.values(filter).some(Boolean);
  const appointments = useInfiniteQuery(adminListsQueries.appointments(filter));
  const { rows, total, overall } = pagedRows(appointments.data, (p) => p.appointments);
  const [deleting, setDeleting] = useState<AdminAppointment | null>(null);
  const remove = useDeleteAppointment();
  const { i18n } = useI18n();
  const columns: Column<AdminAppointment>[] = [
    { header: /*i18n*/ 'Doctor', primary: true, cell: (a) => a.doctor_name },
    { header: /*i18n*/ 'Specialty', cell: (a) => listWord(a.specialty) },
    { header: /*i18n*/ 'Clinic', cell: (a) => a.clinic_name },
    { header: /*i18n*/ 'Rep', cell: (a) => a.rep_name },
    { header: /*i18n*/ 'Company', cell: (a) => a.company },
    { header: /*i18n*/ 'Rep Phone', cell: (a) => displayPhone(a.rep_phone) },
    { header: /*i18n*/ 'Date', cell: (a) => displayDate(a.appointment_date) },
    // The visit time where the doctor has visiting hours, and its place in his day (docs/decisions/039).
    { header: /*i18n*/ 'Time', cell: (a) => a.start_time ?? '—', className: 'tabular-nums whitespace-nowrap' },
    { header: /*i18n*/ 'Token', cell: (a) => (a.token === null ? '—' : `#${a.token}`), className: 'tabular-nums' },
    {
      header: /*i18n*/ 'Status',
      // Why a cancelled visit was cancelled: the clinic's reason or its planned absence's (docs/decisions/040).
      cell: (a) => (
        <>
          <Badge tone={statusTone(a.status)}>{i18n._(visitStatusText(a.status))}</Badge>
          {a.status === 'cancelled' && a.cancel_reason && (
            <span className="mt-1 block min-w-[10rem] break-words text-xs text-slate-600 dark:text-slate-400">
              {i18n._('Cancelled: {reason}', { reason: reasonText(a.cancel_reason) })}
            </span>
          )}
        </>
      ),
    },
    { header: /*i18n*/ 'Booked', cell: (a) => displayDate(a.booked_at) },
    {
      header: /*i18n*/ 'Actions',
      cell: (a) => (
        <Button
          variant="ghost"
          size="icon"
          onClick={() => setDeleting(a)}
          aria-label={i18n._('Delete appointment of {rep} with {doctor}', { rep: a.rep_name, doctor: a.doctor_name })}
          title={i18n._('Delete')}
          className="text-red-700 dark:text-red-300"
        >
          <Trash2 className="h-4 w-4" aria-hidden />
        </Button>
      ),
    },
  ];
  const confirm = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: (r) => {
        toast({ title: i18n._('Deleted'), description: r.message, variant: 'success' });
        setDeleting(null);
      },
      onError: (err) =>
        toast({ title: i18n._(ADMIN_MESSAGES.deleteFailed), description: errorMessage(err, i18n._('Failed to delete appointment')), variant: 'destructive' }),
    });

  return (
    <section aria-label={i18n._('Appointments')} aria-busy={appointments.isFetching} className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <AppointmentFilters value={filters} onChange={setFilters} />
      {appointments.isPending ? (
        <Spinner label={i18n._('Loading appointments...')} />
      ) : appointments.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(appointments.error, i18n._('Failed to load appointments'))}
        </p>
      ) : (
        <>
          <ListSummary
            shown={rows.length}
            total={total}
            overall={overall}
            noun={/*i18n*/ '{count, plural, one {appointment} other {appointments}}'}
            exportHref={adminAppointmentsCsvUrl(filter)}
            updating={appointments.isPlaceholderData}
          />
          <DataList
            rows={rows}
            columns={columns}
            rowKey={(a) => a.id}
            caption={i18n._('Appointments')}
            empty={
              filtered
                ? i18n._('No appointments match your current filters. Try adjusting your search criteria.')
                : i18n._('No appointments have been created yet.')
            }
          />
          <LoadMore
            hasMore={appointments.hasNextPage}
            loading={appointments.isFetchingNextPage}
            onLoadMore={() => void appointments.fetchNextPage()}
            noun={/*i18n*/ '{count, plural, one {appointment} other {appointments}}'}
            shown={rows.length}
          />
        </>
      )}
      <ConfirmDeleteDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={i18n._('Delete Appointment')}
        description={
          deleting
            ? i18n._('This deletes the appointment of {rep} with {doctor} on {date}.', {
                rep: deleting.rep_name,
                doctor: deleting.doctor_name,
                date: i18n._(visitDateText(deleting.appointment_date, deleting.start_time)),
              })
            : ''
        }
        onConfirm={confirm}
        pending={remove.isPending}
      />
    </section>
  );
}
