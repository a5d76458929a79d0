import { useInfiniteQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { ADMIN_MESSAGES, type AdminDoctor } from '../../../../shared/schemas/admin';
import { useDeleteDoctor } from '../api/delete-doctor';
import { pagedRows } from '../../admin-shared/lib/paged-rows';
import { useDebouncedValue } from '../../admin-shared/lib/use-debounced-value';
import { ConfirmDeleteDialog } from '../../admin-shared/components/confirm-delete-dialog';
import { DataList, type Column } from '../../admin-shared/components/data-list';
import { ListSummary } from '../../admin-shared/components/list-summary';
import { LoadMore } from '../../admin-shared/components/load-more';
import { SearchBox } from '../../admin-shared/components/search-box';
import { displayPhone } from '../../../../shared/schemas/phone';
import { EmailAddress } from '../../../components/ui/email-address';
import { listWord, useI18n } from '../../../lib/i18n';
import { adminDoctorsCsvUrl } from '../api/export-urls';
import { adminListsQueries } from '../api/keys';

/** spec part 2, 2.5: 'Doctors & Clinics', one row per doctor at a clinic, with delete; a page at a time (docs/decisions/022). */
export function DoctorsTab() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim()) || undefined;
  const doctors = useInfiniteQuery(adminListsQueries.doctors({ q }));
  const { rows, total, overall } = pagedRows(doctors.data, (p) => p.doctors);
  const [deleting, setDeleting] = useState<AdminDoctor | null>(null);
  const remove = useDeleteDoctor();
  const { i18n } = useI18n();
  const columns: Column<AdminDoctor>[] = [
    { header: /*i18n*/ 'Doctor', primary: true, cell: (d) => d.name },
    { header: /*i18n*/ 'Specialty', cell: (d) => listWord(d.specialty) },
    { header: /*i18n*/ 'City', cell: (d) => listWord(d.city) },
    { header: /*i18n*/ 'State', cell: (d) => listWord(d.state) },
    { header: /*i18n*/ 'Clinic', cell: (d) => d.clinic_name },
    { header: /*i18n*/ 'Clinic Email', cell: (d) => <EmailAddress address={d.clinic_email} /> },
    { header: /*i18n*/ 'Clinic Phone', cell: (d) => displayPhone(d.clinic_phone) },
    { header: /*i18n*/ 'Contact Person', cell: (d) => d.contact_person },
    {
      header: /*i18n*/ 'Actions',
      cell: (d) => (
        <Button
          variant="ghost"
          size="icon"
          onClick={() => setDeleting(d)}
          aria-label={i18n._('Delete {name} at {clinic}', { name: d.name, clinic: d.clinic_name })}
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
        toast({ title: i18n._(ADMIN_MESSAGES.deleteFailed), description: errorMessage(err, i18n._('Failed to delete doctor')), variant: 'destructive' }),
    });

  return (
    <section aria-label={i18n._('Doctors & Clinics')} aria-busy={doctors.isFetching} className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{i18n._('Doctors & Clinics')}</h2>
        <SearchBox value={search} onChange={setSearch} label={i18n._('Search doctors or clinics')} />
      </div>
      {doctors.isPending ? (
        <Spinner label={i18n._('Loading doctors...')} />
      ) : doctors.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(doctors.error, i18n._('Failed to load doctors'))}
        </p>
      ) : (
        <>
          <ListSummary
            shown={rows.length}
            total={total}
            overall={overall}
            noun={/*i18n*/ '{count, plural, one {doctor at a clinic} other {doctors at clinics}}'}
            exportHref={adminDoctorsCsvUrl({ q })}
            updating={doctors.isPlaceholderData}
          />
          <DataList
            rows={rows}
            columns={columns}
            rowKey={(d) => d.id}
            caption={i18n._('Doctors and their clinics')}
            empty={q ? i18n._('No doctors match your search.') : i18n._('No doctors yet.')}
          />
          <LoadMore
            hasMore={doctors.hasNextPage}
            loading={doctors.isFetchingNextPage}
            onLoadMore={() => void doctors.fetchNextPage()}
            noun={/*i18n*/ '{count, plural, one {doctor at a clinic} other {doctors at clinics}}'}
            shown={rows.length}
          />
        </>
      )}
      <ConfirmDeleteDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={i18n._('Delete Doctor')}
        description={i18n._('This removes {name} from {clinic} with their call settings and appointments there.', {
          name: deleting?.name ?? '',
          clinic: deleting?.clinic_name ?? '',
        })}
        onConfirm={confirm}
        pending={remove.isPending}
      />
    </section>
  );
}
