import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { ADMIN_MESSAGES, type AdminDoctor } from '../../../../shared/schemas/admin';
import { useDeleteDoctor } from '../api/delete-doctor';
import { adminDoctorsCsvUrl, useAdminDoctors } from '../api/get-admin-doctors';
import { pagedRows } from '../lib/paged-rows';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { DataList, type Column } from './data-list';
import { ListSummary } from './list-summary';
import { LoadMore } from './load-more';
import { SearchBox } from './search-box';
import { displayPhone } from '../../../../shared/schemas/phone';
import { EmailAddress } from '../../../components/ui/email-address';

/** spec part 2, 2.5: 'Doctors & Clinics', one row per doctor at a clinic, with delete; a page at a time (docs/decisions/022). */
export function DoctorsTab() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim()) || undefined;
  const doctors = useAdminDoctors({ q });
  const { rows, total } = pagedRows(doctors.data, (p) => p.doctors);
  const [deleting, setDeleting] = useState<AdminDoctor | null>(null);
  const remove = useDeleteDoctor();
  const columns: Column<AdminDoctor>[] = [
    { header: 'Doctor', primary: true, cell: (d) => d.name },
    { header: 'Specialty', cell: (d) => d.specialty },
    { header: 'City', cell: (d) => d.city },
    { header: 'State', cell: (d) => d.state },
    { header: 'Clinic', cell: (d) => d.clinic_name },
    { header: 'Clinic Email', cell: (d) => <EmailAddress address={d.clinic_email} /> },
    { header: 'Clinic Phone', cell: (d) => displayPhone(d.clinic_phone) },
    { header: 'Contact Person', cell: (d) => d.contact_person },
    {
      header: 'Actions',
      cell: (d) => (
        <Button
          variant="ghost"
          size="icon"
          onClick={() => setDeleting(d)}
          aria-label={`Delete ${d.name} at ${d.clinic_name}`}
          title="Delete"
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
        toast({ title: 'Deleted', description: r.message, variant: 'success' });
        setDeleting(null);
      },
      onError: (err) => toast({ title: ADMIN_MESSAGES.deleteFailed, description: errorMessage(err, 'Failed to delete doctor'), variant: 'destructive' }),
    });

  return (
    <section aria-label="Doctors & Clinics" aria-busy={doctors.isFetching} className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Doctors &amp; Clinics</h2>
        <SearchBox value={search} onChange={setSearch} label="Search doctors or clinics" />
      </div>
      {doctors.isPending ? (
        <Spinner label="Loading doctors..." />
      ) : doctors.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(doctors.error, 'Failed to load doctors')}
        </p>
      ) : (
        <>
          <ListSummary
            shown={rows.length}
            total={total}
            noun="doctors at clinics"
            exportHref={adminDoctorsCsvUrl({ q })}
            updating={doctors.isPlaceholderData}
          />
          <DataList
            rows={rows}
            columns={columns}
            rowKey={(d) => d.id}
            caption="Doctors and their clinics"
            empty={q ? 'No doctors match your search.' : 'No doctors yet.'}
          />
          <LoadMore
            hasMore={doctors.hasNextPage}
            loading={doctors.isFetchingNextPage}
            onLoadMore={() => void doctors.fetchNextPage()}
            noun="doctors at clinics"
            shown={rows.length}
          />
        </>
      )}
      <ConfirmDeleteDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete Doctor"
        description={`This removes ${deleting?.name ?? ''} from ${deleting?.clinic_name ?? ''} with their call settings and appointments there.`}
        onConfirm={confirm}
        pending={remove.isPending}
      />
    </section>
  );
}
