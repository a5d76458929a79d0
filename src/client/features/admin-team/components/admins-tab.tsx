import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ADMIN_TEAM_MESSAGES, type AdminMeResponse, type AdminTeamMember } from '../../../../shared/schemas/admin-team';
import { Badge } from '../../../components/ui/badge';
import { EmailAddress } from '../../../components/ui/email-address';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useResetAdminTwoFactor } from '../api/reset-admin-two-factor';
import { useUpdateAdmin } from '../api/update-admin';
import { displayDateTimeIst } from '../../admin-shared/lib/admin-format';
import { isSinglePasswordSession } from '../../admin-auth/lib/admin-roles';
import { AdminRowActions } from './admin-row-actions';
import { ConfirmActionDialog } from '../../admin-shared/components/confirm-action-dialog';
import { DataList, type Column } from '../../admin-shared/components/data-list';
import { InviteAdminForm } from './invite-admin-form';
import { ListSummary } from '../../admin-shared/components/list-summary';
import { LoadMore } from '../../admin-shared/components/load-more';
import { useI18n } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/intl-format';
import { adminTeamQueries } from '../api/keys';

const STATUS = {
  active: { label: /*i18n*/ 'Active', tone: 'success' },
  invited: { label: /*i18n*/ 'Invited', tone: 'warning' },
  inactive: { label: /*i18n*/ 'Inactive', tone: 'danger' },
} as const;

type Pending = { kind: 'active' | 'reset'; admin: AdminTeamMember };

/** The 'Admins' tab (owners; docs/decisions/042): the team, 'Invite admin', deactivate or reactivate, reset two-factor. */
export function AdminsTab({ me }: { me: AdminMeResponse }) {
  const { i18n } = useI18n();
  const team = useInfiniteQuery(adminTeamQueries.team());
  const rows = team.data?.pages.flatMap((p) => p.admins) ?? [];
  const [pending, setPending] = useState<Pending | null>(null);
  const update = useUpdateAdmin();
  const reset = useResetAdminTwoFactor();

  const columns: Column<AdminTeamMember>[] = [
    { header: /*i18n*/ 'Name', primary: true, cell: (a) => a.name },
    { header: /*i18n*/ 'Email', cell: (a) => <EmailAddress address={a.email} /> },
    {
      header: /*i18n*/ 'Role',
      cell: (a) => <Badge tone={a.role === 'owner' ? 'info' : 'neutral'}>{a.role === 'owner' ? i18n._('Owner') : i18n._('Staff')}</Badge>,
    },
    { header: /*i18n*/ 'Status', cell: (a) => <Badge tone={STATUS[a.status].tone}>{i18n._(STATUS[a.status].label)}</Badge> },
    {
      header: /*i18n*/ 'Two-factor',
      cell: (a) =>
        a.twoFactor
          ? i18n._('{count, plural, one {On, {n} recovery code left} other {On, {n} recovery codes left}}', {
              count: a.recoveryCodesLeft,
              n: formatNumber(a.recoveryCodesLeft),
            })
          : i18n._('Off'),
    },
    {
      header: /*i18n*/ 'Last sign-in (IST)',
      cell: (a) => (a.lastSignInAt ? displayDateTimeIst(a.lastSignInAt) : i18n._('Never')),
      className: 'whitespace-nowrap',
    },
    {
      header: /*i18n*/ 'Actions',
      cell: (a) => (
        <AdminRowActions
          admin={a}
          self={a.id === me.id}
          onToggleActive={() => setPending({ kind: 'active', admin: a })}
          onResetTwoFactor={() => setPending({ kind: 'reset', admin: a })}
        />
      ),
    },
  ];

  const close = () => setPending(null);
  const failed = (title: string) => (err: unknown) => toast({ title, description: errorMessage(err, i18n._('Please try again.')), variant: 'destructive' });
  const confirm = () => {
    if (!pending) return;
    const { admin } = pending;
    if (pending.kind === 'reset') {
      reset.mutate(admin.id, {
        onSuccess: (r) => {
          toast({
            title: admin.status === 'invited' ? i18n._('Invitation Sent Again') : i18n._('Two-factor Reset'),
            description: r.message,
            variant: 'success',
          });
          close();
        },
        onError: failed(i18n._('Reset Failed')),
      });
      return;
    }
    const active = admin.status === 'inactive';
    update.mutate(
      { id: admin.id, active },
      {
        onSuccess: () => {
          toast({
            title: active ? i18n._(ADMIN_TEAM_MESSAGES.reactivated) : i18n._('Admin Deactivated'),
            description: active ? admin.name : i18n._(ADMIN_TEAM_MESSAGES.deactivated),
            variant: 'success',
          });
          close();
        },
        onError: failed(i18n._('Update Failed')),
      },
    );
  };

  const target = pending?.admin;
  const dialog =
    pending?.kind === 'reset'
      ? {
          title: target?.status === 'invited' ? i18n._('Resend Invitation') : i18n._('Reset Two-factor'),
          description: i18n._(
            '{name} gets a new link by e-mail to choose a password and set up two-factor sign-in again. Their password, authenticator and recovery codes stop working and their sessions end at once.',
            { name: target?.name ?? '' },
          ),
          confirmLabel: target?.status === 'invited' ? i18n._('Send new link') : i18n._('Reset two-factor'),
        }
      : target?.status === 'inactive'
        ? {
            title: i18n._('Reactivate Admin'),
            description: i18n._('{name} can sign in again.', { name: target.name }),
            confirmLabel: i18n._('Reactivate'),
          }
        : {
            title: i18n._('Deactivate Admin'),
            description: i18n._('{name} can no longer sign in, and their sessions end at once.', { name: target?.name ?? '' }),
            confirmLabel: i18n._('Deactivate'),
          };

  return (
    <section aria-label={i18n._('Admins')} aria-busy={team.isFetching} className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <InviteAdminForm firstOwner={isSinglePasswordSession(me)} />
      {team.isPending ? (
        <Spinner label={i18n._('Loading admins...')} />
      ) : team.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(team.error, i18n._('Failed to load admins'))}
        </p>
      ) : (
        <>
          <ListSummary shown={rows.length} noun={/*i18n*/ '{count, plural, one {admin} other {admins}}'} updating={team.isPlaceholderData} />
          <DataList
            rows={rows}
            columns={columns}
            rowKey={(a) => a.id}
            caption={i18n._('Admin team')}
            empty={i18n._('No named admins yet. Invite the first owner above.')}
          />
          <LoadMore
            hasMore={team.hasNextPage}
            loading={team.isFetchingNextPage}
            onLoadMore={() => void team.fetchNextPage()}
            noun={/*i18n*/ '{count, plural, one {admin} other {admins}}'}
            shown={rows.length}
          />
        </>
      )}
      <ConfirmActionDialog
        open={!!pending}
        onOpenChange={(o) => !o && close()}
        {...dialog}
        onConfirm={confirm}
        pending={update.isPending || reset.isPending}
        destructive={pending?.kind === 'reset' || target?.status !== 'inactive'}
      />
    </section>
  );
}
