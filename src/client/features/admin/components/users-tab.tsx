import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { ADMIN_MESSAGES, type AdminUser, type AdminUserType } from '../../../../shared/schemas/admin';
import { useDeleteUser } from '../api/delete-user';
import { adminUsersCsvUrl, useAdminUsers } from '../api/get-admin-users';
import { useUpdateUserStatus } from '../api/update-user-status';
import { displayDate } from '../lib/admin-format';
import { pagedRows } from '../lib/paged-rows';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { DataList, type Column } from './data-list';
import { DetailsDialog } from './details-dialog';
import { ListSummary } from './list-summary';
import { LoadMore } from './load-more';
import { SearchBox } from './search-box';
import { SubscriptionBadge, UserStatusBadge } from './status-badges';
import { UserRowActions } from './user-row-actions';
import { displayPhone } from '../../../../shared/schemas/phone';
import { EmailAddress } from '../../../components/ui/email-address';

/**
 * The Medical Reps and Clinics tabs (spec part 2, 2.5): search, rows, view, status toggle, delete; a page at a time
 * (docs/decisions/022). Deleting an account is an owner's (`canDelete`, docs/decisions/042).
 */
export function UsersTab({ type, canDelete = true }: { type: AdminUserType; canDelete?: boolean }) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim()) || undefined;
  const users = useAdminUsers({ type, q });
  const { rows, total } = pagedRows(users.data, (p) => p.users);
  const [viewing, setViewing] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const updateStatus = useUpdateUserStatus();
  const deleteUser = useDeleteUser();
  const isRep = type === 'medrep';
  const noun = isRep ? 'medical representative' : 'clinic';
  const plural = isRep ? 'medical reps' : 'clinics';

  const toggle = (u: AdminUser) => {
    const status = u.status === 'active' ? 'inactive' : 'active';
    updateStatus.mutate(
      { id: u.id, userType: u.type, status },
      {
        onSuccess: () => toast({ title: 'Status Updated', description: `${u.name} is now ${status}.`, variant: 'success' }),
        onError: (err) => toast({ title: 'Update Failed', description: errorMessage(err, 'Failed to update user status'), variant: 'destructive' }),
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    deleteUser.mutate(
      { id: deleting.id, userType: deleting.type },
      {
        onSuccess: (r) => {
          toast({ title: 'Deleted', description: r.message, variant: 'success' });
          setDeleting(null);
        },
        onError: (err) => toast({ title: ADMIN_MESSAGES.deleteFailed, description: errorMessage(err, `Failed to delete ${noun}`), variant: 'destructive' }),
      },
    );
  };

  const actions: Column<AdminUser> = {
    header: 'Actions',
    cell: (u) => (
      <UserRowActions
        user={u}
        onView={() => setViewing(u)}
        onToggle={() => toggle(u)}
        onDelete={canDelete ? () => setDeleting(u) : undefined}
        toggling={updateStatus.isPending && updateStatus.variables?.id === u.id && updateStatus.variables.userType === u.type}
      />
    ),
  };
  const columns: Column<AdminUser>[] = isRep
    ? [
        {
          header: 'Name',
          primary: true,
          cell: (u) => (
            <span className="flex flex-wrap items-center gap-2">
              {u.name}
              <Badge tone="info">Medical Rep</Badge>
            </span>
          ),
        },
        { header: 'Email', cell: (u) => <EmailAddress address={u.email} /> },
        { header: 'Company', cell: (u) => u.company },
        { header: 'Phone', cell: (u) => displayPhone(u.phone) },
        { header: 'State', cell: (u) => u.state },
        { header: 'Status', cell: (u) => <UserStatusBadge status={u.status} /> },
        { header: 'Subscription', cell: (u) => <SubscriptionBadge status={u.subscriptionStatus} /> },
        actions,
      ]
    : [
        { header: 'Clinic', primary: true, cell: (u) => u.name },
        { header: 'Email', cell: (u) => <EmailAddress address={u.email} /> },
        { header: 'Contact Person', cell: (u) => u.contact_person },
        { header: 'Contact Number', cell: (u) => displayPhone(u.contact_number) },
        { header: 'Location', cell: (u) => `${u.city}, ${u.state}` },
        { header: 'Status', cell: (u) => <UserStatusBadge status={u.status} /> },
        actions,
      ];

  const details = (u: AdminUser): Array<[string, React.ReactNode]> =>
    isRep
      ? [
          ['Name', u.name],
          ['Email', <EmailAddress key="e" address={u.email} />],
          ['Company', u.company],
          ['Phone', displayPhone(u.phone)],
          ['State', u.state],
          ['Status', <UserStatusBadge key="s" status={u.status} />],
          ['Subscription', <SubscriptionBadge key="b" status={u.subscriptionStatus} />],
          ['Registered', displayDate(u.created_at)],
        ]
      : [
          ['Clinic', u.name],
          ['Email', <EmailAddress key="e" address={u.email} />],
          ['Contact Person', u.contact_person],
          ['Contact Number', displayPhone(u.contact_number)],
          ['City', u.city],
          ['State', u.state],
          ['Status', <UserStatusBadge key="s" status={u.status} />],
          ['Registered', displayDate(u.created_at)],
        ];

  return (
    <section aria-label={isRep ? 'Medical Reps' : 'Clinics'} aria-busy={users.isFetching} className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <SearchBox value={search} onChange={setSearch} label={isRep ? 'Search medical reps by name or email' : 'Search clinics by name or email'} />
      {users.isPending ? (
        <Spinner label="Loading users..." />
      ) : users.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(users.error, 'Failed to load users')}
        </p>
      ) : (
        <>
          <ListSummary shown={rows.length} total={total} noun={plural} exportHref={adminUsersCsvUrl({ type, q })} updating={users.isPlaceholderData} />
          <DataList
            rows={rows}
            columns={columns}
            rowKey={(u) => `${u.type}-${u.id}`}
            caption={isRep ? 'Medical representatives' : 'Clinics'}
            empty={q ? 'No users match your search.' : `No ${noun}s yet.`}
          />
          <LoadMore
            hasMore={users.hasNextPage}
            loading={users.isFetchingNextPage}
            onLoadMore={() => void users.fetchNextPage()}
            noun={plural}
            shown={rows.length}
          />
        </>
      )}
      <DetailsDialog open={!!viewing} onOpenChange={(o) => !o && setViewing(null)} title={viewing?.name ?? ''} fields={viewing ? details(viewing) : []} />
      <ConfirmDeleteDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={`Delete ${isRep ? 'Medical Rep' : 'Clinic'}`}
        description={`This permanently deletes ${deleting?.name ?? ''} with ${isRep ? 'their' : 'its'} appointments, sessions and settings.`}
        onConfirm={confirmDelete}
        pending={deleteUser.isPending}
      />
    </section>
  );
}
