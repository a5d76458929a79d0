import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { ADMIN_MESSAGES, type AdminUser, type AdminUserType } from '../../../../shared/schemas/admin';
import { useDeleteUser } from '../api/delete-user';
import { useUpdateUserStatus } from '../api/update-user-status';
import { displayDate } from '../../admin-shared/lib/admin-format';
import { pagedRows } from '../../admin-shared/lib/paged-rows';
import { useDebouncedValue } from '../../admin-shared/lib/use-debounced-value';
import { ConfirmDeleteDialog } from '../../admin-shared/components/confirm-delete-dialog';
import { DeactivateUserDialog } from './deactivate-user-dialog';
import { DataList, type Column } from '../../admin-shared/components/data-list';
import { DetailsDialog } from './details-dialog';
import { ListSummary } from '../../admin-shared/components/list-summary';
import { LoadMore } from '../../admin-shared/components/load-more';
import { SearchBox } from '../../admin-shared/components/search-box';
import { SubscriptionBadge, UserStatusBadge } from './status-badges';
import { UserRowActions } from './user-row-actions';
import { displayPhone } from '../../../../shared/schemas/phone';
import { EmailAddress } from '../../../components/ui/email-address';
import { listWord, useI18n } from '../../../lib/i18n';
import { adminUsersCsvUrl } from '../api/export-urls';
import { adminListsQueries } from '../api/keys';

/**
 * The Medical Reps and Clinics tabs (spec part 2, 2.5): search, rows, view, status toggle, delete; a page at a time
 * (docs/decisions/022). Deactivating asks first; deleting an account is an owner's (`canDelete`, docs/decisions/042).
 */
export function UsersTab({ type, canDelete = true }: { type: AdminUserType; canDelete?: boolean }) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim()) || undefined;
  const users = useInfiniteQuery(adminListsQueries.users({ type, q }));
  const { rows, total, overall } = pagedRows(users.data, (p) => p.users);
  const [viewing, setViewing] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const [deactivating, setDeactivating] = useState<AdminUser | null>(null);
  const updateStatus = useUpdateUserStatus();
  const deleteUser = useDeleteUser();
  const { i18n } = useI18n();
  const isRep = type === 'medrep';
  const plural = isRep ? /*i18n*/ '{count, plural, one {medical rep} other {medical reps}}' : /*i18n*/ '{count, plural, one {clinic} other {clinics}}';

  const toggle = (u: AdminUser) => {
    const status = u.status === 'active' ? 'inactive' : 'active';
    updateStatus.mutate(
      { id: u.id, userType: u.type, status },
      {
        onSuccess: () => {
          toast({
            title: i18n._('Status Updated'),
            description: status === 'active' ? i18n._('{name} is now active.', { name: u.name }) : i18n._('{name} is now inactive.', { name: u.name }),
            variant: 'success',
          });
          setDeactivating(null);
        },
        onError: (err) =>
          toast({ title: i18n._('Update Failed'), description: errorMessage(err, i18n._('Failed to update user status')), variant: 'destructive' }),
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    deleteUser.mutate(
      { id: deleting.id, userType: deleting.type },
      {
        onSuccess: (r) => {
          toast({ title: i18n._('Deleted'), description: r.message, variant: 'success' });
          setDeleting(null);
        },
        onError: (err) =>
          toast({
            title: i18n._(ADMIN_MESSAGES.deleteFailed),
            description: errorMessage(err, isRep ? i18n._('Failed to delete medical representative') : i18n._('Failed to delete clinic')),
            variant: 'destructive',
          }),
      },
    );
  };

  const actions: Column<AdminUser> = {
    header: /*i18n*/ 'Actions',
    cell: (u) => (
      <UserRowActions
        user={u}
        onView={() => setViewing(u)}
        onToggle={() => (u.status === 'active' ? setDeactivating(u) : toggle(u))}
        onDelete={canDelete ? () => setDeleting(u) : undefined}
        toggling={updateStatus.isPending && updateStatus.variables?.id === u.id && updateStatus.variables.userType === u.type}
      />
    ),
  };
  const columns: Column<AdminUser>[] = isRep
    ? [
        {
          header: /*i18n*/ 'Name',
          primary: true,
          cell: (u) => (
            <span className="flex flex-wrap items-center gap-2">
              {u.name}
              <Badge tone="info">{i18n._('Medical Rep')}</Badge>
            </span>
          ),
        },
        { header: /*i18n*/ 'Email', cell: (u) => <EmailAddress address={u.email} /> },
        { header: /*i18n*/ 'Company', cell: (u) => u.company },
        { header: /*i18n*/ 'Phone', cell: (u) => displayPhone(u.phone) },
        { header: /*i18n*/ 'State', cell: (u) => listWord(u.state) },
        { header: /*i18n*/ 'Status', cell: (u) => <UserStatusBadge status={u.status} /> },
        { header: /*i18n*/ 'Subscription', cell: (u) => <SubscriptionBadge status={u.subscriptionStatus} /> },
        actions,
      ]
    : [
        { header: /*i18n*/ 'Clinic', primary: true, cell: (u) => u.name },
        { header: /*i18n*/ 'Email', cell: (u) => <EmailAddress address={u.email} /> },
        { header: /*i18n*/ 'Contact Person', cell: (u) => u.contact_person },
        { header: /*i18n*/ 'Contact Number', cell: (u) => displayPhone(u.contact_number) },
        { header: /*i18n*/ 'Location', cell: (u) => [u.city, u.state].map((place) => (place ? listWord(place) : '')).join(', ') },
        { header: /*i18n*/ 'Status', cell: (u) => <UserStatusBadge status={u.status} /> },
        actions,
      ];

  const details = (u: AdminUser): Array<[string, React.ReactNode]> =>
    isRep
      ? [
          [/*i18n*/ 'Name', u.name],
          [/*i18n*/ 'Email', <EmailAddress key="e" address={u.email} />],
          [/*i18n*/ 'Company', u.company],
          [/*i18n*/ 'Phone', displayPhone(u.phone)],
          [/*i18n*/ 'State', u.state],
          [/*i18n*/ 'Status', <UserStatusBadge key="s" status={u.status} />],
          [/*i18n*/ 'Subscription', <SubscriptionBadge key="b" status={u.subscriptionStatus} />],
          [/*i18n*/ 'Registered', displayDate(u.created_at)],
        ]
      : [
          [/*i18n*/ 'Clinic', u.name],
          [/*i18n*/ 'Email', <EmailAddress key="e" address={u.email} />],
          [/*i18n*/ 'Contact Person', u.contact_person],
          [/*i18n*/ 'Contact Number', displayPhone(u.contact_number)],
          [/*i18n*/ 'City', u.city],
          [/*i18n*/ 'State', u.state],
          [/*i18n*/ 'Status', <UserStatusBadge key="s" status={u.status} />],
          [/*i18n*/ 'Registered', displayDate(u.created_at)],
        ];

  return (
    <section aria-label={isRep ? i18n._('Medical Reps') : i18n._('Clinics')} aria-busy={users.isFetching} className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <SearchBox
        value={search}
        onChange={setSearch}
        label={isRep ? i18n._('Search medical reps by name or email') : i18n._('Search clinics by name or email')}
      />
      {users.isPending ? (
        <Spinner label={i18n._('Loading users...')} />
      ) : users.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(users.error, i18n._('Failed to load users'))}
        </p>
      ) : (
        <>
          <ListSummary
            shown={rows.length}
            total={total}
            overall={overall}
            noun={plural}
            exportHref={adminUsersCsvUrl({ type, q })}
            updating={users.isPlaceholderData}
          />
          <DataList
            rows={rows}
            columns={columns}
            rowKey={(u) => `${u.type}-${u.id}`}
            caption={isRep ? i18n._('Medical representatives') : i18n._('Clinics')}
            empty={q ? i18n._('No users match your search.') : isRep ? i18n._('No medical representatives yet.') : i18n._('No clinics yet.')}
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
      <DeactivateUserDialog user={deactivating} onClose={() => setDeactivating(null)} onConfirm={toggle} pending={updateStatus.isPending} />
      <ConfirmDeleteDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={isRep ? i18n._('Delete Medical Rep') : i18n._('Delete Clinic')}
        description={
          isRep
            ? i18n._('This permanently deletes {name} with their appointments, sessions and settings.', { name: deleting?.name ?? '' })
            : i18n._('This permanently deletes {name} with its appointments, sessions and settings.', { name: deleting?.name ?? '' })
        }
        onConfirm={confirmDelete}
        pending={deleteUser.isPending}
      />
    </section>
  );
}
