import { Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { ADMIN_MESSAGES, type AdminDoctor } from '../../../../shared/schemas/admin';
import { useDeleteDoctor } from '../api/delete-doctor';
import { useAdminDoctors } from '../api/get-admin-doctors';
import { matchesSearch } from '../lib/admin-format';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { DataList, type Column } from './data-list';
import { SearchBox } from './search-box';

/** spec part 2, 2.5: 'Doctors & Clinics', one row per doctor at a clinic, with delete. */
export function DoctorsTab() {
  const doctors = useAdminDoctors();
  const [search, setSearch] = useState('');
  const [deleting, setDeleting] = useState<AdminDoctor | null>(null);
  const remove = useDeleteDoctor();
  const rows = useMemo(
    () => (doctors.data ?? []).filter((d) => matchesSearch(search, d.name, d.clinic_name, d.clinic_email, d.specialty)),
    [doctors.data, search],
  );
  const columns: Column<AdminDoctor>[] = [
    { header: 'Doctor', primary: true, cell: (d) => d.name },
    { header: 'Specialty', cell: (d) => d.specialty },
    { header: 'City', cell: (d) => d.city },
    { header: 'State', cell: (d) => d.state },
    { header: 'Clinic', cell: (d) => d.clinic_name },
    { header: 'Clinic Email', cell: (d) => <span className="break-all">{d.clinic_email}</span> },
    { header: 'Clinic Phone', cell: (d) => d.clinic_phone },
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
    <section aria-label="Doctors & Clinics" className="grid grid-cols-[minmax(0,1fr)] gap-4">
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
        <DataList
          rows={rows}
          columns={columns}
          rowKey={(d) => d.id}
          caption="Doctors and their clinics"
          empty={search ? 'No doctors match your search.' : 'No doctors yet.'}
        />
      )}
      <ConfirmDeleteDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete Doctor"
        description={`This removes ${deleting?.name ?? ''} from ${deleting?.clinic_name ?? ''} with his call settings and appointments there.`}
        onConfirm={confirm}
        pending={remove.isPending}
      />
    </section>
  );
}
